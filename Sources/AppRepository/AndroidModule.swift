import AppContents
import SoundContainers

/// What an Android module's build does to its raw resources in a release build: whether resource
/// shrinking is on (`shrinkResources true` / `isShrinkResources = true` in the `release` build
/// type, or Flutter's Gradle plugin, which turns it on for apps unless the build file turns it
/// off), the keep and discard rules of its resource XML (`tools:keep`, `tools:discard`,
/// `tools:shrinkMode`), and which raw resources its Java and Kotlin code lets the shrinker see.
///
/// The shrinker keeps a resource that compiled code references (`R.raw.name`), one a keep rule
/// names, and, in its default safe mode, one whose name a string constant of code that calls
/// `Resources.getIdentifier` spells. A resource that another resource references (`@raw/name` in
/// the module's resource XML or manifest) is counted as kept, so that one the shrinker keeps is
/// never reported. It cannot see a name that lives in Dart, JavaScript or a push body. The build
/// file is read as text, not run: a setting computed by a script is not seen.
public struct AndroidModule: Sendable {
    /// The module's folder (the one holding `src/`).
    public let folder: String
    /// The build file read, if any.
    public let buildFile: String?
    /// Where the release build turns shrinking on (`file:line`), or the reason it is on
    /// ("the Flutter Gradle plugin"); nil when release builds do not shrink resources.
    public let shrinksBecause: String?
    /// True when a resource XML sets `tools:shrinkMode="strict"`.
    public let isStrict: Bool
    /// `tools:keep` patterns for raw resources (`chime`, `alert_*`), with the file that holds each.
    public let keeps: [(pattern: String, file: String)]
    /// `tools:discard` patterns for raw resources.
    public let discards: [(pattern: String, file: String)]
    /// Raw resource names Java or Kotlin code references as `R.raw.NAME`, or the module's resource
    /// XML and manifest as `@raw/NAME`.
    public let referenced: Set<String>
    /// String literals of Java or Kotlin code, when some of it calls `getIdentifier` (safe mode's
    /// string matching); empty otherwise.
    public let identifierStrings: Set<String>
    /// Name prefixes a library compiled into the app keeps in safe mode, as a format string it
    /// passes to `getIdentifier` does (`res_` for awesome_notifications); empty in strict mode.
    public let keptPrefixes: [(prefix: String, library: String)]

    /// Reads the module at `folder`: its build file, the XML files under `src/*/res`, and the
    /// Java and Kotlin files among `sourceFiles` under it.
    public init(folder: String, sourceFiles: [String]) {
        self.folder = folder
        let gradle = ["build.gradle.kts", "build.gradle"].map { joiningPath(folder, $0) }.first { FileIdentity.of($0) != nil }
        buildFile = gradle
        shrinksBecause = gradle.flatMap { AndroidBuildRules.releaseShrinking(in: readText(atPath: $0, limit: 4 << 20), file: $0) }
        var strict = false
        var keeps: [(String, String)] = []
        var discards: [(String, String)] = []
        let source = joiningPath(folder, "src")
        var referenced = Set<String>()
        for file in filesUnder(source)
        where fileExtension(of: file) == "xml" && (file.contains("/res/") || fileName(of: file) == "AndroidManifest.xml") {
            let path = joiningPath(source, file)
            let text = readText(atPath: path, limit: 4 << 20)
            referenced.formUnion(AndroidBuildRules.rawReferences(in: text))
            guard Self.contains(text, "tools:") else { continue }
            if AndroidBuildRules.attribute("tools:shrinkMode", in: text) == "strict" { strict = true }
            keeps += AndroidBuildRules.rawPatterns(AndroidBuildRules.attribute("tools:keep", in: text)).map { ($0, path) }
            discards += AndroidBuildRules.rawPatterns(AndroidBuildRules.attribute("tools:discard", in: text)).map { ($0, path) }
        }
        isStrict = strict
        self.keeps = keeps
        self.discards = discards
        var strings = Set<String>()
        var callsGetIdentifier = false
        let prefix = folder == "." ? "" : normalizedPath(folder) + "/"
        var code: [String] = []
        for file in sourceFiles where normalizedPath(file).hasPrefix(prefix) && ["kt", "java"].contains(fileExtension(of: file)) {
            let text = readText(atPath: file, limit: 4 << 20)
            referenced.formUnion(SoundUsage.rawResourceNames(inCodeOf: text[...], language: Self.language(of: file)))
            if Self.contains(text, "getIdentifier") { callsGetIdentifier = true }
            code.append(file)
        }
        // Safe mode's string matching, the only use of the literals, is asked only of a module whose
        // code calls getIdentifier (few do): their files are read again for it, and no other's are lexed.
        if callsGetIdentifier && !strict {
            for file in code {
                strings.formUnion(SoundUsage.literals(in: readText(atPath: file, limit: 4 << 20)[...], language: Self.language(of: file)))
            }
        }
        self.referenced = referenced
        identifierStrings = strings
        keptPrefixes = strict ? [] : Self.libraryKeptPrefixes(ofModule: folder)
    }

    /// The prefixes the Flutter plugins of the app around the module at `folder` keep: a Flutter
    /// app's Android module is `android/app`, its `pubspec.yaml` two folders up. awesome_notifications'
    /// Android core looks a `resource://raw/NAME` up as `res_NAME` first, through
    /// `getIdentifier(String.format("res_%1s", label), …)` (rafaelsetragni/AndroidAwnCore,
    /// core/src/main/java/me/carda/awesome_notifications/core/utils/AudioUtils.java), and in safe
    /// mode the shrinker keeps every resource whose name starts with such a format string's prefix
    /// (developer.android.com/build/shrink-code, "Strict reference checks").
    static func libraryKeptPrefixes(ofModule folder: String) -> [(prefix: String, library: String)] {
        let pubspec = joiningPath(parentFolder(of: parentFolder(of: folder)), "pubspec.yaml")
        guard FileIdentity.of(pubspec) != nil, readText(atPath: pubspec, limit: 1 << 20).contains("awesome_notifications") else {
            return []
        }
        return [("res_", "awesome_notifications")]
    }

    /// The application ids the module at `folder` installs, read from its `build.gradle.kts` or
    /// `build.gradle` (`AndroidApplicationIds`); none known without one.
    public static func applicationIds(ofModule folder: String) -> AndroidApplicationIds {
        for name in ["build.gradle.kts", "build.gradle"] {
            let path = joiningPath(folder, name)
            guard FileIdentity.of(path) != nil else { continue }
            return AndroidApplicationIds(
                buildFile: readText(atPath: path, limit: 4 << 20), language: name.hasSuffix(".kts") ? .kotlin : .groovy)
        }
        return AndroidApplicationIds(buildFile: "")
    }

    /// The language of a Java or Kotlin file.
    private static func language(of file: String) -> CodeLanguage {
        CodeLanguage(fileExtension: fileExtension(of: file)) ?? .java
    }

    /// True when `text` holds `word` (ASCII): an ASCII text's bytes are searched with `memmem`
    /// (Foundation's search, through CoreFoundation, cost a fifth of a run at an Android app's
    /// root); any other text as Foundation compares it, Unicode's equivalences and all.
    private static func contains(_ text: String, _ word: String) -> Bool {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.contains(word) }
        return ByteSearch.contains(text[...], Array(word.utf8))
    }

    /// What release shrinking does to the raw resource `name`: nil when it ships; otherwise why not.
    public func removal(ofRawResource name: String) -> ShrinkRemoval? {
        if let discard = discards.first(where: { AndroidBuildRules.matches($0.pattern, name) }) { return .discarded(by: discard.file) }
        guard let reason = shrinksBecause else { return nil }
        if referenced.contains(name) || keeps.contains(where: { AndroidBuildRules.matches($0.pattern, name) }) { return nil }
        if identifierStrings.contains(where: { $0 == name || $0.hasSuffix("/raw/" + name) }) { return nil }
        if keptPrefixes.contains(where: { name.hasPrefix($0.prefix) }) { return nil }
        return .unseen(shrinking: reason)
    }

    /// Why release shrinking removes a raw resource.
    public enum ShrinkRemoval: Sendable, Equatable {
        /// A `tools:discard` rule in this file names it.
        case discarded(by: String)
        /// Shrinking is on (for this reason), and nothing keeps it.
        case unseen(shrinking: String)
    }
}
