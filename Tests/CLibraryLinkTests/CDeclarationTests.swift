import Foundation
import TestSupport
import Testing

/// The shims of libsndfile, libsamplerate, libsoxr and minizip declare those libraries' structures
/// and constants themselves, so that no header is needed to build. Where the real headers are
/// installed (the -dev packages, which Scripts/bootstrap installs on Debian for this check only),
/// one C program prints every size, field offset and constant soundcheck uses, compiled once
/// against the real headers and once against the shims: the two must print the same.
@Suite("C libraries' declarations")
struct CDeclarationTests {
    /// The headers whose declarations the shims stand in for, as the real program includes them.
    static let realHeaders = ["sndfile.h", "samplerate.h", "soxr.h", "minizip/unzip.h"]

    /// The shims, as the other program includes them.
    static let shims = ["CSndFile", "CSampleRate", "CSoxr", "CMiniZip"].map { TestPaths.packageRoot + "/Sources/\($0)/shim.h" }

    /// The folder that holds every real header (Debian's, or Homebrew's on a Mac), if one does.
    static let headerFolder = ["/usr/include/", "/opt/homebrew/include/", "/usr/local/include/"].first { folder in
        realHeaders.allSatisfy { FileManager.default.fileExists(atPath: folder + $0) }
    }

    /// True when every real header is installed.
    static let headersInstalled = headerFolder != nil

    /// Prints what soundcheck relies on; the includes come first.
    static let body = """
        #include <stdio.h>
        #include <stddef.h>
        #define FIELD(type, field) printf(#type "." #field " %zu\\n", offsetof(type, field));
        #define SIZE(type) printf("sizeof " #type " %zu\\n", sizeof(type));
        #define CONSTANT(name) printf(#name " %ld\\n", (long)(name));
        int main(void) {
            SIZE(SF_INFO) FIELD(SF_INFO, frames) FIELD(SF_INFO, samplerate) FIELD(SF_INFO, channels) FIELD(SF_INFO, format)
            FIELD(SF_INFO, sections) FIELD(SF_INFO, seekable) SIZE(sf_count_t)
            CONSTANT(SFM_READ) CONSTANT(SF_FORMAT_SUBMASK) CONSTANT(SF_FORMAT_PCM_S8) CONSTANT(SF_FORMAT_PCM_16)
            CONSTANT(SF_FORMAT_PCM_24) CONSTANT(SF_FORMAT_PCM_U8)
            SIZE(SRC_DATA) FIELD(SRC_DATA, data_in) FIELD(SRC_DATA, data_out) FIELD(SRC_DATA, input_frames)
            FIELD(SRC_DATA, output_frames) FIELD(SRC_DATA, input_frames_used) FIELD(SRC_DATA, output_frames_gen)
            FIELD(SRC_DATA, end_of_input) FIELD(SRC_DATA, src_ratio)
            CONSTANT(SRC_SINC_BEST_QUALITY) CONSTANT(SRC_SINC_MEDIUM_QUALITY) CONSTANT(SRC_SINC_FASTEST)
            SIZE(soxr_io_spec_t) FIELD(soxr_io_spec_t, itype) FIELD(soxr_io_spec_t, otype) FIELD(soxr_io_spec_t, scale)
            FIELD(soxr_io_spec_t, flags) SIZE(soxr_quality_spec_t) FIELD(soxr_quality_spec_t, precision)
            FIELD(soxr_quality_spec_t, flags) SIZE(soxr_runtime_spec_t) FIELD(soxr_runtime_spec_t, num_threads)
            FIELD(soxr_runtime_spec_t, flags) SIZE(soxr_datatype_t)
            CONSTANT(SOXR_FLOAT32_I) CONSTANT(SOXR_16_BITQ) CONSTANT(SOXR_20_BITQ) CONSTANT(SOXR_28_BITQ)
            SIZE(unz_global_info64) FIELD(unz_global_info64, number_entry) FIELD(unz_global_info64, size_comment)
            SIZE(unz_file_info64) FIELD(unz_file_info64, compression_method) FIELD(unz_file_info64, crc)
            FIELD(unz_file_info64, compressed_size) FIELD(unz_file_info64, uncompressed_size) FIELD(unz_file_info64, size_filename)
            FIELD(unz_file_info64, external_fa) FIELD(unz_file_info64, tmu_date)
            SIZE(unz64_file_pos) FIELD(unz64_file_pos, pos_in_zip_directory) FIELD(unz64_file_pos, num_of_file)
            CONSTANT(UNZ_OK) CONSTANT(UNZ_END_OF_LIST_OF_FILE)
            return 0;
        }
        """

    /// Compiles and runs the program with `includes` first, and returns what it printed.
    static func facts(including includes: [String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-declarations-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("facts.c")
        let program = folder.appendingPathComponent("facts").path
        try (includes.map { "#include \"\($0)\"\n" }.joined() + body).write(to: source, atomically: true, encoding: .utf8)
        let compiled = try ExternalTools.runCapturing(["clang", "-w", "-o", program, source.path])
        try #require(compiled.status == 0, "clang: \(compiled.output)")
        let ran = try ExternalTools.runCapturing([program])
        try #require(ran.status == 0)
        return ran.output
    }

    @Test(
        "the shims' structures and constants match libsndfile's, libsamplerate's, libsoxr's and minizip's headers",
        .enabled(if: headersInstalled, "needs libsndfile1-dev, libsamplerate0-dev, libsoxr-dev and libminizip-dev"))
    func matchHeaders() throws {
        let real = try Self.facts(including: Self.realHeaders.map { (Self.headerFolder ?? "") + $0 })
        let ours = try Self.facts(including: Self.shims)
        #expect(ours == real)
        #expect(real.split(separator: "\n").count == 58)
        #expect(real.contains("sizeof unz_file_info64 136\n"))
    }

    /// The check must be able to fail: a shim whose SF_INFO has a field of the wrong width differs.
    @Test(
        "a declaration that differs from the header fails the comparison",
        .enabled(if: headersInstalled, "needs libsndfile1-dev, libsamplerate0-dev, libsoxr-dev and libminizip-dev"))
    func catchesAMismatch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-declarations-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let shim = try String(contentsOfFile: Self.shims[0], encoding: .utf8)
        let wrong = shim.replacingOccurrences(of: "    int samplerate;", with: "    long samplerate;")
        #expect(wrong != shim)
        let wrongPath = folder.appendingPathComponent("shim.h").path
        try wrong.write(toFile: wrongPath, atomically: true, encoding: .utf8)
        let real = try Self.facts(including: Self.realHeaders.map { (Self.headerFolder ?? "") + $0 })
        let ours = try Self.facts(including: [wrongPath] + Self.shims.dropFirst())
        #expect(ours != real)
        #expect(ours.contains("SF_INFO.channels 16\n") && real.contains("SF_INFO.channels 12\n"))
    }
}
