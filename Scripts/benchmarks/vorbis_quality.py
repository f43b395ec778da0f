"""Chooses the default Vorbis quality: converts every real sound (its first 29.9 s, at its own rate
and channels) to Ogg Vorbis with soundcheck at each libvorbis quality, decodes the result with
libvorbisfile (sox) and measures its SNR against ffmpeg's decode of the source. Sounds whose SNR
does not rise by 3 dB from quality 0 to 6 are left out (silence, or noise the waveform SNR cannot
judge). Prints, for each quality, the 25th percentile and the median SNR and the size against the
16-bit WAV of the same audio; the default is the smallest quality whose 25th percentile is at
least FLOOR dB.

Usage: vorbis_quality.py SOUNDCHECK CORPUS_DIR WORK_DIR
"""
import os
import statistics
import subprocess
import sys

import numpy as np

QUALITIES = [0, 1, 2, 3, 4, 5, 6]
FLOOR = 20.0


def decode(command, path):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return np.fromfile(path, dtype=np.float32).astype(np.float64)


def main():
    soundcheck, corpus, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    reference, ogg, decoded = (os.path.join(work, name) for name in ("reference.f32", "sound.ogg", "decoded.f32"))
    rows = {}
    for name in sorted(os.listdir(corpus)):
        source = os.path.join(corpus, name)
        if name.endswith(".tsv"):
            continue
        try:
            ref = decode(["ffmpeg", "-nostdin", "-v", "error", "-y", "-t", "29.9", "-i", source, "-f", "f32le", reference], reference)
        except subprocess.CalledProcessError:
            continue
        if not np.any(ref):
            continue
        row = {}
        for quality in QUALITIES:
            converted = subprocess.run([soundcheck, "convert", source, ogg, "-f", "OGG", "--vorbis-quality", str(quality)],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if converted.returncode:
                break
            out = decode(["sox", ogg, "-t", "f32", decoded], decoded)
            n = min(len(out), len(ref))
            noise = np.sum((ref[:n] - out[:n]) ** 2)
            row[quality] = (10 * np.log10(np.sum(ref[:n] ** 2) / max(noise, 1e-30)), os.path.getsize(ogg))
        if len(row) == len(QUALITIES) and row[6][0] > row[0][0] + 3:
            rows[name] = (row, 2 * len(ref))
    wav = sum(size for _, size in rows.values())
    print(f"{len(rows)} sounds; 16-bit WAV {wav / 1000:.0f} KB")
    print("quality  SNR p25  median  size/WAV")
    chosen = None
    for quality in QUALITIES:
        snrs = sorted(row[quality][0] for row, _ in rows.values())
        p25 = snrs[len(snrs) // 4]
        size = sum(row[quality][1] for row, _ in rows.values()) / wav
        print(f"{quality:7d}  {p25:7.1f}  {statistics.median(snrs):6.1f}  {100 * size:7.1f}%")
        if chosen is None and p25 >= FLOOR:
            chosen = quality
    print(f"smallest quality with 3 in 4 sounds at {FLOOR:.0f} dB or more: {chosen}")


main()
