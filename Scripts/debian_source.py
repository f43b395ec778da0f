"""Debian source packages' files, for the Mac checks: apt-get's own `source --download-only`, with a
private apt configuration in the build cache (its own sources.list, lists and package cache), so
that the system's apt state is neither read for sources nor written. Only the files a check needs are
then taken from the upstream tarball, reading it as a stream and stopping once they are all read.
  debian_source.extract(cache, package, version_pattern, folders, suffix, destination)
"""
import fnmatch
import os
import re
import shutil
import subprocess
import tarfile
import tempfile

# The suites whose sources are listed: Debian 13 and unstable (newer releases of a library reach
# unstable first; a stable point release keeps an older one). Debian's archive key signs both.
SUITES = ["sid", "trixie"]
KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"
# The system's apt sources, where Debian's archive is named (the machine's own mirror is used).
SYSTEM_SOURCES = ["/etc/apt/sources.list", "/etc/apt/sources.list.d"]


class SourceUnavailable(Exception):
    """A source package could not be had: the message says which and why."""


class SourceNotListed(SourceUnavailable):
    """No suite lists a version of the source package that matches: Debian has moved on."""


def debian_mirror():
    """The URI of Debian's archive that the system's apt sources name (`…/debian`, not the
    security archive), from sources.list lines or deb822 .sources files."""
    files = []
    for path in SYSTEM_SOURCES:
        if os.path.isdir(path):
            files += [os.path.join(path, name) for name in sorted(os.listdir(path)) if name.endswith((".list", ".sources"))]
        elif os.path.exists(path):
            files.append(path)
    for path in files:
        with open(path) as sources:
            text = sources.read()
        uris = re.findall(r"^URIs:\s*(.+)$", text, re.M) + \
            [match.group(1) for match in re.finditer(r"^deb(?:-src)?\s+(?:\[[^]]*\]\s+)?(\S+)", text, re.M)]
        for uri in " ".join(uris).split():
            if uri.rstrip("/").endswith("/debian"):
                return uri.rstrip("/")
    raise SourceUnavailable(f"no Debian archive (a URI ending in /debian) in {', '.join(files) or 'the system apt sources'}")


def _apt_options(folder):
    folder = os.path.abspath(folder)
    options = ["-o", "Dir::Etc::sourcelist=" + os.path.join(folder, "sources.list"),
               "-o", "Dir::Etc::sourceparts=" + os.path.join(folder, "sources.list.d"),
               "-o", "Dir::State::Lists=" + os.path.join(folder, "lists"), "-o", "Dir::Cache=" + folder,
               "-o", "Debug::NoLocking=1"]  # the private folder's own locks only: no system lock is taken
    if os.geteuid() == 0:
        options += ["-o", "APT::Sandbox::User=root"]  # the cache folder is root's, not _apt's
    return options


def _apt(folder, arguments, cwd=None):
    result = subprocess.run(arguments[:1] + ["-q"] + _apt_options(folder) + arguments[1:], capture_output=True,
                            text=True, cwd=cwd)
    if result.returncode != 0:
        raise SourceUnavailable(f"`{' '.join(arguments)}` failed:\n{(result.stdout + result.stderr).strip()[-2000:]}")
    return result.stdout


def debian_version_key(version):
    """A sort key close enough to dpkg's order for versions of one package (epoch, then digits as numbers)."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", version.replace("~", " "))]


def newest_version(cache, package, version_pattern):
    """The newest version of source `package` matching `version_pattern` (fnmatch) that the suites list."""
    folder = os.path.join(cache, "debian-apt")
    os.makedirs(os.path.join(folder, "lists", "partial"), exist_ok=True)
    os.makedirs(os.path.join(folder, "archives", "partial"), exist_ok=True)
    os.makedirs(os.path.join(folder, "sources.list.d"), exist_ok=True)
    with open(os.path.join(folder, "sources.list"), "w") as sources:
        mirror = debian_mirror()
        sources.write("".join(f"deb-src [signed-by={KEYRING}] {mirror} {suite} main\n" for suite in SUITES))
    _apt(folder, ["apt-get", "update"])
    listed = re.findall(r"^Version: (\S+)", _apt(folder, ["apt-cache", "showsrc", package]), re.M)
    matching = sorted({version for version in listed if fnmatch.fnmatch(version, version_pattern)}, key=debian_version_key)
    if not matching:
        raise SourceNotListed(f"Debian's {' and '.join(SUITES)} list no source {package} {version_pattern} "
                                f"(they list {', '.join(listed) or 'none'})")
    return matching[-1]


def extract(cache, package, version_pattern, folders, suffix, destination):
    """Downloads the newest source `package` matching `version_pattern` and copies the regular files
    directly in each of `folders` (paths in its upstream tarball, less the top folder) whose names end
    in `suffix` into `destination`, under the same paths. Returns the Debian version."""
    version = newest_version(cache, package, version_pattern)
    download = tempfile.mkdtemp(prefix=f"debian-source-{package}-", dir=cache)
    try:
        _apt(os.path.join(cache, "debian-apt"), ["apt-get", "source", "--download-only", f"{package}={version}"],
             cwd=download)
        tarballs = [name for name in os.listdir(download) if ".orig.tar." in name and not name.endswith(".asc")]
        if len(tarballs) != 1:
            raise SourceUnavailable(f"{package} {version} has no single upstream tarball: {sorted(os.listdir(download))}")
        missing = _copy_folders(os.path.join(download, tarballs[0]), folders, suffix, destination)
        if missing:
            raise SourceUnavailable(f"{tarballs[0]} holds no *{suffix} in {', '.join(missing)}")
    finally:
        shutil.rmtree(download, ignore_errors=True)
    return version


def _copy_folders(tarball, folders, suffix, destination):
    """Copies the files; returns the folders that held none. A tarball holds each folder's entries
    together, so reading (and decompressing) stops at the first entry outside them once each has
    been entered. xz decompresses with two threads where the tarball has several blocks (Debian's
    swiftlang orig tarball has 103)."""
    decompress = {".xz": ["xz", "-dc", "-T2"], ".gz": ["gzip", "-dc"], ".bz2": ["bzip2", "-dc"]}
    process = subprocess.Popen(decompress[os.path.splitext(tarball)[1]] + [tarball], stdout=subprocess.PIPE)
    entered = set()
    try:
        with tarfile.open(fileobj=process.stdout, mode="r|") as archive:
            for member in archive:
                path = member.name.split("/", 1)[1] if "/" in member.name else ""
                within = [folder for folder in folders if path.startswith(folder + "/")]
                if not within:
                    if len(entered) == len(folders):
                        break  # past every folder: the rest of the tarball is not read
                    continue
                entered.update(within)
                if member.isfile() and os.path.dirname(path) in folders and path.endswith(suffix):
                    target = os.path.join(destination, path)
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    with archive.extractfile(member) as source, open(target, "wb") as copy:
                        shutil.copyfileobj(source, copy)
    finally:
        process.stdout.close()
        process.kill()
        process.wait()
    return [folder for folder in folders if not os.path.isdir(os.path.join(destination, folder))]
