/// soundcheck's version: the one source of truth for `--version`, reports and release archives
/// (a test checks that README.md and CHANGELOG.md name it).
package enum SoundcheckVersion {
    /// The version, as `soundcheck --version` prints it.
    package static let current = "0.8.0"
    /// Where soundcheck lives.
    package static let homepage = "https://github.com/soundcheck-audio/soundcheck"
}
