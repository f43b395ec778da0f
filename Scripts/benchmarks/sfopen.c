/* The libsndfile peer: walk a folder and sf_open each regular file, printing
 * "path<TAB>seconds" for the files it can open and "path<TAB>-" for the others. */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <sndfile.h>
#include <stdio.h>

static int visit(const char *path, const struct stat *status, int type, struct FTW *ftw) {
    (void)status; (void)ftw;
    if (type != FTW_F) return 0;
    SF_INFO info = {0};
    SNDFILE *file = sf_open(path, SFM_READ, &info);
    if (file == NULL || info.samplerate <= 0) {
        printf("%s\t-\n", path);
    } else {
        printf("%s\t%.6f\n", path, (double)info.frames / info.samplerate);
    }
    if (file != NULL) sf_close(file);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: sfopen FOLDER\n"); return 2; }
    if (nftw(argv[1], visit, 64, FTW_PHYS) != 0) { perror(argv[1]); return 1; }
    return 0;
}
