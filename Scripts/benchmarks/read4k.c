/* The physical limit for header validation: walk a folder, and for each regular file open it,
 * read its first 4 KiB and close it. Prints nothing but a count; used by Scripts/bench. */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <unistd.h>

static long files;

static int visit(const char *path, const struct stat *status, int type, struct FTW *ftw) {
    (void)status; (void)ftw;
    if (type != FTW_F) return 0;
    char buffer[4096];
    int fd = open(path, O_RDONLY);
    if (fd < 0) return 0;
    if (read(fd, buffer, sizeof buffer) >= 0) files++;
    close(fd);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: read4k FOLDER\n"); return 2; }
    if (nftw(argv[1], visit, 64, FTW_PHYS) != 0) { perror(argv[1]); return 1; }
    printf("%ld files\n", files);
    return 0;
}
