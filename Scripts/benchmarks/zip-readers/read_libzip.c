// Lists every entry of an .ipa and reads the first 4 KiB (what a header parse reads) of each sound under Payload/*.app/ with
// libzip; prints the in-process time in microseconds (median of ROUNDS) and a checksum.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zip.h>
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
    for (int r = 0; r < rounds; r++) {
        double start = now();
        int error = 0;
        zip_t *archive = zip_open(argv[1], ZIP_RDONLY, &error);
        if (!archive) { fprintf(stderr, "cannot open\n"); return 1; }
        zip_int64_t count = zip_get_num_entries(archive, 0);
        sounds = 0;
        for (zip_int64_t i = 0; i < count; i++) {
            const char *name = zip_get_name(archive, i, 0);
            if (!name || strncmp(name, "Payload/", 8) || !is_sound(name)) continue;
            zip_file_t *file = zip_fopen_index(archive, i, 0);
            if (!file) continue;
            zip_int64_t got = zip_fread(file, buffer, sizeof buffer);
            if (got > 0) sum += buffer[got - 1];
            zip_fclose(file);
            sounds++;
        }
        zip_discard(archive);
        times[r] = now() - start;
    }
    qsort(times, rounds, sizeof(double), cmp);
    printf("%.0f %ld %lu\n", times[rounds / 2], sounds, sum);
    return 0;
}
