// <dlfcn.h> as Darwin declares it: the calls the C shims and SharedLibraries make.
#ifndef STAND_IN_DLFCN_H
#define STAND_IN_DLFCN_H
#define RTLD_LAZY 0x1
#define RTLD_NOW 0x2
#define RTLD_LOCAL 0x4
#define RTLD_GLOBAL 0x8
#define RTLD_NOLOAD 0x10
#define RTLD_FIRST 0x100
extern void *dlopen(const char *__path, int __mode);
extern void *dlsym(void *__handle, const char *__symbol);
extern int dlclose(void *__handle);
extern char *dlerror(void);
#endif
