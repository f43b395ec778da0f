"""`Scripts/bench convert`: converts the same failing files with soundcheck (both resampling
engines, every quality), ffmpeg (swr and soxr) and sox, interleaved, medians of the rounds; times
`fix` over the whole folder with --jobs 1 and --jobs 2; and measures each output's SNR over 0–70%
of the narrower of the input and output bands against a float64 reference of the same segment: the tool's own decode of the source
at its own rate (so that decoders that disagree, as on MS ADPCM, do not count against a
resampler), resampled by a long Kaiser-windowed polyphase filter (flat to 0.82 of the output band,
150 dB stop band). Resampler quality is judged on float output (LEF32, no dither), where each
resampler's own error shows; the 16-bit rows are for information. The Ogg Vorbis rows (the
source's rate and channels, libvorbis at soundcheck's default quality, ffmpeg at the same) give
the total size and each output's SNR against its tool's own decode of the source, sample for
sample over the compared segment, decoded by libvorbisfile (sox).

Usage: bench_convert.py SOUNDCHECK CORPUS_DIR WORK_DIR [--rounds N]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import time

import numpy as np
from scipy import signal

SECONDS = 29.9          # every tool converts the same first 29.9 s (soundcheck cuts under 30 s)
RATE = 22050
SEGMENT = (0.5, 25.0)   # compared segment: away from the start and from soundcheck's fade-out
DEFAULT = "soundcheck soxr best"
# Two runs of one library at one setting (soundcheck's soxr and ffmpeg's) differ by float rounding
# of their decoders' output: under 0.05 dB at 140 dB. Within that, SNRs tie.
TIE = 0.05
VORBIS_QUALITY = 2      # soundcheck's default (Scripts/benchmarks/vorbis_quality.py)


def tools(soundcheck):
    """name -> (output kind, function(input, output) -> command, or None when the tool cannot read it)."""
    def sc(data, engine=None, quality=None):
        extra = (["--resampler", engine] if engine else []) + (["--src-quality", quality] if quality else [])
        return lambda i, o: [soundcheck, "convert", i, o, "-d", data] + extra

    def ff(*args):
        return lambda i, o: ["ffmpeg", "-nostdin", "-v", "error", "-y", "-t", str(SECONDS), "-i", i, *args, o]

    def sox(*args):
        def command(i, o):
            if i.endswith((".mp3", ".caf", ".aifc", ".m4a")):
                return None  # this sox reads neither MP3, IMA4, AAC nor ALAC
            return ["sox", "-D", i, *args, o, "trim", "0", str(SECONDS), "rate", "-v", str(RATE)]
        return command

    table = {
        "soundcheck ima4": ("ima4", sc("ima4")),
        "ffmpeg ima4": ("ima4", ff("-c:a", "adpcm_ima_qt", "-f", "caf")),
        "soundcheck ogg vorbis": ("ogg", lambda i, o: [soundcheck, "convert", i, o, "-f", "OGG"]),
        "ffmpeg libvorbis": ("ogg", ff("-c:a", "libvorbis", "-q:a", str(VORBIS_QUALITY), "-f", "ogg")),
    }
    for kind, data, ffcodec, soxargs in (("lei16", "LEI16", "pcm_s16le", ["-b", "16"]),
                                         ("lef32", "LEF32", "pcm_f32le", ["-e", "floating-point", "-b", "32"])):
        for engine in ("soxr", "libsamplerate"):
            for quality in ("best", "medium", "fast"):
                table[f"soundcheck {engine} {quality}" + ("" if kind == "lei16" else " f32")] = (
                    kind, sc(f"{data}@{RATE}", engine, quality))
        suffix = "" if kind == "lei16" else " f32"
        table["ffmpeg swr" + suffix] = (kind, ff("-ar", str(RATE), "-c:a", ffcodec, "-f", "caf"))
        table["ffmpeg soxr" + suffix] = (kind, ff("-af", "aresample=resampler=soxr:precision=28", "-ar", str(RATE),
                                                   "-c:a", ffcodec, "-f", "caf"))
        table["sox rate -v" + suffix] = (kind, sox(*soxargs))
    return table


def output_path(work, name, index):
    extension = ".wav" if name.startswith("sox") else ".ogg" if "vorbis" in name else ".caf"
    return os.path.join(work, f"{name.replace(' ', '_')}-{index:02d}" + extension)


def vorbis_snr(soundcheck, source, output, family, work):
    """SNR in dB of an Ogg Vorbis output, decoded by libvorbisfile (sox), against the source as its
    tool decodes it at its own rate, sample for sample over the compared segment; None when either
    does not decode or the segment is too short."""
    reference, rate = own_decode(family, soundcheck, source, work)
    decoded = os.path.join(work, "decode-vorbis.f32")
    if reference is None or subprocess.run(["sox", output, "-t", "f32", decoded], stderr=subprocess.DEVNULL).returncode:
        return None
    samples = np.fromfile(decoded, dtype=np.float32).astype(np.float64).reshape(-1, reference.shape[1])
    start, end = int(SEGMENT[0] * rate), min(int(SEGMENT[1] * rate), len(samples), len(reference))
    if end - start < rate:
        return None
    signal_energy = np.sum(reference[start:end] ** 2)
    noise = np.sum((samples[start:end] - reference[start:end]) ** 2)
    return 10 * np.log10(signal_energy / max(noise, 1e-30))


def decode(path):
    """Samples as float64 (frames x channels) and the rate, decoded by ffmpeg."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=sample_rate,channels",
                            "-of", "csv=p=0", path], capture_output=True, text=True).stdout.strip().split(",")
    source_rate, channels = int(probe[0]), int(probe[1])
    raw = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-f", "f64le", "-c:a", "pcm_f64le", "-"],
                         capture_output=True).stdout
    return np.frombuffer(raw, dtype="<f8").reshape(-1, channels), source_rate


def own_decode(family, soundcheck, path, work):
    """The source decoded at its own rate by the tool family that converted it."""
    if family == "ffmpeg":
        return decode(path)
    out = os.path.join(work, f"decode-{family}" + (".wav" if family == "sox" else ".caf"))
    if family == "sox":
        command = ["sox", "-D", path, "-e", "floating-point", "-b", "32", out]
    else:
        command = [soundcheck, "convert", path, out, "-d", "LEF32"]
    if subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
        return None, None
    return decode(out)


def reference_resample(samples, source_rate):
    """`samples` at RATE through a long Kaiser-windowed polyphase low-pass filter."""
    g = np.gcd(RATE, source_rate)
    up, down = RATE // g, source_rate // g
    most = max(up, down)
    # resample_poly scales the filter by `up` itself.
    taps = signal.firwin(int(124 * most) | 1, 0.9 / most, window=("kaiser", 15.6))
    return signal.resample_poly(samples, up, down, axis=0, window=taps)


def band_snr(output, reference, rate, band_top):
    """SNR in dB of output against reference, up to `band_top` Hz, on the compared segment."""
    start, end = int(SEGMENT[0] * rate), int(SEGMENT[1] * rate)
    end = min(end, len(output), len(reference))
    if end - start < rate:
        return None
    # A Kaiser window (β 20, side lobes far below any resampler's error) keeps what the
    # resamplers do differently above the band from leaking into it.
    window = np.kaiser(end - start, 20.0)
    out = output[start:end].mean(axis=1) * window
    ref = reference[start:end].mean(axis=1) * window
    spectrum_ref = np.fft.rfft(ref)
    spectrum_err = np.fft.rfft(out - ref)
    keep = np.fft.rfftfreq(len(ref), 1 / rate) <= band_top
    return 10 * np.log10(np.sum(np.abs(spectrum_ref[keep]) ** 2) / max(np.sum(np.abs(spectrum_err[keep]) ** 2), 1e-30))


def time_fix(soundcheck, corpus, work, jobs):
    out = os.path.join(work, f"fix-jobs{jobs}")
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    subprocess.run([soundcheck, "fix", corpus, "--output-dir", out, "--jobs", str(jobs)],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def machine_parallelism(soundcheck, path, work):
    """The time two conversions take at once, against one after the other: what this machine's
    second core gives (on a shared virtual machine, anywhere from 0.5 to 1)."""
    commands = [[soundcheck, "convert", path, os.path.join(work, f"parallel-{i}.caf"), "-d", f"LEI16@{RATE}"] for i in (0, 1)]
    start = time.perf_counter()
    for command in commands:
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    middle = time.perf_counter()
    running = [subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for command in commands]
    for process in running:
        process.wait()
    return (time.perf_counter() - middle) / (middle - start)


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
    fix_times = {1: [], 2: []}
    parallel = []
    for _ in range(args.rounds):
        for name, (_, command_for) in table.items():
            total = 0.0
            for index, path in enumerate(inputs):
                command = command_for(path, output_path(args.work, name, index))
                if command is None:
                    continue
                start = time.perf_counter()
                done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                total += time.perf_counter() - start
                failures[name] += done.returncode != 0
            times[name].append(total)
        for jobs in fix_times:
            fix_times[jobs].append(time_fix(args.soundcheck, args.corpus, args.work, jobs))
        parallel.append(machine_parallelism(args.soundcheck, inputs[0], args.work))

    snrs = {name: {} for name in table if table[name][0] not in ("ima4", "ogg")}
    vorbis = {name: {} for name in table if table[name][0] == "ogg"}
    for index, path in enumerate(inputs):
        for name in vorbis:
            out = output_path(args.work, name, index)
            if os.path.exists(out):
                vorbis[name][index] = (os.path.getsize(out), vorbis_snr(args.soundcheck, path, out, name.split(" ")[0], args.work))
    for index, path in enumerate(inputs):
        references = {}
        band_top = RATE / 2
        for family in ("ffmpeg", "soundcheck", "sox"):
            samples, source_rate = own_decode(family, args.soundcheck, path, args.work)
            if samples is None or source_rate == RATE:
                continue  # not resampled: nothing to judge a resampler by
            references[family] = reference_resample(samples[: int(SECONDS * source_rate)], source_rate)
            band_top = 0.7 * min(source_rate, RATE) / 2  # 0–70% of the narrower band
        for name in snrs:
            family = name.split(" ")[0]
            out = output_path(args.work, name, index)
            if family in references and os.path.exists(out):
                value = band_snr(decode(out)[0], references[family], RATE, band_top)
                if value is not None:
                    snrs[name][index] = value

    base = statistics.median(times["ffmpeg swr"])
    print(f"{len(inputs)} failing inputs, first {SECONDS} s of each; {args.rounds} interleaved rounds, medians; "
          f"SNR over 0-70% of the narrower band on the {len(snrs[DEFAULT + ' f32'])} resampled files")
    print(f"{'tool':30} {'median':>9} {'vs ffmpeg swr':>14} {'files':>6} {'SNR median, worst':>20} {'≥ ffmpeg swr and soxr (±0.05 dB)':>33}")
    for name in table:
        converted = len([p for p in inputs if table[name][1](p, "x") is not None])
        snr = snrs.get(name, {})
        snr_text = f"{statistics.median(snr.values()):.1f}, {min(snr.values()):.1f} dB" if snr else "—"
        verdict = ""
        if name.startswith("soundcheck") and snr:
            peers = ["ffmpeg swr", "ffmpeg soxr"] if table[name][0] == "lei16" else ["ffmpeg swr f32", "ffmpeg soxr f32"]
            beaten = [i for i in snr if all(snr[i] >= snrs[p].get(i, float("inf")) - TIE for p in peers)]
            verdict = f"{len(beaten)}/{len(snr)} files"
        print(f"{name:30} {statistics.median(times[name]):7.2f} s {statistics.median(times[name]) / base:13.2f}x "
              f"{converted - failures[name] // args.rounds:>3}/{converted:<2} {snr_text:>20} {verdict:>33}")
    for name, results in vorbis.items():
        measured = [snr for _, snr in results.values() if snr is not None]
        if measured:
            ratio = statistics.median(times[name]) / statistics.median(times["ffmpeg libvorbis"])
            print(f"{name}: {statistics.median(times[name]):.2f} s ({ratio:.2f}x ffmpeg libvorbis), "
                  f"{sum(size for size, _ in results.values()) / 1000:.0f} KB for {len(results)} files; SNR median "
                  f"{statistics.median(measured):.1f} dB, worst {min(measured):.1f} dB ({len(measured)} measured)")
    qualified = [name for name in table if name.startswith("soundcheck") and name.endswith(" f32")
                 and all(snrs[name].get(i, -1) >= max(snrs["ffmpeg swr f32"].get(i, -1), snrs["ffmpeg soxr f32"].get(i, -1)) - TIE
                         for i in snrs["ffmpeg swr f32"])]
    if qualified:
        fastest = min(qualified, key=lambda name: statistics.median(times[name]))
        print(f"fastest at a resampler SNR of at least ffmpeg's on every resampled file: {fastest[:-4]}")
    one, two = statistics.median(fix_times[1]), statistics.median(fix_times[2])
    print(f"fix over the folder: --jobs 1 {one:.2f} s, --jobs 2 {two:.2f} s ({two / one:.2f}x); "
          f"two conversions at once on this machine: {statistics.median(parallel):.2f}x the time of one after the other")


if __name__ == "__main__":
    main()
