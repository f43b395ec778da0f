#!/usr/bin/env python3
"""validate at a repository's root against find on the same tree.

Builds (once) a 100,000-file app repository laid out as a Flutter app with React Native-sized
dependencies: pubspec.yaml, ios/Runner.xcodeproj copying 5 sounds, android/app/src/main/res with 5
raw sounds and launcher images, lib/ and assets/ with 9,000 source and image files, and
node_modules/ with 90,000 files in 1,800 packages. Then times, interleaved over N rounds:
  soundcheck validate --format json .    (skips node_modules, reads each sound's header and the
                                         3,000 Dart files for what each sound is for)
  soundcheck validate --format json --no-names .   (the same without reading the code)
  find . -type f                         (walks everything: what a user's own script would do)
  find . -name node_modules -prune -o -type f -print   (the same walk soundcheck makes)
and prints the medians, the spread and the ratios.
  bench_repository.py SOUNDCHECK CORPUS_FOLDER SAMPLES [--rounds N]
"""
import os
import shutil
import statistics
import subprocess
import sys
import time

soundcheck, corpus, samples = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 15
root = os.path.join(corpus, "repo")


def write(path, data=b"x"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)


def build():
    if os.path.exists(os.path.join(corpus, "DONE")):
        return
    shutil.rmtree(corpus, ignore_errors=True)
    write(os.path.join(root, "pubspec.yaml"),
          b"name: app\ndependencies:\n  flutter:\n    sdk: flutter\nflutter:\n  assets:\n    - assets/sounds/\n")
    caf = open(os.path.join(samples, "valid/caf-ulaw-mono-8000.caf"), "rb").read()
    wav = open(os.path.join(samples, "valid/wav-LEI16-mono-22050.wav"), "rb").read()
    references, builds, names = [], [], []
    for index in range(5):
        name = f"sound{index}.caf"
        write(os.path.join(root, "ios/Runner", name), caf)
        write(os.path.join(root, "android/app/src/main/res/raw", f"sound{index}.wav"), wav)
        write(os.path.join(root, "assets/sounds", f"tap{index}.wav"), wav)
        references.append(f'R{index:022d} = {{isa = PBXFileReference; path = {name}; sourceTree = "<group>"; }};')
        builds.append(f"B{index:022d} = {{isa = PBXBuildFile; fileRef = R{index:022d}; }};")
        names.append(name)
    refs = "".join(f"R{i:022d}, " for i in range(5))
    files = "".join(f"B{i:022d}, " for i in range(5))
    project = f"""// !$*UTF8*$!
{{ archiveVersion = 1; objectVersion = 56; objects = {{
{chr(10).join(references + builds)}
G0000000000000000000000001 = {{isa = PBXGroup; children = (G0000000000000000000000002, ); sourceTree = "<group>"; }};
G0000000000000000000000002 = {{isa = PBXGroup; children = ({refs}); path = Runner; sourceTree = "<group>"; }};
P0000000000000000000000001 = {{isa = PBXResourcesBuildPhase; files = ({files}); }};
T0000000000000000000000001 = {{isa = PBXNativeTarget; buildPhases = (P0000000000000000000000001, ); name = Runner; productType = "com.apple.product-type.application"; }};
X0000000000000000000000001 = {{isa = PBXProject; mainGroup = G0000000000000000000000001; targets = (T0000000000000000000000001, ); }};
}}; rootObject = X0000000000000000000000001; }}
"""
    write(os.path.join(root, "ios/Runner.xcodeproj/project.pbxproj"), project.encode())
    webp = b"RIFF\x0c\x00\x00\x00WEBPJUNK\x00\x00\x00\x00"
    for density in ("mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"):
        write(os.path.join(root, f"android/app/src/main/res/mipmap-{density}/ic_launcher.webp"), webp)
    for index in range(9000):
        folder = f"lib/feature{index // 100}"
        extension = ("dart", "png", "json")[index % 3]
        write(os.path.join(root, folder, f"file{index}.{extension}"), b"// source\n")
    for package in range(1800):
        for index in range(50):
            extension = ("js", "json", "md", "ts", "map")[index % 5]
            write(os.path.join(root, f"node_modules/pkg{package}/lib/f{index}.{extension}"), b"x")
    write(os.path.join(corpus, "DONE"))


def timed(command):
    start = time.perf_counter()
    result = subprocess.run(command, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if result.returncode not in (0, 1):
        raise SystemExit(f"{command[0]} failed ({result.returncode}): {result.stderr.decode()}")
    return elapsed


build()
count = sum(len(names) for _, _, names in os.walk(root))
commands = {
    "soundcheck validate --format json .": [soundcheck, "validate", "--format", "json", "."],
    "soundcheck validate --format json --no-names .": [soundcheck, "validate", "--format", "json", "--no-names", "."],
    "find . -type f": ["find", ".", "-type", "f"],
    "find . -name node_modules -prune -o -type f -print": ["find", ".", "-name", "node_modules", "-prune", "-o", "-type", "f", "-print"],
}
for command in commands.values():
    timed(command)  # warm the page cache
times = {name: [] for name in commands}
for _ in range(rounds):
    for name, command in commands.items():
        times[name].append(timed(command))
print(f"repository of {count:,} files ({rounds} rounds, medians; min–max):")
validate = statistics.median(times["soundcheck validate --format json ."])
for name, values in times.items():
    median = statistics.median(values)
    print(f"  {name:<52} {median * 1000:8.1f} ms  ({min(values) * 1000:.1f}–{max(values) * 1000:.1f})"
          + ("" if name.startswith("soundcheck") else f"  soundcheck/this: {validate / median:.2f}x"))
