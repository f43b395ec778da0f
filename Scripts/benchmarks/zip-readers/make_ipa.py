#!/usr/bin/env python3
"""Writes a synthetic .ipa for the zip-reader benchmark: Payload/Big.app with FILES deflated
non-sound files (nibs, images, code) in nested folders and SOUNDS sound files, half at the
bundle root and half in subfolders, each a copy of a file in Samples/valid.
  make_ipa.py OUT.ipa FILES SOUNDS SAMPLES_DIR"""
import os
import random
import sys
import zipfile

out, files, sounds, samples = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
random.seed(7)
sample_files = sorted(os.path.join(samples, name) for name in os.listdir(samples) if name.endswith((".caf", ".wav", ".aiff", ".aifc")))
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
    for index in range(files):
        folder = f"Payload/Big.app/Folder{index % 40}/Sub{index % 7}"
        size = random.choice([200, 2_000, 20_000, 120_000])
        archive.writestr(f"{folder}/file{index}.nib", bytes(random.getrandbits(8) for _ in range(size // 8)) * 8)
    for index in range(sounds):
        source = sample_files[index % len(sample_files)]
        where = "Payload/Big.app" if index % 2 == 0 else f"Payload/Big.app/Sounds{index % 3}"
        with open(source, "rb") as handle:
            archive.writestr(f"{where}/sound{index}{os.path.splitext(source)[1]}", handle.read())
