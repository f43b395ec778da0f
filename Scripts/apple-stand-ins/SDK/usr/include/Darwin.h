// Darwin's C library as the macOS 13 and iOS 16 SDKs declare it (64-bit), cut down to the calls,
// types and constants that soundcheck and swift-argument-parser use. Written for the Apple
// availability check (Scripts/apple-availability), never compiled into soundcheck. The shapes are
// Darwin's where they differ from glibc's, so that code written against glibc fails here: mode_t is
// 16 bits, `struct stat` has st_mtimespec, DIR and FILE are complete structs, pthread_t a pointer.
#ifndef STAND_IN_DARWIN_H
#define STAND_IN_DARWIN_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include "sys_types.h"

#define STAND_IN_AVAILABLE(macos_version, ios_version) \
    __attribute__((availability(macos, introduced = macos_version))) \
    __attribute__((availability(ios, introduced = ios_version)))

// <sys/_types/_timespec.h>, <time.h>
struct timespec {
    time_t tv_sec;
    long tv_nsec;
};
typedef enum {
    _CLOCK_REALTIME STAND_IN_AVAILABLE(10.12, 10.0) = 0,
    _CLOCK_MONOTONIC STAND_IN_AVAILABLE(10.12, 10.0) = 6,
    _CLOCK_MONOTONIC_RAW STAND_IN_AVAILABLE(10.12, 10.0) = 4,
    _CLOCK_UPTIME_RAW STAND_IN_AVAILABLE(10.12, 10.0) = 8,
} clockid_t;
#define CLOCK_REALTIME _CLOCK_REALTIME
#define CLOCK_MONOTONIC _CLOCK_MONOTONIC
#define CLOCK_MONOTONIC_RAW _CLOCK_MONOTONIC_RAW
#define CLOCK_UPTIME_RAW _CLOCK_UPTIME_RAW
STAND_IN_AVAILABLE(10.12, 10.0)
int clock_gettime(clockid_t clock_id, struct timespec *tp);
int nanosleep(const struct timespec *rqtp, struct timespec *rmtp);
time_t time(time_t *tloc);

// <sys/stat.h> (64-bit inodes). The S_IF… constants are the overlay's, typed mode_t.
struct stat {
    dev_t st_dev;
    mode_t st_mode;
    nlink_t st_nlink;
    ino_t st_ino;
    uid_t st_uid;
    gid_t st_gid;
    dev_t st_rdev;
    struct timespec st_atimespec;
    struct timespec st_mtimespec;
    struct timespec st_ctimespec;
    struct timespec st_birthtimespec;
    off_t st_size;
    blkcnt_t st_blocks;
    blksize_t st_blksize;
    uint32_t st_flags;
    uint32_t st_gen;
    int32_t st_lspare;
    int64_t st_qspare[2];
};
int stat(const char *path, struct stat *buf);
int lstat(const char *path, struct stat *buf);
int fstat(int fildes, struct stat *buf);
STAND_IN_AVAILABLE(10.10, 8.0)
int fstatat(int fd, const char *path, struct stat *buf, int flag);
int mkdir(const char *path, mode_t mode);
mode_t umask(mode_t cmask);
int chmod(const char *path, mode_t mode);
int fchmod(int fildes, mode_t mode);

// <fcntl.h>: open, openat and fcntl are variadic in C; the overlay declares them for Swift.
#define O_RDONLY 0x0000
#define O_WRONLY 0x0001
#define O_RDWR 0x0002
#define O_NONBLOCK 0x00000004
#define O_APPEND 0x00000008
#define O_NOFOLLOW 0x00000100
#define O_CREAT 0x00000200
#define O_TRUNC 0x00000400
#define O_EXCL 0x00000800
#define O_DIRECTORY 0x00100000
#define O_CLOEXEC 0x01000000
#define AT_FDCWD -2
#define AT_SYMLINK_NOFOLLOW 0x0020
#define F_GETFL 3
#define F_SETFL 4
#define F_FULLFSYNC 51
int open(const char *path, int oflag, ...);
int fcntl(int fildes, int cmd, ...);

// <unistd.h>
#define F_OK 0
#define X_OK (1 << 0)
#define W_OK (1 << 1)
#define R_OK (1 << 2)
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#define _SC_NPROCESSORS_CONF 57
#define _SC_NPROCESSORS_ONLN 58
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
int close(int fildes);
ssize_t read(int fildes, void *buf, size_t nbyte);
ssize_t write(int fildes, const void *buf, size_t nbyte);
ssize_t pread(int fildes, void *buf, size_t nbyte, off_t offset);
ssize_t pwrite(int fildes, const void *buf, size_t nbyte, off_t offset);
off_t lseek(int fildes, off_t offset, int whence);
int ftruncate(int fildes, off_t length);
int fsync(int fildes);
int unlink(const char *path);
int rmdir(const char *path);
int link(const char *path1, const char *path2);
int symlink(const char *path1, const char *path2);
ssize_t readlink(const char *path, char *buf, size_t bufsize);
int access(const char *path, int mode);
char *getcwd(char *buf, size_t size);
int isatty(int fildes);
int dup(int fildes);
int dup2(int fildes, int fildes2);
int pipe(int fildes[2]);
long sysconf(int name);
pid_t getpid(void);
int usleep(useconds_t microseconds);

// <stdlib.h>
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
void exit(int status) __attribute__((noreturn));
void _exit(int status) __attribute__((noreturn));
void abort(void) __attribute__((noreturn));
char *getenv(const char *name);
int setenv(const char *name, const char *value, int overwrite);
int unsetenv(const char *name);
void *malloc(size_t size);
void *calloc(size_t count, size_t size);
void *realloc(void *ptr, size_t size);
void free(void *ptr);
char *realpath(const char *restrict file_name, char *restrict resolved_name);
int mkstemp(char *template_path);
char *mkdtemp(char *template_path);

// <math.h>: what the loudness meter, the limiter and the normalisation call.
double pow(double x, double y);
double exp(double x);
double log10(double x);
double sin(double x);
double cos(double x);
double tan(double x);
float sinf(float x);

// <string.h>
char *strerror(int errnum);
size_t strlen(const char *s);
int strcmp(const char *s1, const char *s2);
int strncmp(const char *s1, const char *s2, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strdup(const char *s1);
int memcmp(const void *s1, const void *s2, size_t n);
void *memchr(const void *s, int c, size_t n);
void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t len);
void *memset(void *b, int c, size_t len);

// <signal.h>: SIG_IGN and SIG_DFL are the overlay's.
#define SIGINT 2
#define SIGKILL 9
#define SIGPIPE 13
#define SIGTERM 15
#define SIGXFSZ 25
typedef void (*sig_t)(int);
void (*signal(int sig, void (*func)(int)))(int);
int raise(int sig);
int kill(pid_t pid, int sig);

// <dirent.h>: DIR is a complete struct on Darwin (glibc's is opaque).
#define DT_UNKNOWN 0
#define DT_FIFO 1
#define DT_CHR 2
#define DT_DIR 4
#define DT_BLK 6
#define DT_REG 8
#define DT_LNK 10
#define DT_SOCK 12
struct dirent {
    ino_t d_ino;
    uint64_t d_seekoff;
    uint16_t d_reclen;
    uint16_t d_namlen;
    uint8_t d_type;
    char d_name[1024];
};
struct _telldir;
typedef struct _opaque_pthread_mutex_t {
    long __sig;
    char __opaque[56];
} pthread_mutex_t;
typedef struct {
    int __dd_fd;
    long __dd_loc;
    long __dd_size;
    char *__dd_buf;
    int __dd_len;
    long __dd_seek;
    long __padding;
    int __dd_flags;
    pthread_mutex_t __dd_lock;
    struct _telldir *__dd_td;
} DIR;
DIR *opendir(const char *dirname);
STAND_IN_AVAILABLE(10.10, 8.0)
DIR *fdopendir(int fd);
struct dirent *readdir(DIR *dirp);
int closedir(DIR *dirp);
int dirfd(DIR *dirp);

// <fnmatch.h>
#define FNM_NOMATCH 1
#define FNM_NOESCAPE 0x01
#define FNM_PATHNAME 0x02
#define FNM_PERIOD 0x04
int fnmatch(const char *pattern, const char *string, int flags);

// <pthread.h>
struct __darwin_pthread_handler_rec {
    void (*__routine)(void *);
    void *__arg;
    struct __darwin_pthread_handler_rec *__next;
};
typedef struct _opaque_pthread_t {
    long __sig;
    struct __darwin_pthread_handler_rec *__cleanup_stack;
    char __opaque[8176];
} *pthread_t;
typedef struct _opaque_pthread_mutexattr_t {
    long __sig;
    char __opaque[8];
} pthread_mutexattr_t;
int pthread_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *attr);
int pthread_mutex_destroy(pthread_mutex_t *mutex);
int pthread_mutex_lock(pthread_mutex_t *mutex);
int pthread_mutex_trylock(pthread_mutex_t *mutex);
int pthread_mutex_unlock(pthread_mutex_t *mutex);
pthread_t pthread_self(void);

// <sys/ioctl.h>, <sysexits.h>, <limits.h>
struct winsize {
    unsigned short ws_row;
    unsigned short ws_col;
    unsigned short ws_xpixel;
    unsigned short ws_ypixel;
};
#define TIOCGWINSZ 0x40087468UL
#define EX_USAGE 64
#define PATH_MAX 1024
#endif
