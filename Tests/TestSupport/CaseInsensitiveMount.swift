import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A case-insensitive, case-preserving view of a folder, as a Mac's default disk is: a FUSE mount
/// made by `Tests/CaseInsensitiveMount/case_insensitive_mount.py` (Debian's `fuse3` and
/// `python3-fusepy`, installed by `Scripts/test`; `/dev/fuse` and root). Tests of case-exact
/// answers run over it and over the plain folder.
public final class CaseInsensitiveMount {
    /// Where the view is mounted.
    public let path: String
    private let process: Process

    /// Why no mount can be made here, or nil when it can: tests are skipped with this reason,
    /// except under CI (`CI=true`), where they run and fail with the mount's own error.
    public static let unavailableReason: String? = {
        #if !os(Linux)
            return "a FUSE mount is made on Linux only (on a Mac, the disk itself is case-insensitive)"
        #endif
        if !FileManager.default.fileExists(atPath: "/dev/fuse") { return "no /dev/fuse" }
        if geteuid() != 0 { return "mounting needs root" }
        if !FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/fusepy.py") {
            return "Debian's python3-fusepy is not installed (Scripts/test installs it)"
        }
        return nil
    }()

    /// True when the tests over a mount run: one can be made, or CI requires it.
    /// (macOS has no FUSE: its own disk is the case-insensitive one there.)
    public static let runs: Bool = {
        #if os(Linux)
            unavailableReason == nil || ProcessInfo.processInfo.environment["CI"] == "true"
        #else
            false
        #endif
    }()

    /// What a mount that could not be made says.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Mounts a case-insensitive view of `source` in a new temporary folder.
    public init(of source: String) throws {
        if let reason = Self.unavailableReason { throw Failure(description: "no case-insensitive mount: \(reason)") }
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-caseless-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        path = mountPoint.path
        process = Process()
        // Debian's python, which has python3-fusepy (a pyenv python on PATH would not).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [TestPaths.packageRoot + "/Tests/CaseInsensitiveMount/case_insensitive_mount.py", source, path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let before = Self.device(of: parentFolder)
        for _ in 0..<200 where process.isRunning {
            if let device = Self.device(of: path), device != before { return }
            usleep(25_000)
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readRemainingData(), as: UTF8.self)
        try? FileManager.default.removeItem(atPath: path)
        throw Failure(description: "the case-insensitive mount at \(path) did not come up: \(said.isEmpty ? "no message" : said)")
    }

    deinit {
        // umount(8) as root; the FUSE process then exits by itself.
        let unmount = Process()
        unmount.executableURL = URL(fileURLWithPath: "/bin/umount")
        unmount.arguments = [path]
        if (try? unmount.run()) != nil { unmount.waitUntilExit() }
        if unmount.terminationStatus != 0, process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: path)
    }

    private var parentFolder: String { (path as NSString).deletingLastPathComponent }

    private static func device(of path: String) -> UInt64? {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_dev) : nil
    }
}
