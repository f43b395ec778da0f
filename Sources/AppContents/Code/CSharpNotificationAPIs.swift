/// What soundcheck knows of the notification APIs that C# calls in .NET MAUI, .NET for iOS and
/// Android, and Xamarin apps: the calls and keys that name a sound, the platform each asks, and
/// the folders whose code runs on one platform only. One table, kept apart from the other
/// languages' (`SoundNameScanner.patterns`, `CallContext.apis`), so that it moves into the
/// library catalogue whole. C#'s push senders (FirebaseAdmin, dotAPNS) stay with the other
/// languages' senders.
///
/// Sources:
/// - .NET for iOS / Xamarin.iOS bind UserNotifications as `UNNotificationSound.GetSound(string)`
///   and `GetCriticalSound(string[, float])` (Apple's `soundNamed:` and `criticalSoundNamed:`: a
///   file name with its extension, at the bundle's root or in `Library/Sounds`), and the older
///   `UILocalNotification.SoundName`.
/// - .NET for Android binds `Resource.Raw.NAME` (the `R.raw` of `Resources/raw/NAME.*`) and
///   `Android.Net.Uri.Parse("android.resource://…/raw/NAME")` (read by `SoundNameScanner`'s
///   `/raw/` rule).
/// - Plugin.LocalNotification (thudugala/Plugin.LocalNotification): `NotificationRequest.Sound`
///   is passed to `UNNotificationSound.GetSound(soundName)` on iOS
///   (`Platforms/iOS/NotificationServiceImpl.cs`, `BuildNotificationSound`) and, on Android
///   before API 26, made `android.resource://PACKAGE/raw/` + the name without its extension
///   (`Platforms/Android/LocalNotificationCenter.cs`, `GetSoundUri`); an Android channel's
///   `AndroidNotificationChannelRequest.Sound` (`NotificationChannelRequest` before its rename)
///   goes through the same `GetSoundUri` to `NotificationChannel.SetSound`.
/// - Shiny (shinyorg/shiny): `Channel.CustomSoundPath` is passed to `UNNotificationSound.GetSound`
///   or `GetCriticalSound` on Apple platforms (`Platforms/Apple/NotificationManager.cs`) and, with
///   its extension and a leading `/` dropped, to a raw resource on Android
///   (`Platforms/Android/ChannelManager.cs`, `GetSoundResourceUri`).
enum CSharpNotificationAPIs {
    /// The calls and keys that name a sound, read by `SoundNameScanner` in `.cs` files.
    static let patterns: [SoundNameScanner.Pattern] = [
        SoundNameScanner.Pattern(prefix: "UNNotificationSound.GetSound(", platform: .ios),
        SoundNameScanner.Pattern(prefix: "UNNotificationSound.GetCriticalSound(", platform: .ios),
        SoundNameScanner.Pattern(prefix: "UNNotificationSoundName(", platform: .ios),
        SoundNameScanner.Pattern(prefix: "Resource.Raw.", platform: .android, isIdentifier: true),
        SoundNameScanner.Pattern(prefix: "CustomSoundPath =", platform: .crossPlatform),
        // A key in an object initializer (`new NotificationRequest { Sound = "x.wav" }`) is the
        // generic C# `Sound =` that `SoundNameScanner` reads for server code too; an assignment to
        // an object's property (`request.Sound = "x.wav"`) is decided by the object's maker.
        SoundNameScanner.Pattern(prefix: ".Sound =", platform: .crossPlatform),
        SoundNameScanner.Pattern(prefix: "SoundName =", platform: .ios, onlyIn: ["UILocalNotification"]),
        SoundNameScanner.Pattern(prefix: ".SoundName =", platform: .ios, onlyIn: ["UILocalNotification"]),
    ]

    /// The prefixes that set an object's property (`request.Sound = …`): the object's maker decides.
    static let assignedProperties: Set<String> = [".Sound =", ".SoundName ="]

    /// The prefixes read as keys whose API decides (`CallContext`).
    static let genericPrefixes: Set<String> = ["SoundName =", ".Sound =", ".SoundName ="]

    /// The types whose objects' `Sound` (or `SoundName`) names a sound, with the platform each asks.
    static let contextAPIs: [String: SoundNameUse.Platform] = [
        "NotificationRequest": .crossPlatform, "AndroidNotificationChannelRequest": .android, "NotificationChannelRequest": .android,
        "UILocalNotification": .ios,
    ]

    /// True for a pattern or an API of an app's own code (not a push sender's).
    static func isAppSide(prefix: String, api: String?) -> Bool {
        if let api, contextAPIs[api] != nil { return true }
        return patterns.contains { $0.prefix == prefix && !genericPrefixes.contains(prefix) }
    }

    /// Tokens that show a file calls a notification API, for `SoundUsage` (C#'s `SetSound(` is
    /// Android's `setSound`, bound with a capital).
    static let notificationTokens = ["NotificationRequest", "CustomSoundPath", "UILocalNotification", "SetSound("]

    /// Tokens that show a file plays sounds itself, for `SoundUsage`: MAUI's app-package files
    /// (`FileSystem.OpenAppPackageFileAsync`), Plugin.Maui.Audio's `CreatePlayer`, an assembly's
    /// embedded resources (`GetManifestResourceStream`), Android's `MediaPlayer.Create`.
    static let playbackTokens = ["OpenAppPackageFileAsync", "CreatePlayer(", "GetManifestResourceStream", "MediaPlayer.Create("]

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
