#!/usr/bin/env python3
"""The cost of the code reading at real repositories' roots: `validate .` against
`validate --no-names .`, interleaved over N rounds, as medians, the spread of the per-round
ratio, and the ratio of the medians. The repositories are the user's own checkouts (public apps
fetched for the measurement; none is committed).
  bench_names.py SOUNDCHECK [--rounds N] REPOSITORY...
"""
import os
import statistics
import subprocess
import sys
import time

arguments = sys.argv[1:]
soundcheck = os.path.abspath(arguments.pop(0))
rounds = 21
if "--rounds" in arguments:
    at = arguments.index("--rounds")
    rounds = int(arguments[at + 1])
    del arguments[at:at + 2]
if not arguments:
    raise SystemExit("usage: Scripts/bench names [--rounds N] REPOSITORY...")


def timed(command, root):
    start = time.perf_counter()
    result = subprocess.run(command, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if result.returncode not in (0, 1):
        raise SystemExit(f"{root}: {' '.join(command[1:])} failed ({result.returncode}): {result.stderr.decode()}")
    return elapsed


print(f"validate at each repository's root ({rounds} rounds, medians; per-round ratio min–max):")
for root in arguments:
    commands = {
        "names": [soundcheck, "validate", "--format", "json", "."],
        "no-names": [soundcheck, "validate", "--format", "json", "--no-names", "."],
    }
    files = sum(len(names) for _, _, names in os.walk(root))
    for command in commands.values():
        timed(command, root)  # warm the page cache
    times = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            times[name].append(timed(command, root))
    ratios = [with_names / without for with_names, without in zip(times["names"], times["no-names"])]
    names, without = statistics.median(times["names"]), statistics.median(times["no-names"])
    print(f"  {os.path.basename(os.path.abspath(root)):<44} {files:>6} files  validate {names * 1000:7.1f} ms"
          f"  --no-names {without * 1000:7.1f} ms  {names / without:.2f}x ({min(ratios):.2f}–{max(ratios):.2f})")
