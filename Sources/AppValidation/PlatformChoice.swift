import SoundPolicy

/// Which platforms' sounds a run judges (`--platform`).
public enum PlatformChoice: String, CaseIterable, Sendable {
    /// Sounds shipped to iOS or macOS, by Apple's rules (in a plain folder of sounds, every sound).
    case ios
    /// Sounds shipped to Android, by Android's rules (in a plain folder of sounds, every sound).
    case android
    /// Every sound by the rules of the platform that ships it (the default).
    case all

    /// The platform a sound shipped to `shipped` is judged as under this choice, or nil when the
    /// choice leaves it out. Sounds no app ships stay in, as `none`.
    package func judging(_ shipped: SoundPlatform) -> SoundPlatform? {
        switch (self, shipped) {
        case (.all, _), (_, .none): return shipped
        case (.ios, .ios), (.ios, .both): return .ios
        case (.ios, .macos): return .macos
        case (.android, .android), (.android, .both): return .android
        case (.ios, .android), (.android, .ios), (.android, .macos): return nil
        }
    }

    /// The platform every sound of a plain folder (no app found around it) is judged as.
    package var plainFolderPlatform: SoundPlatform { self == .android ? .android : .ios }
}
