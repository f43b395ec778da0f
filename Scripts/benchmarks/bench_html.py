#!/usr/bin/env python3
"""`Scripts/bench html`: the time to write `validate --format html` against `validate --format json`
on the same files, in the same run, interleaved; medians of N rounds. Both write to a file with
--output. Prints the page sizes too.
    bench_html.py SOUNDCHECK NAME:FOLDER… [--rounds N]"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

arguments = sys.argv[1:]
rounds = 5
if "--rounds" in arguments:
    index = arguments.index("--rounds")
    rounds = int(arguments[index + 1])
    del arguments[index:index + 2]
soundcheck, corpora = arguments[0], [a.split(":", 1) for a in arguments[1:]]
out = tempfile.mkdtemp(prefix="soundcheck-bench-html-")


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


print(f"{'corpus':<28}{'files':>7}{'json s':>9}{'html s':>9}{'ratio':>8}{'page MiB':>10}{'KiB/file':>10}")
for name, folder in corpora:
    files = sum(len(f) for _, _, f in os.walk(folder))
    json_times, html_times = [], []
    for _ in range(rounds):
        json_times.append(timed([soundcheck, "validate", "--no-config", "--format", "json", "-o", f"{out}/r.json", folder]))
        html_times.append(timed([soundcheck, "validate", "--no-config", "--format", "html", "-o", f"{out}/r.html", folder]))
    size = os.path.getsize(f"{out}/r.html")
    j, h = statistics.median(json_times), statistics.median(html_times)
    print(f"{name:<28}{files:>7}{j:>9.3f}{h:>9.2f}{h / j:>7.0f}x{size / 2**20:>10.1f}{size / 1024 / files:>10.1f}")
print(f"{rounds} rounds, medians; html decodes every file (waveform and preview), json reads headers only")
