import Foundation

/// The independent readers the tests compare against (ffmpeg, sox), run as processes.
public enum ExternalTools {
    /// True when ffmpeg and sox are installed (Scripts/test installs them).
    public static let available = run(["ffmpeg", "-version"]) != nil && run(["sox", "--version"]) != nil

    /// Runs a tool found on PATH and returns its standard output, or nil when it fails.
    public static func run(_ arguments: [String]) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readRemainingData()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }

    /// Runs a tool found on PATH and returns its exit status and what it printed on either stream.
    public static func runCapturing(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readRemainingData()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Writes a sine tone made by ffmpeg to `path`: `frequency` Hz for `seconds` at `rate`, scaled
    /// by `volume` (ffmpeg's tone peaks at 1/8), encoded with `codec` in `format` (ffmpeg's names);
    /// with `secondFrequency`, a stereo file with that tone on the right. True when it worked.
    public static func makeTone(
        _ path: String, frequency: Int, seconds: Double, rate: Int, volume: Double = 1, secondFrequency: Int? = nil,
        codec: String, format: String? = nil
    ) -> Bool {
        let tone = { (hz: Int) in ["-f", "lavfi", "-i", "sine=frequency=\(hz):duration=\(seconds):sample_rate=\(rate)"] }
        var arguments = ["ffmpeg", "-nostdin", "-v", "error", "-y"] + tone(frequency)
        if let secondFrequency {
            arguments += tone(secondFrequency) + ["-filter_complex", "[0][1]amerge=inputs=2,volume=\(volume)"]
        } else {
            arguments += ["-af", "volume=\(volume)"]
        }
        arguments += ["-c:a", codec] + (format.map { ["-f", $0] } ?? []) + [path]
        return run(arguments) != nil
    }

    /// Interleaved Float32 samples of a file as ffmpeg decodes it (its integer → float
    /// conversion is exact for 8, 16 and 24 bits, so PCM and G.711 compare bit for bit).
    public static func ffmpegFloatSamples(_ path: String) -> [Float]? {
        guard let data = run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-f", "f32le", "-c:a", "pcm_f32le", "-"]) else {
            return nil
        }
        return floats(data)
    }

    /// Interleaved Float32 samples of a file as sox decodes it.
    public static func soxFloatSamples(_ path: String) -> [Float]? {
        guard let data = run(["sox", path, "-t", "f32", "-e", "floating-point", "--endian", "little", "-"]) else { return nil }
        return floats(data)
    }

    private static func floats(_ data: Data) -> [Float] {
        data.withUnsafeBytes { raw in
            (0..<(raw.count / 4)).map {
                Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)))
            }
        }
    }

    /// The signal-to-noise ratio of `test` against `reference`, in dB, over their common length.
    public static func snr(_ test: ArraySlice<Float>, reference: ArraySlice<Float>) -> Double {
        var signal = 0.0
        var noise = 0.0
        for (a, b) in zip(reference, test) {
            signal += Double(a) * Double(a)
            noise += (Double(a) - Double(b)) * (Double(a) - Double(b))
        }
        return noise == 0 ? .infinity : 10 * log10(signal / noise)
    }
}
