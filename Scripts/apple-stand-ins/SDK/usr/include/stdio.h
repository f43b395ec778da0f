// <stdio.h> as Darwin declares it, cut down to the calls soundcheck and its C shims make.
#ifndef STAND_IN_STDIO_H
#define STAND_IN_STDIO_H
#include <stddef.h>
#include <stdint.h>
#include "sys_types.h"
// FILE is a complete struct (its fields are the C library's); stdin, stdout and
// stderr are the overlay's, over __stdinp, __stdoutp and __stderrp.
typedef struct __sFILE {
    unsigned char *_p;
    int _r;
    int _w;
    short _flags;
    short _file;
    void *_cookie;
    int64_t _offset;
} FILE;
extern FILE *__stdinp;
extern FILE *__stdoutp;
extern FILE *__stderrp;
#define EOF (-1)
FILE *fopen(const char *restrict filename, const char *restrict mode);
FILE *fdopen(int fildes, const char *mode);
int fclose(FILE *stream);
int fflush(FILE *stream);
int fputs(const char *restrict s, FILE *restrict stream);
int fputc(int c, FILE *stream);
int putc(int c, FILE *stream);
int putchar(int c);
size_t fwrite(const void *restrict ptr, size_t size, size_t nitems, FILE *restrict stream);
size_t fread(void *restrict ptr, size_t size, size_t nitems, FILE *restrict stream);
int fgetc(FILE *stream);
char *fgets(char *restrict s, int n, FILE *restrict stream);
ssize_t getline(char **restrict linep, size_t *restrict linecapp, FILE *restrict stream);
int fileno(FILE *stream);
int setvbuf(FILE *restrict stream, char *restrict buf, int type, size_t size);
int rename(const char *old, const char *new_path);
int remove(const char *path);
int ferror(FILE *stream);
int feof(FILE *stream);

int snprintf(char *restrict str, size_t size, const char *restrict format, ...);
#endif
