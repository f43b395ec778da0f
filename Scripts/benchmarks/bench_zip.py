#!/usr/bin/env python3
"""`Scripts/bench zip`: the three zip readers soundcheck could use for .ipa archives (minizip,
libzip, ZIPFoundation), each listing a synthetic .ipa and reading the first 4 KiB of every sound
under Payload/*.app/ (what a header parse reads), in the same run. In-process time (each reader's
own median of ROUNDS) and whole-process time (median of ROUNDS runs), then each reader's answer to
hostile archives.
  bench_zip.py BUILD_DIR READER… --rounds N"""
import os
import statistics
import subprocess
import sys
import time

build = sys.argv[1]
readers = [r for r in sys.argv[2:] if not r.startswith("--") and not r.isdigit()]
rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 11


def whole(command):
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


print(f"{'archive':<12}{'reader':<22}{'in-process ms':>15}{'process ms':>12}{'sounds':>8}")
for archive in ("small", "big"):
    path = os.path.join(build, archive + ".ipa")
    results = []
    for reader in readers:
        out = subprocess.run([reader, path, str(rounds)], capture_output=True, text=True).stdout.split()
        results.append((os.path.basename(reader), float(out[0]) / 1000, whole([reader, path, "1"]), out[1]))
    fastest = min(r[1] for r in results)
    for name, inside, process, sounds in results:
        print(f"{archive:<12}{name:<22}{inside:>12.2f} ({inside / fastest:.2f}x){process:>9.1f}{sounds:>8}")

print("\nhostile archives (what each reader does; soundcheck turns a refusal into a named error):")
for case in ("trunc-cd", "trunc-end", "zip64", "bomb", "evil", "bad-offset"):
    answers = []
    for reader in readers:
        done = subprocess.run([reader, os.path.join(build, case + ".ipa"), "1"], capture_output=True, text=True)
        answers.append(f"{os.path.basename(reader)}: {'refused' if done.returncode else 'read ' + done.stdout.split()[1] + ' sounds'}")
    print(f"  {case:<11}" + "; ".join(answers))
