#!/usr/bin/env python3
"""The cost of the code reading at real repositories' roots: `validate .` against the same run
with the names cross-check's rules off (the code still read for what each sound is for) and
against `validate --no-names .` (no code read), interleaved over N rounds, as medians, the spread
of the per-round ratio, and the ratio of the medians. The repositories are the user's own
checkouts (public apps fetched for the measurement; none is committed).
  bench_names.py SOUNDCHECK [--rounds N] REPOSITORY...
"""
import os
import statistics
import subprocess
import sys
import tempfile
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


# The cross-check's findings turned off: the run reads the code for purposes only.
rules_off = tempfile.NamedTemporaryFile("w", suffix=".yml", delete=False)
rules_off.write("rules:\n  unknown-sound-name: off\n  names-at-run-time: off\n")
rules_off.close()

print(f"validate at each repository's root ({rounds} rounds, medians; per-round ratio min–max):")
for root in arguments:
    commands = {
        "names": [soundcheck, "validate", "--format", "json", "."],
        "cross-check-off": [soundcheck, "validate", "--format", "json", "--config", rules_off.name, "."],
        "no-names": [soundcheck, "validate", "--format", "json", "--no-names", "."],
    }
    files = sum(len(names) for _, _, names in os.walk(root))
    for command in commands.values():
        timed(command, root)  # warm the page cache
    times = {name: [] for name in commands}
    for _ in range(rounds):
        for name, command in commands.items():
            times[name].append(timed(command, root))
    medians = {name: statistics.median(values) for name, values in times.items()}

    def ratio(baseline):
        per_round = [with_names / without for with_names, without in zip(times["names"], times[baseline])]
        return f"{medians['names'] / medians[baseline]:.2f}x ({min(per_round):.2f}–{max(per_round):.2f})"

    print(f"  {os.path.basename(os.path.abspath(root)):<44} {files:>6} files  validate {medians['names'] * 1000:7.1f} ms"
          f"  cross-check off {medians['cross-check-off'] * 1000:7.1f} ms {ratio('cross-check-off')}"
          f"  --no-names {medians['no-names'] * 1000:7.1f} ms {ratio('no-names')}")
os.unlink(rules_off.name)
