/* The physical limit for header validation: for each regular file, open it, read its first
 * 4 KiB and close it. Prints nothing but a count; used by Scripts/bench.
 *   read4k [-j N] FOLDER            walk the folder
 *   read4k [-j N] FILE...           the files named (as soundcheck validate FILE... gets them)
 *   read4k [-j N] --files-from LIST the files listed, one a line
 * With -j N, N threads read the files (after a walk on one thread, as soundcheck walks), each
 * taking the next file from a shared counter: a reader on as many cores as soundcheck uses. */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char **paths;
static long count, capacity, next_path, files;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void add(const char *path) {
    if (count == capacity) {
        capacity = capacity ? capacity * 2 : 4096;
        paths = realloc(paths, capacity * sizeof *paths);
        if (!paths) { perror("realloc"); exit(1); }
    }
    paths[count++] = strdup(path);
}

static int read_head(const char *path) {
    char buffer[4096];
    int fd = open(path, O_RDONLY);
    if (fd < 0) return 0;
    int ok = read(fd, buffer, sizeof buffer) >= 0;
    close(fd);
    return ok;
}

static void *reader(void *unused) {
    (void)unused;
    long read_here = 0;
    for (;;) {
        long index = __atomic_fetch_add(&next_path, 1, __ATOMIC_RELAXED);
        if (index >= count) break;
        read_here += read_head(paths[index]);
    }
    pthread_mutex_lock(&lock);
    files += read_here;
    pthread_mutex_unlock(&lock);
    return NULL;
}

static int visit(const char *path, const struct stat *status, int type, struct FTW *ftw) {
    (void)status; (void)ftw;
    if (type == FTW_F) add(path);
    return 0;
}

int main(int argc, char **argv) {
    int threads = 1;
    if (argc >= 3 && strcmp(argv[1], "-j") == 0) {
        threads = atoi(argv[2]);
        if (threads < 1 || threads > 256) { fprintf(stderr, "read4k: -j takes 1 to 256\n"); return 2; }
        argv += 2;
        argc -= 2;
    }
    if (argc < 2) { fprintf(stderr, "usage: read4k [-j N] FOLDER | FILE... | --files-from LIST\n"); return 2; }
    struct stat status;
    if (argc == 3 && strcmp(argv[1], "--files-from") == 0) {
        FILE *list = fopen(argv[2], "r");
        if (!list) { perror(argv[2]); return 1; }
        char line[4096];
        while (fgets(line, sizeof line, list)) {
            line[strcspn(line, "\n")] = 0;
            if (line[0]) add(line);
        }
        fclose(list);
    } else if (argc == 2 && stat(argv[1], &status) == 0 && S_ISDIR(status.st_mode)) {
        if (nftw(argv[1], visit, 64, FTW_PHYS) != 0) { perror(argv[1]); return 1; }
    } else {
        for (int i = 1; i < argc; i++) add(argv[i]);
    }
    pthread_t workers[256];
    for (int i = 1; i < threads; i++) pthread_create(&workers[i], NULL, reader, NULL);
    reader(NULL);
    for (int i = 1; i < threads; i++) pthread_join(workers[i], NULL);
    printf("%ld files\n", files);
    return 0;
}
