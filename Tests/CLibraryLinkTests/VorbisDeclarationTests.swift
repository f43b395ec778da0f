import Foundation
import TestSupport
import Testing

/// Sources/CVorbis/shim.h declares libogg's and libvorbis's types and functions itself, so that no
/// header is needed to build. Where the real headers are installed (libvorbis-dev and libogg-dev,
/// which Scripts/test installs for this check only), clang compiles them beside the shim and
/// proves the two agree: each function's type, the packet's and the page's every field, and the
/// opaque storage at least as large and as aligned as each structure it stands for.
@Suite("CVorbis's declarations")
struct VorbisDeclarationTests {
    /// The compiler flags that find the real headers, or nil when they are not installed.
    static let headerFlags: [String]? = ExternalTools.run(["pkg-config", "--cflags", "vorbisenc", "ogg"]).map {
        String(decoding: $0, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Static assertions over the shim, compiled with libvorbis's and libogg's own headers.
    static let check = """
        #include <vorbis/vorbisenc.h>
        #include <ogg/ogg.h>
        #include "shim.h"

        #define SAME_FIELD(ours, theirs, field) \\
            _Static_assert(offsetof(ours, field) == offsetof(theirs, field), #theirs "." #field " moved"); \\
            _Static_assert(__builtin_types_compatible_p(__typeof__(((ours *)0)->field), __typeof__(((theirs *)0)->field)), \\
                           #theirs "." #field "'s type");
        _Static_assert(sizeof(soundcheck_ogg_packet) == sizeof(ogg_packet), "ogg_packet's size");
        SAME_FIELD(soundcheck_ogg_packet, ogg_packet, packet)
        SAME_FIELD(soundcheck_ogg_packet, ogg_packet, bytes)
        SAME_FIELD(soundcheck_ogg_packet, ogg_packet, b_o_s)
        SAME_FIELD(soundcheck_ogg_packet, ogg_packet, e_o_s)
        SAME_FIELD(soundcheck_ogg_packet, ogg_packet, granulepos)
        SAME_FIELD(soundcheck_ogg_packet, ogg_packet, packetno)
        _Static_assert(sizeof(soundcheck_ogg_page) == sizeof(ogg_page), "ogg_page's size");
        SAME_FIELD(soundcheck_ogg_page, ogg_page, header)
        SAME_FIELD(soundcheck_ogg_page, ogg_page, header_len)
        SAME_FIELD(soundcheck_ogg_page, ogg_page, body)
        SAME_FIELD(soundcheck_ogg_page, ogg_page, body_len)

        #define HOLDS(ours, theirs) \\
            _Static_assert(sizeof(ours) >= sizeof(theirs), #ours " is smaller than " #theirs); \\
            _Static_assert(_Alignof(ours) >= _Alignof(theirs), #ours " is less aligned than " #theirs);
        HOLDS(soundcheck_vorbis_info, vorbis_info)
        HOLDS(soundcheck_vorbis_comment, vorbis_comment)
        HOLDS(soundcheck_vorbis_dsp_state, vorbis_dsp_state)
        HOLDS(soundcheck_vorbis_block, vorbis_block)
        HOLDS(soundcheck_ogg_stream_state, ogg_stream_state)

        // Every function in the table, its parameters read with the real types' names.
        #define soundcheck_ogg_packet ogg_packet
        #define soundcheck_ogg_page ogg_page
        #define soundcheck_vorbis_info vorbis_info
        #define soundcheck_vorbis_comment vorbis_comment
        #define soundcheck_vorbis_dsp_state vorbis_dsp_state
        #define soundcheck_vorbis_block vorbis_block
        #define soundcheck_ogg_stream_state ogg_stream_state
        #define SAME_FUNCTION(library, name, result, parameters) \\
            _Static_assert(__builtin_types_compatible_p(__typeof__(&name), result (*) parameters), #name "'s type");
        SOUNDCHECK_VORBIS_FUNCTIONS(SAME_FUNCTION)
        """

    @Test(
        "the shim's types and functions match libvorbis's and libogg's headers",
        .enabled(if: headerFlags != nil, "needs libvorbis-dev and libogg-dev (Scripts/test installs them) and pkg-config"))
    func matchesHeaders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-cvorbis-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("check.c").path
        try Self.check.write(toFile: source, atomically: true, encoding: .utf8)
        let arguments =
            ["clang", "-fsyntax-only", "-Werror", "-I", TestPaths.packageRoot + "/Sources/CVorbis"] + (Self.headerFlags ?? []) + [source]
        let (status, output) = try ExternalTools.runCapturing(arguments)
        #expect(status == 0, "\(arguments.joined(separator: " ")):\n\(output)")
    }

    /// The check must be able to fail: a shim whose packet has a field of the wrong width is refused.
    @Test(
        "a declaration that differs from the header fails the check",
        .enabled(if: headerFlags != nil, "needs libvorbis-dev and libogg-dev (Scripts/test installs them) and pkg-config"))
    func catchesAMismatch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-cvorbis-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let shim = try String(contentsOfFile: TestPaths.packageRoot + "/Sources/CVorbis/shim.h", encoding: .utf8)
        let wrong = shim.replacingOccurrences(of: "    long bytes;", with: "    int bytes;")
        #expect(wrong != shim)
        try wrong.write(toFile: folder.appendingPathComponent("shim.h").path, atomically: true, encoding: .utf8)
        let source = folder.appendingPathComponent("check.c").path
        try Self.check.write(toFile: source, atomically: true, encoding: .utf8)
        let (status, output) = try ExternalTools.runCapturing(["clang", "-fsyntax-only", "-I", folder.path] + (Self.headerFlags ?? []) + [source])
        #expect(status != 0)
        #expect(output.contains("ogg_packet.bytes"), "\(output)")
    }
}
