import SoundContainers

/// Which platform a Kotlin Multiplatform source set's code runs on, from its folder's name
/// (`src/<set>/kotlin/…`). Kotlin's default hierarchy template names the Apple sets `appleMain`,
/// `iosMain`, `macosMain`, `watchosMain`, `tvosMain` and one per target (`iosArm64Main`,
/// `iosX64Main`, `iosSimulatorArm64Main`, `macosArm64Main`, …): their code is compiled by
/// Kotlin/Native for Apple's platforms, where `platform.UserNotifications` is Apple's framework
/// (kotlinlang.org/docs/multiplatform-hierarchy.html, "Default hierarchy template";
/// kotlinlang.org/docs/native-objc-interop.html). `androidMain` is Android's; `commonMain` serves
/// every target. A set the build names otherwise (`val mobileMain by creating`) is not known.
public enum KotlinSourceSets {
    /// The prefixes of Apple source sets in the default hierarchy template.
    static let applePrefixes = ["apple", "ios", "macos", "watchos", "tvos"]

    /// The source set of a Kotlin file at `path` (`iosMain` for `shared/src/iosMain/kotlin/A.kt`),
    /// or nil when it lies in none.
    public static func sourceSet(of path: String) -> Substring? {
        let parts = normalizedPath(path).split(separator: "/")
        guard parts.count >= 4 else { return nil }
        for index in stride(from: parts.count - 4, through: 0, by: -1) where parts[index] == "src" && parts[index + 2] == "kotlin" {
            return parts[index + 1]
        }
        return nil
    }

    /// True when the Kotlin file at `path` lies in an Apple source set: its code runs on iOS (or
    /// another Apple platform), never on Android.
    public static func isAppleSourceSet(_ path: String) -> Bool {
        guard fileExtension(of: path) == "kt", let set = sourceSet(of: path), set.hasSuffix("Main") else { return false }
        return applePrefixes.contains { prefix in
            guard set.hasPrefix(prefix) else { return false }
            let next = set.dropFirst(prefix.count).first
            return next.map { $0.isUppercase } == true
        }
    }
}
