"""The two timed rows of `Scripts/bench convert` that issue 36 holds to half of ffmpeg's time, on
their own and faster to repeat: each soundcheck binary given converts the convert corpus to
LEI16@22050 (soxr best, the default) and to ima4, against ffmpeg -ar 22050 (swr) and ffmpeg's
adpcm_ima_qt, the first 29.9 s of each file; ROUNDS interleaved rounds; the median wall and CPU
time of each row, and the median and spread of each round's wall-time ratio to its ffmpeg row.

Usage: bench_convert_time.py CORPUS_DIR SOUNDCHECK... [--rounds N]
"""
import argparse
import os
import resource
import statistics
import subprocess
import tempfile
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    inputs = sorted(os.path.join(args.corpus, name) for name in os.listdir(args.corpus))
    work = tempfile.mkdtemp()

    def ffmpeg(*codec):
        return lambda source, out: ["ffmpeg", "-nostdin", "-v", "error", "-y", "-t", "29.9", "-i", source, *codec, "-f", "caf", out]

    rows = {}
    for binary in args.binaries:
        name = os.path.basename(binary)
        rows[f"{name} LEI16"] = (lambda b: lambda source, out: [b, "convert", source, out, "-d", "LEI16@22050"])(binary)
        rows[f"{name} ima4"] = (lambda b: lambda source, out: [b, "convert", source, out, "-d", "ima4"])(binary)
    rows["ffmpeg swr"] = ffmpeg("-ar", "22050", "-c:a", "pcm_s16le")
    rows["ffmpeg ima4"] = ffmpeg("-c:a", "adpcm_ima_qt")
    wall = {row: [] for row in rows}
    cpu = {row: [] for row in rows}
    for _ in range(args.rounds):
        for row, command in rows.items():
            elapsed = 0.0
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            for index, source in enumerate(inputs):
                start = time.perf_counter()
                subprocess.run(command(source, os.path.join(work, f"{index}.caf")), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                elapsed += time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            wall[row].append(elapsed)
            cpu[row].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    print(f"{len(inputs)} files, {args.rounds} interleaved rounds; load average {os.getloadavg()[0]:.1f}")
    for row in rows:
        peer = "ffmpeg ima4" if row.endswith("ima4") else "ffmpeg swr"
        ratios = [a / b for a, b in zip(wall[row], wall[peer])]
        print(f"{row:24} wall {statistics.median(wall[row]):5.2f} s  CPU {statistics.median(cpu[row]):5.2f} s  "
              f"vs {peer}: wall {statistics.median(ratios):.2f}x (rounds {min(ratios):.2f}-{max(ratios):.2f}), "
              f"CPU {statistics.median(cpu[row]) / statistics.median(cpu[peer]):.2f}x")


main()
