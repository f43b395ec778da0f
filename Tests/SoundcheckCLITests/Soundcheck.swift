import Foundation
import TestSupport

/// Runs the built `soundcheck` binary, as a user or a CI script would.
enum Soundcheck {

    /// The binary: `$SOUNDCHECK_BIN`, or `soundcheck` beside the test bundle in the build folder.
    /// On Linux the bundle is the process (`argv[0]`); on macOS `swift test` runs the bundle
    /// inside a helper (`xctest`, or SwiftPM's `swiftpm-testing-helper --test-bundle-path
    /// BUNDLE`), so the bundle is found among the loaded bundles or in the helper's arguments.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["SOUNDCHECK_BIN"] { return path }
        let arguments = CommandLine.arguments
        var bundles = Bundle.allBundles.map(\.bundlePath).filter { $0.hasSuffix(".xctest") }
        if let flag = arguments.firstIndex(of: "--test-bundle-path"), flag + 1 < arguments.count { bundles.append(arguments[flag + 1]) }
        bundles.append(arguments[0])
        let candidates = bundles.map { path -> String in
            // BUILD/NAME.xctest, BUILD/NAME.xctest/Contents/MacOS/NAME or BUILD/NAME.xctest (Linux's executable).
            var folder = URL(fileURLWithPath: path)
            while folder.path != "/", folder.pathExtension != "xctest" { folder = folder.deletingLastPathComponent() }
            if folder.path == "/" { folder = URL(fileURLWithPath: path) }
            return folder.deletingLastPathComponent().appendingPathComponent("soundcheck").path
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
    }()

    /// Why `run(_:viaTerminal: true)` cannot run here, or nil: it needs util-linux's `script -qec`
    /// (macOS's BSD `script` takes other options).
    static let terminalUnavailable: String? = {
        #if os(Linux)
            FileManager.default.isExecutableFile(atPath: "/usr/bin/script") ? nil : "util-linux's script is not installed"
        #else
            "needs util-linux's script -qec; macOS's BSD script takes other options"
        #endif
    }()

    /// Why a file name that is not UTF-8 cannot be made here, or nil: APFS and HFS+ refuse them.
    static let nonUTF8NamesUnavailable: String? = {
        #if os(Linux)
            nil
        #else
            "APFS refuses file names that are not UTF-8"
        #endif
    }()

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `soundcheck` with `arguments` in `directory` (the package root by default), with
    /// `input` on its standard input (none by default).
    /// With `viaTerminal`, it runs under util-linux's `script`, so its standard output is a
    /// pseudo-terminal (`arguments` are then the whole command, after `--`).
    static func run(
        _ arguments: [String], in directory: String = TestPaths.packageRoot, input: Data? = nil, viaTerminal: Bool = false,
        environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        if viaTerminal {
            let command = (arguments.first == "--" ? Array(arguments.dropFirst()) : [binary] + arguments)
                .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", command, "/dev/null"]
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe()
        // stderr goes to a file, so a chatty child can never stall on a second full pipe.
        let errorsURL = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorsURL) }
        let errors = try FileHandle(forWritingTo: errorsURL)
        process.standardOutput = out
        process.standardError = errors
        if let input {
            let inputURL = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-stdin-\(UUID().uuidString)")
            try input.write(to: inputURL)
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
            try FileManager.default.removeItem(at: inputURL)  // the open handle keeps it readable
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let outData = out.fileHandleForReading.readRemainingData()
        process.waitUntilExit()
        try errors.close()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: try String(contentsOf: errorsURL, encoding: .utf8))
    }

    /// A new empty temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
