/// Which platform a C# file's code runs on, from the project's structure rather than from a
/// library: the `#if IOS` / `#if ANDROID` blocks around a line, and the folders a .NET MAUI single
/// project or a Xamarin solution compiles for one platform only. The notification APIs C# calls
/// are rows of `NotificationLibrary.catalogue` (its `dotNet` rows); this is what no row can say,
/// as `KotlinSourceSets` is for Kotlin.
enum CSharpPlatformCode {
    /// The platform the preprocessor blocks around `position` of `bytes` compile for: the innermost
    /// `#if` or `#elif` whose condition names one platform's symbol (MAUI's and .NET's `IOS`,
    /// `MACCATALYST`, `ANDROID`; Xamarin's `__IOS__`, `__ANDROID__`), nil when none does. An
    /// `#else` and a negated symbol select no platform (the other branch may be Windows').
    static func platform(ofDirectivesBefore position: Int, in bytes: ArraySlice<UInt8>) -> SoundNameUse.Platform? {
        var stack: [SoundNameUse.Platform?] = []
        var lineStart = bytes.startIndex
        while lineStart < position {
            var lineEnd = lineStart
            while lineEnd < bytes.endIndex, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var start = lineStart
            while start < lineEnd, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            if start < lineEnd, bytes[start] == UInt8(ascii: "#") {
                let directive = String(decoding: bytes[(start + 1)..<lineEnd], as: UTF8.self)
                let words = directive.split(maxSplits: 1) { $0 == " " || $0 == "\t" }
                let condition = words.count > 1 ? String(words[1]) : ""
                switch words.first.map(String.init) {
                case "if": stack.append(platform(ofCondition: condition))
                case "elif": if !stack.isEmpty { stack[stack.count - 1] = platform(ofCondition: condition) }
                case "else": if !stack.isEmpty { stack[stack.count - 1] = nil }
                case "endif": if !stack.isEmpty { stack.removeLast() }
                default: break
                }
            }
            lineStart = lineEnd + 1
        }
        return stack.last { $0 != nil } ?? nil
    }

    /// The platform a preprocessor condition selects, when it names one platform's symbols and
    /// negates none.
    private static func platform(ofCondition condition: String) -> SoundNameUse.Platform? {
        guard !condition.contains("!") else { return nil }
        let symbols = Set(condition.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        let apple = !symbols.isDisjoint(with: ["IOS", "MACCATALYST", "__IOS__", "__MACCATALYST__"])
        let android = !symbols.isDisjoint(with: ["ANDROID", "__ANDROID__"])
        guard apple != android else { return nil }
        return apple ? .ios : .android
    }

    /// The platform the code of the C# file at `path` runs on, from its folder: a MAUI single
    /// project's `Platforms/iOS`, `Platforms/MacCatalyst` and `Platforms/Android` (compiled only
    /// for that platform: dotnet/maui `Microsoft.Maui.Controls.SingleProject.targets`), and a
    /// Xamarin solution's platform projects (`App.iOS/`, `App.Android/`, `App.Droid/`). Nil for
    /// shared code.
    static func platform(ofFile path: String) -> SoundNameUse.Platform? {
        let folders = normalizedPath(path).split(separator: "/").dropLast().map { $0.lowercased() }
        for (index, folder) in folders.enumerated().reversed() {
            if index > 0, folders[index - 1] == "platforms" {
                if folder == "ios" || folder == "maccatalyst" { return .ios }
                if folder == "android" { return .android }
            }
            if folder.hasSuffix(".ios") || folder.hasSuffix(".maccatalyst") || folder == "ios" { return .ios }
            if folder.hasSuffix(".android") || folder.hasSuffix(".droid") || folder == "droid" { return .android }
        }
        return nil
    }
}
