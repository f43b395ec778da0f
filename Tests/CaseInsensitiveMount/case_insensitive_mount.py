#!/usr/bin/python3
"""A case-insensitive, case-preserving view of a folder, as a Mac's default disk is: a read-only
FUSE passthrough (Debian's fuse3 and python3-fusepy) for the tests of soundcheck's case-exact answers.

    case_insensitive_mount.py SOURCE MOUNTPOINT

Runs in the foreground until unmounted (umount MOUNTPOINT, or fusermount3 -u). Each name in a path
is looked up as APFS and HFS+ do by default: an entry whose name matches in any case is found, and
listings give the names as stored. Nothing can be written.
"""
import errno
import os
import sys

import fusepy


class CaseInsensitiveView(fusepy.Operations):
    def __init__(self, source):
        self.source = os.path.realpath(source)

    def _real(self, path):
        """The stored path for `path`, matching each name in any case (the exact name first)."""
        real = self.source
        for name in [part for part in path.split("/") if part]:
            try:
                entries = os.listdir(real)
            except OSError as error:
                raise fusepy.FuseOSError(error.errno)
            if name not in entries:
                folded = name.casefold()
                matches = sorted(entry for entry in entries if entry.casefold() == folded)
                if not matches:
                    raise fusepy.FuseOSError(errno.ENOENT)
                name = matches[0]
            real = os.path.join(real, name)
        return real

    def getattr(self, path, fh=None):
        status = os.lstat(self._real(path))
        return {key: getattr(status, key) for key in
                ("st_mode", "st_nlink", "st_size", "st_uid", "st_gid", "st_atime", "st_mtime", "st_ctime", "st_ino")}

    def readdir(self, path, fh):
        return [".", ".."] + os.listdir(self._real(path))

    def readlink(self, path):
        return os.readlink(self._real(path))

    def access(self, path, mode):
        if mode & os.W_OK:
            raise fusepy.FuseOSError(errno.EROFS)
        if not os.access(self._real(path), mode):
            raise fusepy.FuseOSError(errno.EACCES)

    def open(self, path, flags):
        if flags & (os.O_WRONLY | os.O_RDWR):
            raise fusepy.FuseOSError(errno.EROFS)
        return os.open(self._real(path), os.O_RDONLY)

    def read(self, path, size, offset, fh):
        return os.pread(fh, size, offset)

    def release(self, path, fh):
        os.close(fh)

    def statfs(self, path):
        status = os.statvfs(self.source)
        return {key: getattr(status, key) for key in
                ("f_bsize", "f_frsize", "f_blocks", "f_bfree", "f_bavail", "f_files", "f_ffree", "f_favail", "f_flag", "f_namemax")}


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: case_insensitive_mount.py SOURCE MOUNTPOINT")
    fusepy.FUSE(CaseInsensitiveView(sys.argv[1]), sys.argv[2], foreground=True, ro=True, nothreads=True,
                use_ino=True, attr_timeout=0, entry_timeout=0)
