/// What fixes a finding, as a value: the action and the file it applies to. A library user gets
/// this; the `soundcheck` CLI spells it as a command line.
public enum Remedy: Equatable, Sendable {
    /// Convert the file into one that passes and lasts under `maxDuration` seconds
    /// (`soundcheck fix`).
    case convert(path: String, maxDuration: Double)
    /// Rename the file to `newPath`, and use the new name in the app.
    case rename(path: String, newPath: String)
    /// Let the file be read.
    case makeReadable(path: String)
    /// An action only a person can take (export the sound again, rename one of two files, …).
    case advice(String)
}
