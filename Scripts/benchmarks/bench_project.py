#!/usr/bin/env python3
"""`Scripts/bench project`: `soundcheck validate X.xcodeproj` on each real project of
../shared/corpus/projects, as a whole process, against the PyPI package pbxproj listing the same
resources (pbxproj-resources.py) in the same run, runs interleaved. Medians of N rounds."""
import glob
import os
import statistics
import subprocess
import sys
import time

soundcheck, script, corpus = sys.argv[1], sys.argv[2], sys.argv[3]
rounds = int(sys.argv[5]) if len(sys.argv) > 5 and sys.argv[4] == "--rounds" else 7


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


rows = []
for xcodeproj in sorted(glob.glob(os.path.join(corpus, "*", "*.xcodeproj"))):
    pbxproj = os.path.join(xcodeproj, "project.pbxproj")
    ours, theirs = [], []
    for _ in range(rounds):
        ours.append(timed([soundcheck, "validate", xcodeproj]))
        theirs.append(timed([sys.executable, script, pbxproj]))
    rows.append((os.path.basename(os.path.dirname(xcodeproj)), os.path.getsize(pbxproj), statistics.median(ours), statistics.median(theirs)))

print(f"{'project':<16}{'pbxproj KiB':>12}{'soundcheck ms':>15}{'pbxproj (py) ms':>17}{'ratio':>8}")
for name, size, ours, theirs in rows:
    print(f"{name:<16}{size / 1024:>12.0f}{ours * 1000:>15.1f}{theirs * 1000:>17.1f}{theirs / ours:>7.1f}x")
ratios = [theirs / ours for _, _, ours, theirs in rows]
print(f"median ratio {statistics.median(ratios):.1f}x, smallest {min(ratios):.1f}x (target: at least 10x), {rounds} rounds, medians")
