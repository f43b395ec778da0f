"""`Scripts/bench convert`: converts the same 20 failing files with soundcheck, ffmpeg and sox,
interleaved, medians of the rounds; and measures each LEI16@22050 output's SNR over 0–70% of its
band against a float64 reference of the same segment (ffmpeg's float64 decode, resampled by
scipy's polyphase filter).

Usage: bench_convert.py SOUNDCHECK CORPUS_DIR WORK_DIR [--rounds N]
"""
import argparse
import os
import statistics
import subprocess
import time

import numpy as np
from scipy import signal

SECONDS = 29.9          # every tool converts the same first 29.9 s (soundcheck cuts under 30 s)
RATE = 22050
SEGMENT = (0.5, 25.0)   # compared segment: away from the start and from soundcheck's fade-out


def tools(soundcheck):
    """name -> (kind, function(input, output) -> command or None when the tool cannot read it)."""
    def sc(data, quality=None):
        extra = ["--src-quality", quality] if quality else []
        return lambda i, o: [soundcheck, "convert", i, o, "-d", data] + extra

    def ff(*args):
        return lambda i, o: ["ffmpeg", "-nostdin", "-v", "error", "-y", "-t", str(SECONDS), "-i", i, *args, o]

    def sox(i, o):
        if i.endswith((".mp3", ".caf", ".aifc")):
            return None  # this sox reads neither MP3 nor IMA4
        return ["sox", "-D", i, "-b", "16", o, "trim", "0", str(SECONDS), "rate", "-v", str(RATE)]

    return {
        "soundcheck ima4": ("ima4", sc("ima4")),
        "ffmpeg ima4": ("ima4", ff("-c:a", "adpcm_ima_qt", "-f", "caf")),
        "soundcheck best": ("lei16", sc(f"LEI16@{RATE}", "best")),
        "soundcheck medium": ("lei16", sc(f"LEI16@{RATE}", "medium")),
        "soundcheck fast": ("lei16", sc(f"LEI16@{RATE}", "fast")),
        "ffmpeg swr": ("lei16", ff("-ar", str(RATE), "-c:a", "pcm_s16le", "-f", "caf")),
        "ffmpeg soxr": ("lei16", ff("-af", f"aresample=resampler=soxr:precision=28", "-ar", str(RATE), "-c:a", "pcm_s16le", "-f", "caf")),
        "sox rate -v": ("lei16", sox),
    }


def decode(path, rate=None):
    """Samples as float64 (frames x channels) and the rate, decoded by ffmpeg."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=sample_rate,channels",
                            "-of", "csv=p=0", path], capture_output=True, text=True).stdout.strip().split(",")
    source_rate, channels = int(probe[0]), int(probe[1])
    raw = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-f", "f64le", "-c:a", "pcm_f64le", "-"],
                         capture_output=True).stdout
    return np.frombuffer(raw, dtype="<f8").reshape(-1, channels), source_rate


def band_snr(output, reference, rate):
    """SNR in dB of output against reference, over 0–70% of the band, on the compared segment."""
    start, end = int(SEGMENT[0] * rate), int(SEGMENT[1] * rate)
    end = min(end, len(output), len(reference))
    if end - start < rate:
        return None
    out = output[start:end].mean(axis=1)
    ref = reference[start:end].mean(axis=1)
    spectrum_ref = np.fft.rfft(ref)
    spectrum_err = np.fft.rfft(out - ref)
    keep = np.fft.rfftfreq(len(ref), 1 / rate) <= 0.7 * rate / 2
    return 10 * np.log10(np.sum(np.abs(spectrum_ref[keep]) ** 2) / max(np.sum(np.abs(spectrum_err[keep]) ** 2), 1e-30))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("soundcheck")
    parser.add_argument("corpus")
    parser.add_argument("work")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    inputs = sorted(os.path.join(args.corpus, name) for name in os.listdir(args.corpus))
    table = tools(args.soundcheck)
    os.makedirs(args.work, exist_ok=True)

    times = {name: [] for name in table}
    failures = {name: 0 for name in table}
    for _ in range(args.rounds):
        for name, (_, command_for) in table.items():
            total = 0.0
            for index, path in enumerate(inputs):
                command = command_for(path, os.path.join(args.work, f"{name.replace(' ', '_')}-{index:02d}.caf" if "sox" not in name else f"{name.replace(' ', '_')}-{index:02d}.wav"))
                if command is None:
                    continue
                start = time.perf_counter()
                done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                total += time.perf_counter() - start
                failures[name] += done.returncode != 0
            times[name].append(total)

    snrs = {name: [] for name in table if table[name][0] == "lei16"}
    for index, path in enumerate(inputs):
        reference, source_rate = decode(path)
        reference = reference[: int(SECONDS * source_rate)]
        g = np.gcd(RATE, source_rate)
        reference = signal.resample_poly(reference, RATE // g, source_rate // g, axis=0, window=("kaiser", 16.0))
        for name in snrs:
            out = os.path.join(args.work, f"{name.replace(' ', '_')}-{index:02d}.caf" if "sox" not in name else f"{name.replace(' ', '_')}-{index:02d}.wav")
            if not os.path.exists(out):
                continue
            output, _ = decode(out)
            value = band_snr(output, reference, RATE)
            if value is not None:
                snrs[name].append(value)

    base = statistics.median(times["ffmpeg swr"])
    print(f"{len(inputs)} failing inputs, first {SECONDS} s of each; {args.rounds} interleaved rounds, medians")
    print(f"{'tool':20} {'median':>9} {'vs ffmpeg swr':>14} {'files':>6} {'SNR 0-70% band (median, worst)':>32}")
    for name in table:
        converted = len([p for p in inputs if table[name][1](p, "x") is not None])
        snr = snrs.get(name)
        snr_text = f"{statistics.median(snr):.1f} dB, {min(snr):.1f} dB" if snr else "—"
        print(f"{name:20} {statistics.median(times[name]):7.2f} s {statistics.median(times[name]) / base:13.2f}x "
              f"{converted - failures[name] // args.rounds:>3}/{converted:<2} {snr_text:>32}")


if __name__ == "__main__":
    main()
