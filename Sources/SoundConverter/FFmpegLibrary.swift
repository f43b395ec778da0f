internal import CFFmpeg
internal import SharedLibraries

/// FFmpeg's functions and the layout of its release, or why they cannot be had: the libraries
/// are opened on first use (by a decoder), the newest supported release
/// first, and FFmpeg's own log lines are silenced (its errors reach the user through ours).
let ffmpegLibrary: Result<soundcheck_ffmpeg, FFmpegUnavailable> = {
    let open: @convention(c) (UnsafePointer<CChar>) -> UnsafeMutableRawPointer? = { SharedLibrarySearch.open(cString: $0) }
    var problem: String?
    for release in FFmpegRelease.layouts {
        var layout = release
        var table: UnsafePointer<soundcheck_ffmpeg>?
        var text = [CChar](repeating: 0, count: 256)
        switch soundcheck_ffmpeg_load(open, &layout, &table, &text, text.count) {
        case SOUNDCHECK_FFMPEG_LOADED:
            guard let table else { continue }
            table.pointee.av_log_set_level(AV_LOG_QUIET)
            return .success(table.pointee)
        case SOUNDCHECK_FFMPEG_BROKEN:
            problem =
                problem ?? "FFmpeg \(FFmpegRelease.name(layout))'s "
                + String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        default:
            continue
        }
    }
    if let problem { return .failure(.broken(problem)) }
    for major in FFmpegRelease.unsupportedMajors {
        let version = soundcheck_ffmpeg_installed_version(open, major)
        if version != 0 { return .failure(.unsupported(version: version)) }
    }
    return .failure(.notInstalled)
}()

/// The FFmpeg releases soundcheck reads, by their libraries' major versions.
enum FFmpegRelease {
    /// Each supported release's layout, newest first (Sources/CFFmpeg/shim.h).
    static var layouts: [soundcheck_ffmpeg_layout] {
        withUnsafeBytes(of: soundcheck_ffmpeg_layouts) { Array($0.bindMemory(to: soundcheck_ffmpeg_layout.self)) }
    }

    /// The libavcodec major versions of the releases before and after the supported ones that
    /// soundcheck looks for, to name the one installed when no supported release is.
    static let unsupportedMajors: [Int32] = [63, 64, 65, 58, 57, 56]

    /// "FFmpeg 5.1 to 8.x (libavcodec 59 to 62)".
    static var supported: String {
        let layouts = layouts
        guard let newest = layouts.first, let oldest = layouts.last else { return "FFmpeg" }
        return "FFmpeg \(name(oldest)) to \(name(newest)) (libavcodec \(oldest.avcodec) to \(newest.avcodec))"
    }

    /// The release a layout is for, as people name it: "5.1" (the first of its major that it
    /// holds for), "8.x".
    static func name(_ layout: soundcheck_ffmpeg_layout) -> String {
        layout.release == 5 ? "5.1" : "\(layout.release).x"
    }
}

/// FFmpeg's words for an error code.
func ffmpegMessage(_ status: Int32, _ ffmpeg: soundcheck_ffmpeg) -> String {
    var text = [CChar](repeating: 0, count: 256)
    guard ffmpeg.av_strerror(status, &text, text.count) == 0 else { return "damaged data (FFmpeg error \(status))" }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// No supported FFmpeg can be loaded.
enum FFmpegUnavailable: Error {
    /// None of FFmpeg's libraries of a supported release is installed.
    case notInstalled
    /// A supported release's libavcodec is installed, but what is said is missing or wrong.
    case broken(String)
    /// Only a release soundcheck does not support is installed: its libavcodec's version
    /// (`avcodec_version()`: major, minor and micro in its bytes).
    case unsupported(version: UInt32)

    /// What the user reads: `task` ("decoding it") needs FFmpeg, what is wrong and how to install it.
    func reason(for task: String) -> String {
        let advice = SharedLibrarySearch.installAdvice(brew: "ffmpeg", apt: "libavformat61 (Debian 13) or libavformat59 (Debian 12)")
        switch self {
        case .notInstalled:
            return "\(task) needs \(FFmpegRelease.supported), and none is installed (\(advice))"
        case .broken(let problem):
            return "\(task) needs \(FFmpegRelease.supported), and \(problem) (\(advice))"
        case .unsupported(let version):
            let found = "\(version >> 16).\((version >> 8) & 0xFF).\(version & 0xFF)"
            return
                "\(task) needs \(FFmpegRelease.supported), and the one installed has libavcodec \(found), which soundcheck does not read; install a supported one (\(advice))"
        }
    }
}
