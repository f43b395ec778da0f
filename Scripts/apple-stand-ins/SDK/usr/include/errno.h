// <errno.h> as Darwin declares it: `errno` is the Swift overlay's (Darwin.swift), over __error().
#ifndef STAND_IN_ERRNO_H
#define STAND_IN_ERRNO_H
extern int *__error(void);
#define EPERM 1
#define ENOENT 2
#define EINTR 4
#define EIO 5
#define EBADF 9
#define ENOMEM 12
#define EACCES 13
#define EEXIST 17
#define EXDEV 18
#define ENOTDIR 20
#define EISDIR 21
#define EINVAL 22
#define ENOSPC 28
#define EROFS 30
#define ERANGE 34
#define EAGAIN 35
#define ELOOP 62
#define ENAMETOOLONG 63
#define ENOTEMPTY 66

#endif
