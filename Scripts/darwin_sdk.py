"""Apple's own Darwin C headers, for the checks that stand in for a Mac (Scripts/apple-availability,
Scripts/darwin-c-layouts): PyPI's `ziglang` wheel carries them for cross-compiling to Darwin
(lib/libc/include/any-darwin-any: Apple's open-source libc, sys/, mach/, os/, dispatch/ and the rest,
the headers of the macOS SDK that zig's maintainers update each release, for every Darwin
architecture at once), with `zig cc`, which compiles C for aarch64-macos and x86_64-macos here.
The wheel is downloaded once into the build cache (.build-apple/wheels, as Scripts/ffmpeg-matrix
keeps FFmpeg's) and unpacked beside it.

The SDK folder it makes (`usr/include`, each entry a link into the wheel's headers) adds only a
module map, since zig's copy has none: `Darwin` (the C library, one submodule per header the
checked code can reach), `os` (os/lock.h: os_unfair_lock) and `Dispatch` (dispatch/dispatch.h, the C
part of Dispatch). Apple's SDKs split these headers into more modules (DarwinFoundation, _c_standard_
library…); what a Swift file sees after `import Darwin` is the same set of declarations.
"""
import os
import shutil
import subprocess
import sys
import zipfile

ZIG_VERSION = "0.17.1"
# The module map's own version, in the SDK folder's name: a change to it rebuilds the folder.
MODULE_MAP_VERSION = "1"

# The Darwin module's headers: the C library and POSIX headers a Swift file sees after `import
# Darwin` on a Mac (Apple's Darwin module exports all of them), as zig's copy names them.
DARWIN_HEADERS = [
    "assert.h", "ctype.h", "dirent.h", "dlfcn.h", "errno.h", "fcntl.h", "fnmatch.h", "glob.h", "inttypes.h",
    "libgen.h", "limits.h", "locale.h", "math.h", "poll.h", "pthread.h", "pwd.h", "sched.h", "setjmp.h",
    "signal.h", "spawn.h", "stdio.h", "stdlib.h", "string.h", "strings.h", "sysexits.h", "termios.h", "time.h",
    "unistd.h", "utime.h", "wchar.h", "sys/errno.h", "sys/fcntl.h", "sys/file.h", "sys/ioctl.h", "sys/mman.h",
    "sys/param.h", "sys/resource.h", "sys/select.h", "sys/socket.h", "sys/stat.h", "sys/sysctl.h", "sys/time.h",
    "sys/types.h", "sys/uio.h", "sys/utsname.h", "sys/wait.h", "mach/mach_time.h", "malloc/malloc.h",
]

MODULE_MAP = """// Written by Scripts/darwin_sdk.py over the Darwin headers of ziglang {version}: the modules a
// Swift file imports on a Mac (Darwin, os, Dispatch), over Apple's own headers.
module Darwin [system] [extern_c] {{
    module C {{
{darwin}
        export *
    }}
    export *
}}
module os [system] [extern_c] {{
    module lock {{
        header "os/lock.h"
        export *
    }}
    export *
}}
module Dispatch [system] [extern_c] {{
    header "dispatch/dispatch.h"
    export *
}}
"""


class SDKUnavailable(Exception):
    """The wheel could not be downloaded or unpacked: the message says why."""


def zig_folder(cache):
    """The unpacked ziglang wheel (its `ziglang` folder, holding `zig` and `lib`), downloaded into
    `cache`/wheels the first time."""
    folder = os.path.join(cache, "zig-" + ZIG_VERSION)
    if os.path.exists(os.path.join(folder, "complete")):
        return os.path.join(folder, "ziglang")
    wheels = os.path.join(cache, "wheels")
    os.makedirs(wheels, exist_ok=True)
    wheel = _wheel(wheels)
    if wheel is None:
        result = subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--only-binary=:all:", "ziglang==" + ZIG_VERSION, "-d", wheels], capture_output=True, text=True)
        wheel = _wheel(wheels)
        if result.returncode != 0 or wheel is None:
            raise SDKUnavailable(f"pip could not download ziglang {ZIG_VERSION}:\n{result.stderr[-2000:]}")
    shutil.rmtree(folder, ignore_errors=True)
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(folder)
    zig = os.path.join(folder, "ziglang", "zig")
    os.chmod(zig, 0o755)
    open(os.path.join(folder, "complete"), "w").close()
    return os.path.join(folder, "ziglang")


def _wheel(wheels):
    names = [name for name in os.listdir(wheels) if name.startswith(f"ziglang-{ZIG_VERSION}-") and name.endswith(".whl")]
    return os.path.join(wheels, sorted(names)[0]) if names else None


def zig(cache):
    """The `zig` executable of the wheel."""
    return os.path.join(zig_folder(cache), "zig")


def darwin_headers(cache):
    """Apple's headers as the wheel carries them (any-darwin-any, every architecture)."""
    return os.path.join(zig_folder(cache), "lib", "libc", "include", "any-darwin-any")


def sdk(cache):
    """An SDK folder for `swift-frontend -sdk`: usr/include links to every entry of Apple's headers
    and holds the module map (MODULE_MAP). Made once per ziglang and module map version."""
    headers = os.path.realpath(darwin_headers(cache))
    folder = os.path.join(cache, f"darwin-sdk-{ZIG_VERSION}-{MODULE_MAP_VERSION}")
    include = os.path.join(folder, "usr", "include")
    if os.path.exists(os.path.join(folder, "complete")):
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(include)
    for entry in os.listdir(headers):
        os.symlink(os.path.join(headers, entry), os.path.join(include, entry))
    missing = [header for header in DARWIN_HEADERS if not os.path.exists(os.path.join(headers, header))]
    if missing:
        raise SDKUnavailable(f"ziglang {ZIG_VERSION}'s Darwin headers lack {', '.join(missing)}")
    with open(os.path.join(include, "module.modulemap"), "w") as module_map:
        module_map.write(MODULE_MAP.format(
            version=ZIG_VERSION, darwin="\n".join(f'        header "{header}"' for header in DARWIN_HEADERS)))
    open(os.path.join(folder, "complete"), "w").close()
    return folder
