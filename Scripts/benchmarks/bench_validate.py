"""`Scripts/bench validate`: times header validation of a generated corpus by soundcheck and its
peers in the same run, interleaved, and reports medians, ratios and each tool's accuracy.

Usage: bench_validate.py SOUNDCHECK READ4K SFOPEN CORPUS_DIR [--shapes DIR] [--rounds N] [--sample N]

The reader is timed on one thread and on as many as soundcheck uses (every core). With --shapes,
the forms are timed again over a second corpus in the shapes apps ship (files over 64 KiB,
chunks after the audio data, long IMA4 CAFs: make-shapes-corpus), against the reader on every
core, each form's spread (min–max of its ratio per round) beside its median.
"""
import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import time


def run(command, capture=True):
    """Runs a command; returns (seconds, stdout, peak RSS in KiB of this child). The clock stops
    when the process has ended and its output has been read, before Python decodes that output:
    decoding soundcheck's 650 KB report as text took 0.4 ms, which the reader's one line does not."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, (done.stdout or b"").decode("utf-8", "replace"), max(peak, before), done.returncode


def read_truth(path):
    truth = {}
    with open(path) as handle:
        for line in handle:
            name, seconds = line.rstrip("\n").split("\t")
            truth[name] = None if seconds == "-" else float(seconds)
    return truth


def accuracy(truth, claimed):
    """Share of files with a real duration whose claimed duration is within 2 ms."""
    judged = [name for name, seconds in truth.items() if seconds is not None]
    right = sum(1 for name in judged if claimed.get(name) is not None and abs(claimed[name] - truth[name]) <= 0.002)
    return right, len(judged)


def soundcheck_durations(output, corpus):
    import json
    durations = {}
    for entry in json.loads(output)["files"]:
        name = os.path.relpath(entry["path"], corpus)
        durations[name] = entry["duration"]
    return durations


def tab_durations(output, corpus):
    durations = {}
    for line in output.splitlines():
        path, _, seconds = line.rpartition("\t")
        name = os.path.relpath(path, corpus)
        try:
            durations[name] = float(seconds)
        except ValueError:
            durations[name] = None
    return durations


def per_file_tool(command_for, paths):
    """Runs a per-file command over `paths`; returns (seconds, {path: duration or None})."""
    durations = {}
    start = time.perf_counter()
    for path in paths:
        done = subprocess.run(command_for(path), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            durations[path] = float(done.stdout.strip().splitlines()[0]) if done.returncode == 0 else None
        except (ValueError, IndexError):
            durations[path] = None
    return time.perf_counter() - start, durations


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("soundcheck")
    parser.add_argument("read4k")
    parser.add_argument("sfopen")
    parser.add_argument("corpus_dir")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--sample", type=int, default=200)
    parser.add_argument("--shapes")
    args = parser.parse_args()
    if args.shapes:
        shapes(args)
    corpus = os.path.join(args.corpus_dir, "corpus")
    truth = read_truth(os.path.join(args.corpus_dir, "TRUTH.tsv"))
    files = len(truth)

    # The same files in the three forms a user gives them: a folder, paths as arguments (what
    # `xargs` passes), and a list (`--files-from`).
    paths = sorted(os.path.join(corpus, name) for name in truth)
    listing = os.path.join(args.corpus_dir, "paths.txt")
    with open(listing, "w") as handle:
        handle.write("\n".join(paths) + "\n")
    tools = {
        "soundcheck validate": [args.soundcheck, "validate", "--format", "json", corpus],
        "C read 4 KiB (limit)": [args.read4k, corpus],
        f"C read 4 KiB, {CORES} threads": [args.read4k, "-j", str(CORES), corpus],
        "soundcheck, paths as arguments": [args.soundcheck, "validate", "--format", "json", *paths],
        "C read 4 KiB, paths as arguments": [args.read4k, *paths],
        f"C read 4 KiB, arguments, {CORES} thr.": [args.read4k, "-j", str(CORES), *paths],
        "soundcheck --files-from": [args.soundcheck, "validate", "--format", "json", "--files-from", listing],
        "C read 4 KiB --files-from": [args.read4k, "--files-from", listing],
        f"C read 4 KiB --files-from, {CORES} thr.": [args.read4k, "-j", str(CORES), "--files-from", listing],
        "C libsndfile sf_open": [args.sfopen, corpus],
    }
    # Every other report format over the folder, as CI runs them (the GitHub Action: github), timed
    # in the same rounds and compared with --format json: a slow escape shows here.
    formats = ["text", "github", "junit", "sarif", "checkstyle", "gitlab", "markdown", "xcode"]
    tools.update({f"--format {fmt}": [args.soundcheck, "validate", "--format", fmt, corpus] for fmt in formats})
    times = {name: [] for name in tools}
    outputs = {}
    peaks = {}
    for name, command in tools.items():  # warm the page cache and the binaries once
        run(command)
    for _ in range(args.rounds):
        for name, command in tools.items():
            seconds, output, peak, _ = run(command)
            times[name].append(seconds)
            outputs[name] = output
    medians = {name: statistics.median(values) for name, values in times.items()}

    claimed = {
        "soundcheck validate": soundcheck_durations(outputs["soundcheck validate"], corpus),
        "soundcheck, paths as arguments": soundcheck_durations(outputs["soundcheck, paths as arguments"], corpus),
        "soundcheck --files-from": soundcheck_durations(outputs["soundcheck --files-from"], corpus),
        "C libsndfile sf_open": tab_durations(outputs["C libsndfile sf_open"], corpus),
    }

    rng = random.Random(42)
    sample = sorted(rng.sample(sorted(truth), min(args.sample, files)))
    sample_truth = {name: truth[name] for name in sample}
    per_file = {}
    for name, command_for in (
        ("soxi -D (per file)", lambda path: ["soxi", "-D", os.path.join(corpus, path)]),
        ("ffprobe (per file)", lambda path: ["ffprobe", "-v", "error", "-show_entries", "format=duration",
                                               "-of", "csv=p=0", os.path.join(corpus, path)]),
    ):
        seconds, durations = per_file_tool(command_for, sample)
        per_file[name] = (seconds / len(sample), durations)

    limit = medians["C read 4 KiB (limit)"]
    ours = medians["soundcheck validate"]
    print(f"corpus: {files} files (40 distinct x {files // 40} hard-linked copies), {args.rounds} interleaved rounds, medians")
    print(f"{'tool':28} {'median':>10} {'per file':>10} {'vs soundcheck':>14} {'accuracy (duration within 2 ms)':>34}")
    for name in tools:
        if name.startswith("--format "):
            continue
        right, judged = accuracy(truth, claimed[name]) if name in claimed else (None, None)
        acc = f"{right}/{judged} ({100 * right / judged:.1f}%)" if judged else "n/a (reads bytes only)"
        print(f"{name:28} {medians[name] * 1000:8.1f} ms {medians[name] / files * 1e6:7.1f} µs {medians[name] / ours:13.2f}x {acc:>34}")
    for name, (per, durations) in per_file.items():
        right, judged = accuracy(sample_truth, durations)
        print(f"{name:28} {per * files * 1000:8.0f} ms {per * 1e6:7.0f} µs {per * files / ours:13.1f}x "
              f"{f'{right}/{judged} ({100 * right / judged:.1f}%)':>34}   (sampled on {len(sample)} files, scaled)")
    print()
    print(f"soundcheck / physical limit: folder {ours / limit:.2f}x, "
          f"arguments {medians['soundcheck, paths as arguments'] / medians['C read 4 KiB, paths as arguments']:.2f}x, "
          f"--files-from {medians['soundcheck --files-from'] / medians['C read 4 KiB --files-from']:.2f}x (target <= 2x)")
    print(f"soundcheck / the reader on {CORES} threads: folder {ours / medians[f'C read 4 KiB, {CORES} threads']:.2f}x, "
          f"arguments {medians['soundcheck, paths as arguments'] / medians[f'C read 4 KiB, arguments, {CORES} thr.']:.2f}x, "
          f"--files-from {medians['soundcheck --files-from'] / medians[f'C read 4 KiB --files-from, {CORES} thr.']:.2f}x (target <= 2x)")
    print("report formats over the folder, vs --format json: " + ", ".join(
        f"{fmt} {medians[f'--format {fmt}'] / ours:.2f}x" for fmt in formats))
    scaling(args.soundcheck, args.corpus_dir, truth, max(3, args.rounds // 2))
    print(f"libsndfile loop / soundcheck: {medians['C libsndfile sf_open'] / ours:.2f}x (target >= 2x)")


CORES = os.cpu_count() or 1


def shapes(args):
    """The three forms over the shapes corpus, each against the reader on every core, with the
    spread of the per-round ratio; then each tool's accuracy there."""
    corpus = os.path.join(args.shapes, "corpus")
    truth = read_truth(os.path.join(args.shapes, "TRUTH.tsv"))
    paths = sorted(os.path.join(corpus, name) for name in truth)
    listing = os.path.join(args.shapes, "paths.txt")
    with open(listing, "w") as handle:
        handle.write("\n".join(paths) + "\n")
    pairs = {
        "folder": ([args.soundcheck, "validate", "--format", "json", corpus], [args.read4k, "-j", str(CORES), corpus]),
        "paths as arguments": ([args.soundcheck, "validate", "--format", "json", *paths], [args.read4k, "-j", str(CORES), *paths]),
        "--files-from": ([args.soundcheck, "validate", "--format", "json", "--files-from", listing],
                         [args.read4k, "-j", str(CORES), "--files-from", listing]),
    }
    sfopen = [args.sfopen, corpus]
    for ours, reader in pairs.values():
        run(ours)
        run(reader)
    times = {name: ([], []) for name in pairs}
    sf_times = []
    outputs = {}
    for _ in range(args.rounds):
        for name, (ours, reader) in pairs.items():
            seconds, output, _, _ = run(ours)
            outputs[name] = output
            times[name][0].append(seconds)
            times[name][1].append(run(reader)[0])
        seconds, sf_output, _, _ = run(sfopen)
        sf_times.append(seconds)
    print(f"shapes corpus: {len(truth)} files (40 distinct in the shapes apps ship x {len(truth) // 40}), "
          f"{args.rounds} interleaved rounds, medians; reader on {CORES} threads")
    for name, (ours, reader) in times.items():
        ratios = [a / b for a, b in zip(ours, reader)]
        right, judged = accuracy(truth, soundcheck_durations(outputs[name], corpus))
        print(f"  {name:20} soundcheck {statistics.median(ours) * 1000:7.1f} ms  reader {statistics.median(reader) * 1000:7.1f} ms  "
              f"{statistics.median(ours) / statistics.median(reader):.2f}x ({min(ratios):.2f}–{max(ratios):.2f})  "
              f"durations right {right}/{judged}")
    right, judged = accuracy(truth, tab_durations(sf_output, corpus))
    print(f"  libsndfile sf_open loop {statistics.median(sf_times) * 1000:7.1f} ms "
          f"({statistics.median(sf_times) / statistics.median(times['folder'][0]):.2f}x soundcheck's folder), durations right {right}/{judged}")
    print()


def scaling(soundcheck, corpus_dir, truth, rounds):
    """Per-file time of validate, info and fix with 2,000 and with 20,000 paths as arguments
    (the corpus's paths, relative, repeated): linear means the same per-file time."""
    corpus = os.path.join(corpus_dir, "corpus")
    names = sorted(truth)
    output = os.path.join(corpus_dir, "fix-output")
    commands = {
        "validate": [soundcheck, "validate", "-q"],
        "info": [soundcheck, "info"],
        "fix --dry-run": [soundcheck, "fix", "--dry-run"],
    }
    print()
    print(f"{'paths as arguments':28} {'2,000: per file':>16} {'20,000: per file':>17} {'ratio':>7}")
    for label, command in commands.items():
        per_file = {}
        for count in (2_000, 20_000):
            listed = (names * (count // len(names) + 1))[:count]
            times = []
            for _ in range(rounds):
                start = time.perf_counter()
                subprocess.run(command + listed, cwd=corpus, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                times.append(time.perf_counter() - start)
            per_file[count] = statistics.median(times) / count
        print(f"{label:28} {per_file[2_000] * 1e6:13.1f} µs {per_file[20_000] * 1e6:14.1f} µs {per_file[20_000] / per_file[2_000]:6.2f}x"
              f"{'' if label != 'validate' else '   (target <= 1.2x)'}")


if __name__ == "__main__":
    main()
