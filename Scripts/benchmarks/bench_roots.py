#!/usr/bin/env python3
"""`validate .` at the roots of repositories against ripgrep reading the same trees: for each root,
`soundcheck validate --format json .` and `rg -l --no-ignore -g '!node_modules' -g '!Pods' -g '!build'
-g '!vendor' -g '!Carthage' sound .`, interleaved over N rounds after a warm-up round (medians, the
per-round ratio's min–max), the files in the tree, and whether it holds an Xcode project (the goal:
at most 2× ripgrep, at most 1.5× where there is none). The repositories are the user's own
checkouts (public apps fetched for the measurement; none is committed).
  bench_roots.py SOUNDCHECK [--rounds N] ROOT...
"""
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

arguments = sys.argv[1:]
soundcheck = os.path.abspath(arguments.pop(0))
rounds = 11
if "--rounds" in arguments:
    at = arguments.index("--rounds")
    rounds = int(arguments[at + 1])
    del arguments[at:at + 2]
if not arguments:
    raise SystemExit("usage: Scripts/bench roots [--rounds N] ROOT...")
ripgrep = shutil.which("rg")
if ripgrep is None:
    raise SystemExit("bench roots: needs ripgrep (`rg`; Debian's package ripgrep)")
# Exactly the anchor of issue 50: the folders a repository's root holds that ripgrep should not read.
RIPGREP = [ripgrep, "-l", "--no-ignore", "-g", "!node_modules", "-g", "!Pods", "-g", "!build", "-g", "!vendor",
           "-g", "!Carthage", "sound", "."]
SKIPPED = {"node_modules", "Pods", "build", "vendor", "Carthage", ".git"}


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command, root, accepted):
    """The wall time and the CPU time of one run."""
    cpu = children_cpu()
    start = time.perf_counter()
    result = subprocess.run(command, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = (time.perf_counter() - start, children_cpu() - cpu)
    if result.returncode == 2 and b"no sound files found" in result.stderr:
        return elapsed  # a backend alone ships no sound: the walk and the code reading still ran
    if result.returncode not in accepted:
        raise SystemExit(f"{root}: {' '.join(command)} failed ({result.returncode}): {result.stderr.decode()}")
    return elapsed


def census(root):
    """The files in the tree (every regular file but .git's) and whether an Xcode project is among
    the folders ripgrep reads."""
    files, xcode = 0, False
    for folder, folders, names in os.walk(root):
        if ".git" in folders:
            folders.remove(".git")
        files += len(names)
        if not xcode and not SKIPPED.intersection(os.path.relpath(folder, root).split(os.sep)):
            xcode = any(name.endswith(".xcodeproj") and os.path.isfile(os.path.join(folder, name, "project.pbxproj"))
                        for name in folders)
    return files, xcode


print(f"validate . against ripgrep at each root ({rounds} rounds, interleaved, medians; per-round ratio min–max):")
print("| root | files | Xcode project | soundcheck | ripgrep | ratio (min–max) | goal | CPU: soundcheck, ripgrep, ratio |")
print("|---|---|---|---|---|---|---|---|")
worst = []
for root in arguments:
    files, xcode = census(root)
    commands = {"soundcheck": ([soundcheck, "validate", "--format", "json", "."], (0, 1)), "ripgrep": (RIPGREP, (0, 1))}
    for command, accepted in commands.values():
        timed(command, root, accepted)  # warm the page cache
    times = {name: [] for name in commands}
    for _ in range(rounds):
        for name, (command, accepted) in commands.items():
            times[name].append(timed(command, root, accepted))
    cpu = {name: statistics.median(run[1] for run in values) for name, values in times.items()}
    times = {name: [run[0] for run in values] for name, values in times.items()}
    medians = {name: statistics.median(values) for name, values in times.items()}
    per_round = [ours / theirs for ours, theirs in zip(times["soundcheck"], times["ripgrep"])]
    ratio = medians["soundcheck"] / medians["ripgrep"]
    goal = 2.0 if xcode else 1.5
    worst.append(ratio / goal)
    print(f"| {os.path.basename(os.path.abspath(root))} | {files:,} | {'yes' if xcode else 'no'} "
          f"| {medians['soundcheck'] * 1000:.1f} ms | {medians['ripgrep'] * 1000:.1f} ms "
          f"| {ratio:.2f}× ({min(per_round):.2f}–{max(per_round):.2f}) | {'met' if ratio <= goal else 'NOT met'} (≤ {goal}×) "
          f"| {cpu['soundcheck'] * 1000:.0f} ms, {cpu['ripgrep'] * 1000:.0f} ms, {cpu['soundcheck'] / max(cpu['ripgrep'], 1e-6):.2f}× |",
          flush=True)
print(f"roots within their goal: {sum(1 for share in worst if share <= 1)}/{len(worst)}")
