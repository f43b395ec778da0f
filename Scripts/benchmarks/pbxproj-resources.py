#!/usr/bin/env python3
"""Lists, with the PyPI package `pbxproj`, the sound files each app or app-extension target's
Resources phase copies by file reference: one line `target<TAB>file name` per copy. An independent
reader of project.pbxproj for soundcheck's tests and for `Scripts/bench project`.
  pbxproj-resources.py PATH/project.pbxproj"""
import sys

from pbxproj import XcodeProject

SOUND = (".caf", ".aif", ".aiff", ".aifc", ".wav", ".mp3", ".m4a", ".m4r", ".aac", ".ogg", ".opus", ".flac", ".amr")


def main(path):
    project = XcodeProject.load(path)
    objects = project.objects
    for target in objects.get_targets():
        if target.isa != "PBXNativeTarget":
            continue
        product = str(target["productType"] or "")
        if not (product.startswith("com.apple.product-type.application") or "app-extension" in product):
            continue
        for phase_id in target.buildPhases:
            phase = objects[phase_id]
            if phase is None or phase.isa != "PBXResourcesBuildPhase":
                continue
            for build_file_id in phase.files:
                build_file = objects[build_file_id]
                reference = objects[build_file["fileRef"]] if build_file and "fileRef" in build_file else None
                if reference is None or reference.isa != "PBXFileReference":
                    continue
                path_value = str(reference["path"] or reference["name"] or "")
                name = path_value.rsplit("/", 1)[-1]
                if name.lower().endswith(SOUND) and reference["lastKnownFileType"] != "folder":
                    print(f"{target.name}\t{name}")


if __name__ == "__main__":
    main(sys.argv[1])
