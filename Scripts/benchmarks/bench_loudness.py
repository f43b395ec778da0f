#!/usr/bin/env python3
"""`Scripts/bench loudness`: the loudness, true peak and silence of a sound, as a whole process:
`soundcheck info --format json FILE` (which decodes the file and measures it: integrated loudness,
loudness range, true peak, sample peak, silence) against `ffmpeg -af ebur128=peak=true -f null -`
(integrated loudness, loudness range, true peak) on the same file, runs interleaved, medians of N
rounds. Over a generated 30 s 48 kHz stereo sound (the issue's target: at most half of FFmpeg's
time) and every sound of ../shared/corpus/real."""
import glob
import os
import statistics
import subprocess
import sys
import time

soundcheck, work, corpus = sys.argv[1], sys.argv[2], sys.argv[3]
rounds = int(sys.argv[5]) if len(sys.argv) > 5 and sys.argv[4] == "--rounds" else 7


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def ffmpeg(path):
    return ["ffmpeg", "-nostdin", "-hide_banner", "-nostats", "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-"]


def ours(path):
    return [soundcheck, "info", "--no-config", "--format", "json", path]


os.makedirs(work, exist_ok=True)
long_sound = os.path.join(work, "tone-and-noise-30s-48000-stereo.wav")
if not os.path.exists(long_sound):
    # A 440 Hz tone on the left and pink noise on the right, 16-bit: 30 s at 48 kHz, stereo.
    subprocess.run(
        ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=30:sample_rate=48000",
         "-f", "lavfi", "-i", "anoisesrc=d=30:c=pink:r=48000:a=0.2", "-filter_complex", "[0][1]amerge=inputs=2",
         "-c:a", "pcm_s16le", long_sound], check=True)

files = [long_sound] + sorted(f for f in glob.glob(os.path.join(corpus, "*.*")) if not f.endswith(".tsv"))
rows = []
for path in files:
    mine, theirs = [], []
    for _ in range(rounds):
        mine.append(timed(ours(path)))
        theirs.append(timed(ffmpeg(path)))
    rows.append((os.path.basename(path), statistics.median(mine), statistics.median(theirs)))

print(f"{'sound':<56}{'soundcheck ms':>14}{'ffmpeg ms':>11}{'ratio':>8}")
for name, mine, theirs in rows:
    print(f"{name[:55]:<56}{mine * 1000:>14.1f}{theirs * 1000:>11.1f}{mine / theirs:>7.2f}x")
name, mine, theirs = rows[0]
print(f"30 s 48 kHz stereo: soundcheck {mine * 1000:.0f} ms, ffmpeg {theirs * 1000:.0f} ms, ratio {mine / theirs:.2f}x (target: at most 0.5x)")
corpus_rows = rows[1:]
total_mine = sum(mine for _, mine, _ in corpus_rows)
total_theirs = sum(theirs for _, _, theirs in corpus_rows)
ratios = [mine / theirs for _, mine, theirs in corpus_rows]
print(f"real corpus ({len(corpus_rows)} sounds): soundcheck {total_mine * 1000:.0f} ms, ffmpeg {total_theirs * 1000:.0f} ms in all,"
      f" ratio {total_mine / total_theirs:.2f}x; per sound median {statistics.median(ratios):.2f}x, largest {max(ratios):.2f}x; {rounds} rounds, medians")
