// The part of Apple's Darwin Swift overlay that soundcheck and swift-argument-parser use: what the
// overlay adds to the C module (Apple's own headers, Scripts/darwin_sdk.py) because the importer
// cannot bring it in by itself (a macro that is an expression, a variadic C function). Each
// declaration has the overlay's signature, from swiftlang/swift's stdlib/public/Platform: the file
// is named above each group. For the Apple availability check only: the bodies never run.
@_exported import Darwin

// Platform.swift, "sys/errno.h": errno is `(*__error())` in C.
public var errno: Int32 {
    get { __error().pointee }
    set { __error().pointee = newValue }
}

// Platform.swift, "stdio.h": stdout and stderr are macros naming __stdoutp and __stderrp.
public var stdout: UnsafeMutablePointer<FILE> {
    get { __stdoutp }
    set { __stdoutp = newValue }
}

public var stderr: UnsafeMutablePointer<FILE> {
    get { __stderrp }
    set { __stderrp = newValue }
}

// Platform.swift, "fcntl.h": open and openat are variadic in C.
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { fatalError("stand-in") }
public func openat(_ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { fatalError("stand-in") }

// Platform.swift: the file types, typed mode_t (C's macros are plain integers).
public var S_IFMT: mode_t { mode_t(0o170000) }
public var S_IFIFO: mode_t { mode_t(0o010000) }
public var S_IFCHR: mode_t { mode_t(0o020000) }
public var S_IFDIR: mode_t { mode_t(0o040000) }
public var S_IFBLK: mode_t { mode_t(0o060000) }
public var S_IFREG: mode_t { mode_t(0o100000) }
public var S_IFLNK: mode_t { mode_t(0o120000) }
public var S_IFSOCK: mode_t { mode_t(0o140000) }

// Platform.swift, "ioctl.h": ioctl is variadic in C.
public func ioctl(_ fd: CInt, _ request: UInt, _ ptr: UnsafeMutableRawPointer) -> CInt { fatalError("stand-in") }

// TiocConstants.swift: TIOCGWINSZ is `_IOR('t', 104, struct winsize)` in C.
public var TIOCGWINSZ: UInt { 0x4008_7468 }

// Platform.swift, "signal.h": SIG_IGN is a cast in C.
public var SIG_IGN: sig_t { unsafeBitCast(1, to: sig_t.self) }

// Not Apple's overlay: Apple's <time.h> declares `#define CLOCK_MONOTONIC _CLOCK_MONOTONIC` over an
// enumerator (availability macOS 10.12, iOS 10), and this compiler's importer brings in no macro
// that names an enumerator, so the name is declared here, as the enumerator it names. How a Mac's
// compiler makes the name visible is not known here (a Mac shows it).
@available(macOS 10.12, iOS 10.0, *)
public var CLOCK_MONOTONIC: clockid_t { _CLOCK_MONOTONIC }
