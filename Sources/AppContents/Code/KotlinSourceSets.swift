import SharedState
import SoundContainers

/// Which platform a Kotlin Multiplatform source set's code runs on, from its folder's name
/// (`src/<set>/kotlin/…`) and, for a set of the build's own naming, the module's build file.
/// Kotlin's default hierarchy template names the Apple sets `appleMain`, `iosMain`, `macosMain`,
/// `watchosMain`, `tvosMain` and one per target (`iosArm64Main`, `iosX64Main`,
/// `iosSimulatorArm64Main`, `macosArm64Main`, …): their code is compiled by Kotlin/Native for
/// Apple's platforms, where `platform.UserNotifications` is Apple's framework
/// (kotlinlang.org/docs/multiplatform-hierarchy.html, "Default hierarchy template";
/// kotlinlang.org/docs/native-objc-interop.html). A set the build declares itself is Apple's when
/// only Apple sets depend on it (`val darwinMain by creating`, `iosMain.dependsOn(darwinMain)`,
/// `macosMain.dependsOn(darwinMain)`), or when the template's `group("darwin") { withIos() }` holds
/// Apple targets alone. `androidMain` is Android's; `commonMain` serves every target.
public enum KotlinSourceSets {
    /// The prefixes of Apple source sets in the default hierarchy template.
    static let applePrefixes = ["apple", "ios", "macos", "watchos", "tvos"]

    /// The sets each module's build file makes Apple's, by module folder, read once.
    private static let declaredAppleSets = LockedState([String: Set<String>]())

    /// The source set of a Kotlin file at `path` (`iosMain` for `shared/src/iosMain/kotlin/A.kt`),
    /// with the module's folder, or nil when it lies in none.
    static func sourceSet(of path: String) -> (module: String, set: Substring)? {
        let parts = normalizedPath(path).split(separator: "/")
        guard parts.count >= 4 else { return nil }
        for index in stride(from: parts.count - 4, through: 0, by: -1) where parts[index] == "src" && parts[index + 2] == "kotlin" {
            return (index == 0 ? "." : parts[..<index].joined(separator: "/"), parts[index + 1])
        }
        return nil
    }

    /// True when the file at `path` is Kotlin of a source set (`src/<set>/kotlin/…`): a Kotlin
    /// Multiplatform module's, whose iOS requests ask the iOS app beside the module.
    public static func isInSourceSet(_ path: String) -> Bool {
        fileExtension(of: path) == "kt" && sourceSet(of: path) != nil
    }

    /// True when the Kotlin file at `path` lies in an Apple source set: its code runs on iOS (or
    /// another Apple platform), never on Android.
    public static func isAppleSourceSet(_ path: String) -> Bool {
        guard fileExtension(of: path) == "kt", let (module, set) = sourceSet(of: path), set.hasSuffix("Main") else { return false }
        if isAppleByName(set) { return true }
        if ["commonMain", "androidMain", "jvmMain", "jsMain", "wasmJsMain", "nativeMain", "desktopMain"].contains(set) { return false }
        return appleSets(ofModule: module).contains(String(set))
    }

    /// True for a set the default hierarchy template names as an Apple one.
    static func isAppleByName(_ set: Substring) -> Bool {
        applePrefixes.contains { prefix in
            guard set.hasPrefix(prefix) else { return false }
            return set.dropFirst(prefix.count).first.map { $0.isUppercase } == true
        }
    }

    /// The sets the build file of the module at `module` makes Apple's, read once a module.
    static func appleSets(ofModule module: String) -> Set<String> {
        if let known = declaredAppleSets.withLock({ $0[module] }) { return known }
        var text = ""
        for name in ["build.gradle.kts", "build.gradle"] {
            guard let bytes = try? readWholeFile(atPath: joiningPath(module, name), limit: 4 << 20) else { continue }
            text = String(decoding: bytes, as: UTF8.self)
            break
        }
        let sets = appleSets(inBuildFile: text)
        declaredAppleSets.withLock { $0[module] = sets }
        return sets
    }

    /// The sets a build file's text makes Apple's: those only Apple sets depend on
    /// (`X.dependsOn(Y)`, `X.get().dependsOn(Y)`, `getByName("X").dependsOn(Y)`, `dependsOn(Y)`
    /// inside `val X by creating {` or `by getting {`), and the template's groups of Apple
    /// targets alone (`group("darwin") { withIos(); withMacos() }` is `darwinMain`).
    static func appleSets(inBuildFile text: String) -> Set<String> {
        let lexer = CodeLexer(Array(text.utf8)[...], language: .kotlin)
        let code = String(decoding: lexer.blankingComments(in: lexer.bytes.indices), as: UTF8.self)
        var dependents: [String: [String]] = [:]
        var declaring: String?
        var apple = Set<String>()
        for rawLine in code.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = rawLine.filter { $0 != " " && $0 != "\t" }
            if let by = line.firstRange(of: "by"), line.hasPrefix("val"), line.contains("bycreating") || line.contains("bygetting") {
                declaring = String(line[line.index(line.startIndex, offsetBy: 3)..<by.lowerBound])
            }
            var rest = line[...]
            while let range = rest.firstRange(of: "dependsOn(") {
                let parent = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                let before = rest[..<range.lowerBound]
                var child = before.hasSuffix(".") ? String(before.dropLast()) : ""
                if child.hasSuffix(".get()") { child = String(child.dropLast(6)) }
                if child.hasPrefix("getByName(\""), child.hasSuffix("\")") { child = String(child.dropFirst(11).dropLast(2)) }
                child = String(child.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
                if child.isEmpty, let declaring { child = declaring }
                if !parent.isEmpty, !child.isEmpty { dependents[String(parent), default: []].append(child) }
                rest = rest[range.upperBound...]
            }
        }
        // The template's groups: `group("darwin") { withIos() … }`, its block read to its brace.
        let compact = Array(code.utf8.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") })
        let opener = Array("group(\"".utf8)
        for start in ByteSearch.positions(of: opener, in: compact) {
            let nameStart = start + opener.count
            guard let quote = compact[nameStart...].firstIndex(of: UInt8(ascii: "\"")),
                quote + 2 < compact.count, compact[quote + 1] == UInt8(ascii: ")"), compact[quote + 2] == UInt8(ascii: "{")
            else { continue }
            var depth = 0
            var end = quote + 2
            while end < compact.count {
                if compact[end] == UInt8(ascii: "{") { depth += 1 }
                if compact[end] == UInt8(ascii: "}") { depth -= 1 }
                if depth == 0 { break }
                end += 1
            }
            let block = String(decoding: compact[(quote + 3)..<min(end, compact.count)], as: UTF8.self)
            let targets = block.split(separator: "with").dropFirst().map { $0.prefix { $0.isLetter || $0.isNumber } }
            let inner = block.split(separator: "group(").count - 1
            if inner == 0, !targets.isEmpty, targets.allSatisfy({ target in applePrefixes.contains { target.lowercased().hasPrefix($0) } })
            {
                apple.insert(String(decoding: compact[nameStart..<quote], as: UTF8.self) + "Main")
            }
        }
        // A set is Apple's when every set that depends on it is, to a fixed point.
        var changed = true
        while changed {
            changed = false
            for (parent, children) in dependents where !apple.contains(parent) && !isAppleByName(parent[...]) {
                if children.allSatisfy({ apple.contains($0) || isAppleByName($0[...]) }) {
                    apple.insert(parent)
                    changed = true
                }
            }
        }
        return apple
    }
}
