import SoundContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The code in a repository that is no app's, by each ecosystem's own conventions: test code, and
/// the copies a build tool generates of the app's code. A folder walk tells it each folder it
/// enters (`enter(folder:path:)`), depth first, and asks about each source file
/// (`holds(fileNamed:path:)`). Such code is not read for the names it asks for nor for what a
/// sound is for; the sounds in its folders are still walked and judged as any other.
///
/// - Test code: a folder named `__tests__`, `__mocks__` (Jest), `test`, `tests`, `Tests`
///   (XCTest and Swift packages), `androidTest`, an Android test source set
///   (`src/test<Variant>`, `src/androidTest<Variant>`, `src/testFixtures`), `integration_test`
///   and `test_driver` (Flutter), `spec` (RSpec), `testdata` (Go), `fixtures` and `__fixtures__`;
///   a file named `*.test.*` or `*.spec.*` (Jest, Vitest, Jasmine), `*_test.dart` (Dart's test
///   runner), `test_*.py`, `*_test.py`, `conftest.py` (pytest) or `tests.py` (Django's test
///   module), `*_test.go` (go test), `*_spec.rb` or
///   `*_test.rb` (RSpec, Minitest), `*Test.php` (PHPUnit), `*Test.cs` or `*Tests.cs` (xUnit, NUnit).
/// - Built bundles: hashed or minified JavaScript in a web build's `dist*/` or `build*/` folder
///   (`dist_old/assets/index-abc123.js`).
/// - Generated copies: Cordova's `platforms/` and `plugins/` beside its `config.xml` (`cordova
///   prepare` copies `www/` and each plugin into every platform), and Capacitor's `public/`
///   beside a copied `capacitor.config.json`, where no `package.json` is (`npx cap copy` copies
///   the web app into `android/app/src/main/assets/public` and `ios/App/App/public`).
public struct CodeOutsideApps: Sendable {
    /// Folder names that hold test code wherever they are.
    public static let testFolders: Set<String> = [
        "__tests__", "__mocks__", "test", "tests", "Tests", "androidTest", "integration_test", "test_driver", "spec", "testdata",
        "fixtures", "__fixtures__",
    ]

    /// The folder being walked that holds no app code, with its last slash: every path under it
    /// starts so, and the depth-first walk leaves it for good at the first path that does not.
    private var current: String? = nil

    /// No folder entered yet.
    public init() {}

    /// Notices the folder `name` at `path`, which the walk is about to enter.
    public mutating func enter(folder name: String, path: String) {
        if let current, path.hasPrefix(current) { return }
        current = Self.isOutsideApps(folder: name, path: path) ? path + "/" : nil
    }

    /// True when the source file `name` at `path` is no app's code: it lies in a folder of test
    /// code or generated copies, or is named as a test.
    public mutating func holds(fileNamed name: String, path: String) -> Bool {
        if let folder = current {
            if path.hasPrefix(folder) { return true }
            current = nil
        }
        return Self.isTestFile(named: name) || Self.isBuiltBundle(named: name, path: path)
    }

    /// True for a web build's bundle: a JavaScript file in a `dist`, `dist_*`, `dist-*`,
    /// `build_*` or `build-*` folder (`build/` itself is never walked) whose name is minified
    /// (`*.min.js`) or carries a content hash (`index-abc123.js`, `main.7f3a9c1e.js`), as Vite,
    /// webpack and Rollup name their output. Its code is the app's, bundled: read where it was written.
    public static func isBuiltBundle(named name: String, path: String) -> Bool {
        let ext = fileExtension(of: name)
        guard ext == "js" || ext == "mjs" || ext == "cjs" else { return false }
        let isOutput = path.split(separator: "/").dropLast().contains { folder in
            folder == "dist" || folder.hasPrefix("dist_") || folder.hasPrefix("dist-") || folder.hasPrefix("build_")
                || folder.hasPrefix("build-")
        }
        guard isOutput else { return false }
        let stem = name.dropLast(ext.count + 1)
        if stem.hasSuffix(".min") || stem.hasSuffix(".bundle") { return true }
        guard let separator = stem.firstIndex(where: { $0 == "-" || $0 == "." }) else { return false }
        let hash = stem[stem.index(after: separator)...].split(whereSeparator: { $0 == "-" || $0 == "." }).last ?? ""
        return hash.count >= 6 && hash.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            && hash.contains { $0.isNumber }
    }

    /// True for a file named as a test: `*.test.*`, `*.spec.*`, `*_test.dart`, and the test files
    /// of the backends' languages (above). Compared as bytes in place: the walk asks for every
    /// source file it meets.
    public static func isTestFile(named name: String) -> Bool {
        // pytest's shared fixtures, and the test module `manage.py startapp` writes into every Django app.
        if name == "conftest.py" || name == "tests.py" { return true }
        var name = name
        return name.withUTF8 { bytes in
            guard let lastDot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return false }
            func has(_ suffix: StaticString, endingAt end: Int) -> Bool {
                let count = suffix.utf8CodeUnitCount
                guard end >= count else { return false }
                return memcmp(bytes.baseAddress! + end - count, suffix.utf8Start, count) == 0
            }
            if has(".test", endingAt: lastDot) || has(".spec", endingAt: lastDot) || has("_test.dart", endingAt: bytes.count) {
                return true
            }
            for suffix: StaticString in ["_test.py", "_test.go", "_spec.rb", "_test.rb", "Test.php", "Test.cs", "Tests.cs"]
            where has(suffix, endingAt: bytes.count) {
                return true
            }
            return has(".py", endingAt: bytes.count) && bytes.count > 5 && memcmp(bytes.baseAddress!, "test_", 5) == 0
        }
    }

    /// True for a folder of test code or of generated copies.
    static func isOutsideApps(folder name: String, path: String) -> Bool {
        if testFolders.contains(name) { return true }
        switch name {
        case "platforms", "plugins":
            return readText(atPath: joiningPath(parentFolder(of: path), "config.xml"), limit: 1 << 20).contains("cordova.apache.org")
        case "public":
            // The project's own capacitor.config.json stands beside its package.json (and its
            // public/ holds the web app's own files); a copy stands in a native project, without one.
            let folder = parentFolder(of: path)
            return FileIdentity.of(joiningPath(folder, "capacitor.config.json")) != nil
                && FileIdentity.of(joiningPath(folder, "package.json")) == nil
        default:
            return isAndroidTestSourceSet(name, path: path)
        }
    }

    /// True for an Android test source set under `src/`: `testFixtures`, or `test` or
    /// `androidTest` followed by a variant's capitalized name (`testDebug`, `androidTestFree`).
    private static func isAndroidTestSourceSet(_ name: String, path: String) -> Bool {
        let bytes = name.utf8
        let isTest = bytes.starts(with: "test".utf8)
        guard isTest || bytes.starts(with: "androidTest".utf8), fileName(of: parentFolder(of: path)) == "src" else { return false }
        if name == "testFixtures" { return true }
        let variant = bytes.dropFirst(isTest ? 4 : 11)
        return variant.first.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } == true
    }
}
