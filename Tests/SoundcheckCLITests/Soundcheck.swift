import Foundation
import TestSupport

/// Runs the built `soundcheck` binary, as a user or a CI script would.
enum Soundcheck {

    /// The binary: `$SOUNDCHECK_BIN`, or `soundcheck` beside the test bundle in the build folder.
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["SOUNDCHECK_BIN"] { return path }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if folder.pathExtension == "xctest" || folder.lastPathComponent == "MacOS" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("soundcheck").path
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
        let outData = out.fileHandleForReading.readDataToEndOfFile()
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
