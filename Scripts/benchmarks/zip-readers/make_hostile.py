#!/usr/bin/env python3
"""Writes the hostile archives of `Scripts/bench zip` next to SMALL.ipa: a central directory cut
short (trunc-cd) or an archive cut at its end (trunc-end), a valid zip64 archive, a 200 MB
zip bomb, names that leave the archive (evil), and a local-header offset out of range.
  make_hostile.py BUILD_DIR SAMPLE.caf"""
import os
import sys
import zipfile

build, sample = sys.argv[1], sys.argv[2]
source = open(os.path.join(build, "small.ipa"), "rb").read()
end = source.rfind(b"PK\x05\x06")
open(os.path.join(build, "trunc-cd.ipa"), "wb").write(source[: end - 40] + source[end:])
open(os.path.join(build, "trunc-end.ipa"), "wb").write(source[:-30])
with zipfile.ZipFile(os.path.join(build, "zip64.ipa"), "w", zipfile.ZIP_DEFLATED) as archive:
    with archive.open("Payload/A.app/a.caf", "w", force_zip64=True) as handle:
        handle.write(open(sample, "rb").read())
with zipfile.ZipFile(os.path.join(build, "bomb.ipa"), "w", zipfile.ZIP_DEFLATED) as archive:
    with archive.open("Payload/A.app/bomb.caf", "w", force_zip64=True) as handle:
        for _ in range(200):
            handle.write(bytes(1 << 20))
with zipfile.ZipFile(os.path.join(build, "evil.ipa"), "w") as archive:
    archive.writestr("Payload/A.app/../../evil.caf", b"x")
    archive.writestr("/etc/evil.caf", b"x")
patched = bytearray(source)
directory = patched.find(b"PK\x01\x02")
patched[directory + 42 : directory + 46] = (0x7FFFFFFF).to_bytes(4, "little")
open(os.path.join(build, "bad-offset.ipa"), "wb").write(bytes(patched))
