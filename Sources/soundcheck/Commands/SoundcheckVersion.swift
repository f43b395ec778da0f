/// soundcheck's version: the one source of truth for `--version`, reports and release archives
/// (a test checks that README.md and CHANGELOG.md name it).
enum SoundcheckVersion {
    /// The version, as `soundcheck --version` prints it.
    static let current = "0.8.0"
    /// Where soundcheck lives.
    static let homepage = "https://github.com/soundcheck-audio/soundcheck"
}
