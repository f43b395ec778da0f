// The same as read_libzip.c with minizip (zlib's contrib unzip).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <minizip/unzip.h>
static int is_sound(const char *name) {
    const char *dot = strrchr(name, '.');
    return dot && (!strcmp(dot, ".caf") || !strcmp(dot, ".wav") || !strcmp(dot, ".aiff") || !strcmp(dot, ".aifc"));
}
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3; }
static int cmp(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv) {
    int rounds = argc > 2 ? atoi(argv[2]) : 1;
    double times[1000]; unsigned long sum = 0; long sounds = 0;
    static unsigned char buffer[4096];
    char name[4096];
    for (int r = 0; r < rounds; r++) {
        double start = now();
        unzFile archive = unzOpen64(argv[1]);
        if (!archive) { fprintf(stderr, "cannot open\n"); return 1; }
        sounds = 0;
        for (int status = unzGoToFirstFile(archive); status == UNZ_OK; status = unzGoToNextFile(archive)) {
            unz_file_info64 info;
            if (unzGetCurrentFileInfo64(archive, &info, name, sizeof name, NULL, 0, NULL, 0) != UNZ_OK) break;
            if (strncmp(name, "Payload/", 8) || !is_sound(name)) continue;
            if (unzOpenCurrentFile(archive) != UNZ_OK) continue;
            int got = unzReadCurrentFile(archive, buffer, sizeof buffer);
            if (got > 0) sum += buffer[got - 1];
            unzCloseCurrentFile(archive);
            sounds++;
        }
        unzClose(archive);
        times[r] = now() - start;
    }
    qsort(times, rounds, sizeof(double), cmp);
    printf("%.0f %ld %lu\n", times[rounds / 2], sounds, sum);
    return 0;
}
