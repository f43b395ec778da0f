/// The platform whose rules judge a sound: the one that ships it.
public enum SoundPlatform: String, Sendable, CaseIterable {
    /// Shipped in an iOS, watchOS or tvOS app: Apple's notification rules.
    case ios
    /// Shipped in a macOS app (an Xcode target whose SDK is macOS, a Flutter app's
    /// `macos/Runner`): the same notification rules as iOS.
    case macos
    /// Shipped as an Android raw resource (`res/raw`): Android's rules.
    case android
    /// Shipped to both (an Expo `sounds` entry, a file copied into both apps): both sets of rules.
    case both
    /// Found in the repository, shipped by no app found there (docs, tests, sources of sounds).
    case none

    /// True when Apple's rules apply.
    public var usesAppleRules: Bool { self == .ios || self == .macos || self == .both }
    /// True when Android's rules apply.
    public var usesAndroidRules: Bool { self == .android || self == .both }
}

/// What a sound is for, as far as the repository shows.
public enum SoundPurpose: String, Sendable, CaseIterable {
    /// Named by a notification: an Expo `sounds` entry, a notification API, a push body.
    case notification
    /// Played by the app itself (a Flutter asset, a call tone): notification rules do not apply.
    case app
    /// Nothing shows which: judged as a notification sound, so nothing real is missed, but at a
    /// repository's root what would fail it as one is a warning (`Policy.withPurposeUncertain`).
    case unknown
}
