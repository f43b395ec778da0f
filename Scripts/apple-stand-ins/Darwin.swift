// The Darwin Swift overlay's declarations that soundcheck and swift-argument-parser use, as the
// Swift overlay on macOS 13 and iOS 16 declares them (stdlib/public/Platform/Platform.swift), over
// the stand-in C module in SDK/usr/include. For the Apple availability check only: the bodies
// never run.
@_exported import Darwin

public var errno: Int32 {
    get { __error().pointee }
    set { __error().pointee = newValue }
}

public var stdin: UnsafeMutablePointer<FILE> {
    get { __stdinp }
    set { __stdinp = newValue }
}

public var stdout: UnsafeMutablePointer<FILE> {
    get { __stdoutp }
    set { __stdoutp = newValue }
}

public var stderr: UnsafeMutablePointer<FILE> {
    get { __stderrp }
    set { __stderrp = newValue }
}

public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { fatalError("stand-in") }
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 { fatalError("stand-in") }
@available(macOS 10.10, iOS 8.0, *)
public func openat(_ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { fatalError("stand-in") }
@available(macOS 10.10, iOS 8.0, *)
public func openat(_ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 {
    fatalError("stand-in")
}
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { fatalError("stand-in") }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { fatalError("stand-in") }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ ptr: UnsafeMutableRawPointer) -> Int32 { fatalError("stand-in") }
public func ioctl(_ fd: CInt, _ request: UInt, _ value: CInt) -> CInt { fatalError("stand-in") }
public func ioctl(_ fd: CInt, _ request: UInt, _ ptr: UnsafeMutableRawPointer) -> CInt { fatalError("stand-in") }
public func ioctl(_ fd: CInt, _ request: UInt) -> CInt { fatalError("stand-in") }

public var S_IFMT: mode_t { mode_t(0o170000) }
public var S_IFIFO: mode_t { mode_t(0o010000) }
public var S_IFCHR: mode_t { mode_t(0o020000) }
public var S_IFDIR: mode_t { mode_t(0o040000) }
public var S_IFBLK: mode_t { mode_t(0o060000) }
public var S_IFREG: mode_t { mode_t(0o100000) }
public var S_IFLNK: mode_t { mode_t(0o120000) }
public var S_IFSOCK: mode_t { mode_t(0o140000) }
public var S_IFWHT: mode_t { mode_t(0o160000) }
public var S_IRWXU: mode_t { mode_t(0o000700) }
public var S_IRUSR: mode_t { mode_t(0o000400) }
public var S_IWUSR: mode_t { mode_t(0o000200) }
public var S_IXUSR: mode_t { mode_t(0o000100) }
public var S_IRWXG: mode_t { mode_t(0o000070) }
public var S_IRGRP: mode_t { mode_t(0o000040) }
public var S_IWGRP: mode_t { mode_t(0o000020) }
public var S_IXGRP: mode_t { mode_t(0o000010) }
public var S_IRWXO: mode_t { mode_t(0o000007) }
public var S_IROTH: mode_t { mode_t(0o000004) }
public var S_IWOTH: mode_t { mode_t(0o000002) }
public var S_IXOTH: mode_t { mode_t(0o000001) }

// <time.h> defines CLOCK_MONOTONIC and its kin as macros naming the enumerators _CLOCK_MONOTONIC…,
// and Swift code on Darwin calls clock_gettime(CLOCK_MONOTONIC, …) and
// clock_gettime_nsec_np(CLOCK_UPTIME_RAW); this compiler does not import a macro that names an
// enumerator, so the stand-in declares them (with the enumerators' availability).
@available(macOS 10.12, iOS 10.0, *)
public var CLOCK_REALTIME: clockid_t { _CLOCK_REALTIME }
@available(macOS 10.12, iOS 10.0, *)
public var CLOCK_MONOTONIC: clockid_t { _CLOCK_MONOTONIC }
@available(macOS 10.12, iOS 10.0, *)
public var CLOCK_MONOTONIC_RAW: clockid_t { _CLOCK_MONOTONIC_RAW }
@available(macOS 10.12, iOS 10.0, *)
public var CLOCK_UPTIME_RAW: clockid_t { _CLOCK_UPTIME_RAW }

public var SIG_DFL: sig_t? { nil }
public var SIG_IGN: sig_t { unsafeBitCast(1, to: sig_t.self) }
public var SIG_ERR: sig_t { unsafeBitCast(-1, to: sig_t.self) }
