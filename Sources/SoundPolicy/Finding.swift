/// One problem with a sound file, as a value a report can print.
public struct Finding: Equatable, Sendable {
    /// What kind of problem this is; a stable contract for scripts.
    public var code: FindingCode
    /// Whether the problem fails the file on its own.
    public var severity: Severity
    /// One sentence that says what is wrong, with numbers.
    public var message: String
    /// What fixes the problem, when something does.
    public var fix: Remedy?
    /// The sound name a finding on code is about (the name `unknown-sound-name` reports); nil for
    /// a finding about the file itself. With the file and the code, it keys a finding across line
    /// moves (a baseline's entries).
    public var subject: String?

    /// Creates a finding.
    public init(code: FindingCode, severity: Severity? = nil, message: String, fix: Remedy? = nil, subject: String? = nil) {
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.message = message
        self.fix = fix
        self.subject = subject
    }
}

/// The stable kebab-case codes of findings (design.md "Finding codes").
public enum FindingCode: String, Sendable, CaseIterable {
    /// Not a regular file, permission denied, or an I/O error.
    case unreadable
    /// Not AIFF, AIFF-C, WAV or CAF.
    case unsupportedContainer = "unsupported-container"
    /// A Git LFS pointer in place of the sound: the checkout did not fetch the LFS objects.
    case lfsPointer = "lfs-pointer"
    /// The structure is broken or holds impossible values.
    case malformed
    /// The declared audio size is not what the file holds.
    case truncated
    /// The audio is not Linear PCM, IMA4, µLaw or aLaw.
    case unsupportedEncoding = "unsupported-encoding"
    /// The duration is not under the limit.
    case tooLong = "too-long"
    /// The extension names another container than the one the file holds.
    case extensionMismatch = "extension-mismatch"
    /// More than two channels, a rate outside 8–48 kHz, or 64-bit samples.
    case unusualFormat = "unusual-format"
    /// Longer than the banner duration asked for with `--warn-over`.
    case longForBanner = "long-for-banner"
    /// A file that never plays because a folder searched earlier has a file of the same name.
    case shadowed
    /// Two sounds whose names differ only by case.
    case caseConflict = "case-conflict"
    /// A sound file in the project folder that no target copies: the app does not contain it.
    case notBundled = "not-bundled"
    /// A sound that lands in a subfolder of the bundle, where the system never looks.
    case notAtBundleRoot = "not-at-bundle-root"
    /// A sound the project copies that is not on disk.
    case missing
    /// Two sounds of one target with the same file name: one overwrites the other.
    case duplicateName = "duplicate-name"
    /// A sound inside an asset catalog, which is compiled: it is no file of the bundle.
    case inAssetCatalog = "in-asset-catalog"
    /// A sound in a repository that no app found there ships.
    case notShipped = "not-shipped"
    /// An app's configuration that soundcheck cannot read (a JavaScript Expo config, say): its
    /// sounds are checked only where the repository's folders show them.
    case configNotRead = "config-not-read"
    /// A sound the app plays itself (a Flutter asset, a call tone): notification rules were not applied.
    case appSound = "app-sound"
    /// A sound no code names: what would fail it as a notification sound is a warning.
    case purposeUnknown = "purpose-unknown"
    /// A sound name the code or a push body asks for that no shipped sound answers.
    case unknownSoundName = "unknown-sound-name"
    /// Calls that name their sound at run time, which the cross-check cannot follow.
    case namesAtRunTime = "names-at-run-time"
    /// A shipped sound nothing asks for (off unless --strict or a rule turns it on).
    case unusedSound = "unused-sound"
    /// An Android raw resource whose file name is not a valid resource name.
    case androidResourceName = "android-resource-name"
    /// Two Android raw resources of one folder with the same resource name.
    case androidDuplicateResource = "android-duplicate-resource"
    /// An Android raw resource in a format Android does not play.
    case androidUnsupportedFormat = "android-unsupported-format"
    /// An Android raw resource that release builds' resource shrinking removes.
    case androidRemovedInRelease = "android-removed-in-release"
    /// An `android.resource://` URI whose literal package is not the id a build variant installs.
    case androidResourcePackage = "android-resource-package"

    /// A request in code for a sound that ships but fails the platform's rules: on the request's line.
    case requestedSoundFails = "requested-sound-fails"

    /// The codes of the errors only a notification sound has: what the file is, how long it lasts,
    /// where in the bundle it lands, and whether Android plays it. A sound whose purpose nothing
    /// shows has them as warnings (`Policy.withPurposeUncertain(_:path:)`).
    public static let notificationRuleCodes: Set<FindingCode> = [
        .unsupportedContainer, .lfsPointer, .malformed, .unsupportedEncoding, .tooLong, .notAtBundleRoot,
        .androidUnsupportedFormat,
    ]
    /// With `--listen`: no sample rises above −60 dBFS.
    case silent
    /// With `--listen`: the integrated loudness is far below the target.
    case quiet
    /// With `--listen`: the true peak is above the limit, or runs of samples sit at full scale.
    case clipped
    /// With `--listen`: the sound starts after more silence than the limit.
    case lateStart = "late-start"
    /// With `--listen`: the audio could not be decoded, so it was not measured.
    case notHeard = "not-heard"

    /// The severity a finding of this code has.
    public var defaultSeverity: Severity {
        switch self {
        case .unreadable, .unsupportedContainer, .lfsPointer, .malformed, .unsupportedEncoding, .tooLong, .notAtBundleRoot, .missing,
            .duplicateName, .androidResourceName, .androidDuplicateResource, .androidUnsupportedFormat,
            .androidRemovedInRelease, .unknownSoundName, .requestedSoundFails, .androidResourcePackage:
            return .error
        case .truncated, .extensionMismatch, .unusualFormat, .longForBanner, .shadowed, .caseConflict, .notBundled,
            .inAssetCatalog, .notShipped, .silent, .quiet, .clipped, .lateStart:
            return .warning
        case .configNotRead, .appSound, .purposeUnknown, .namesAtRunTime, .unusedSound, .notHeard:
            return .note
        }
    }
}

/// How serious a finding is.
public enum Severity: String, Sendable {
    /// The file fails.
    case error
    /// The file passes unless the policy is strict.
    case warning
    /// Something a reader should know; it never fails a file, even under a strict policy.
    case note

    /// Errors first, then warnings, then notes: the order a verdict lists its findings in.
    var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .note: return 2
        }
    }
}
