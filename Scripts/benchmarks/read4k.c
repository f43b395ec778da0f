/* The physical limit for header validation: for each regular file, open it, read its first
 * 4 KiB and close it. Prints nothing but a count; used by Scripts/bench.
 *   read4k FOLDER            walk the folder
 *   read4k FILE...           the files named (as soundcheck validate FILE... gets them)
 *   read4k --files-from LIST the files listed, one a line */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static long files;

static void read_head(const char *path) {
    char buffer[4096];
    int fd = open(path, O_RDONLY);
    if (fd < 0) return;
    if (read(fd, buffer, sizeof buffer) >= 0) files++;
    close(fd);
}

static int visit(const char *path, const struct stat *status, int type, struct FTW *ftw) {
    (void)status; (void)ftw;
    if (type == FTW_F) read_head(path);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: read4k FOLDER | FILE... | --files-from LIST\n"); return 2; }
    struct stat status;
    if (argc == 3 && strcmp(argv[1], "--files-from") == 0) {
        FILE *list = fopen(argv[2], "r");
        if (!list) { perror(argv[2]); return 1; }
        char line[4096];
        while (fgets(line, sizeof line, list)) {
            line[strcspn(line, "\n")] = 0;
            if (line[0]) read_head(line);
        }
        fclose(list);
    } else if (argc == 2 && stat(argv[1], &status) == 0 && S_ISDIR(status.st_mode)) {
        if (nftw(argv[1], visit, 64, FTW_PHYS) != 0) { perror(argv[1]); return 1; }
    } else {
        for (int i = 1; i < argc; i++) read_head(argv[i]);
    }
    printf("%ld files\n", files);
    return 0;
}
