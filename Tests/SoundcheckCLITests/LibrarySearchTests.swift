import Foundation
import TestSupport
import Testing

/// A library planted in the current folder is never loaded: running soundcheck inside an untrusted
/// repository must not run that repository's code.
@Suite("Library search from the CLI")
struct LibrarySearchTests {
    @Test(
        "a minizip planted in the current folder is not loaded, even when LD_LIBRARY_PATH has an empty entry or SOUNDCHECK_LIBRARY_PATH names '.'",
        .enabled(if: TestPlatform.isLinux, "the planted library is an ELF .so, and LD_LIBRARY_PATH is Linux's loader's"))
    func plantedLibrary() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A library under minizip's soname whose constructor leaves a file behind when it is loaded.
        let source = folder.appendingPathComponent("planted.c")
        try Data(
            #"""
            #include <stdio.h>
            __attribute__((constructor)) static void planted(void) { FILE *f = fopen("planted-library-ran", "w"); if (f) fclose(f); }
            """#.utf8
        ).write(to: source)
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["clang", "-shared", "-fPIC", "-o", folder.appendingPathComponent("libminizip.so.1").path, source.path]
        try compiler.run()
        compiler.waitUntilExit()
        try #require(compiler.terminationStatus == 0, "clang (the Swift toolchain's) builds the planted library")
        try Data("PK".utf8).write(to: folder.appendingPathComponent("App.ipa"))
        let marker = folder.appendingPathComponent("planted-library-ran").path

        let plain = try Soundcheck.run(["validate", "App.ipa"], in: folder.path)
        #expect(plain.stdout.contains("App.ipa: error: not a zip archive"), "the system's minizip was loaded")
        let dotted = try Soundcheck.run(["validate", "App.ipa"], in: folder.path, environment: ["SOUNDCHECK_LIBRARY_PATH": ".:"])
        #expect(dotted.stdout.contains("App.ipa: error: not a zip archive"))
        #expect(!FileManager.default.fileExists(atPath: marker))

        // An empty entry makes the loader search the current folder, so the bare name is not used.
        let emptyEntry = try Soundcheck.run(
            ["validate", "App.ipa"], in: folder.path, environment: ["LD_LIBRARY_PATH": ":/nonexistent"])
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(emptyEntry.status == 3)
        #expect(emptyEntry.stderr.contains("libminizip.so.1 cannot be loaded (LD_LIBRARY_PATH has an empty or relative entry"))
        // SOUNDCHECK_LIBRARY_PATH still finds the system's copy then.
        let system = try #require(
            ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu"].first {
                FileManager.default.fileExists(atPath: $0 + "/libminizip.so.1")
            })
        let overridden = try Soundcheck.run(
            ["validate", "App.ipa"], in: folder.path,
            environment: ["LD_LIBRARY_PATH": ":/nonexistent", "SOUNDCHECK_LIBRARY_PATH": system])
        #expect(overridden.stdout.contains("App.ipa: error: not a zip archive"))
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
