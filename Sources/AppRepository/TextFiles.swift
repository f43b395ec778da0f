import SoundContainers

/// The text of a small file the repository readers look at (a config, a build file, code), or
/// "" when it cannot be read or is larger than `limit` bytes: a file they cannot read tells them
/// nothing, and the walk goes on.
func readText(atPath path: String, limit: Int) -> String {
    (try? readWholeFile(atPath: path, limit: limit)).map { String(decoding: $0, as: UTF8.self) } ?? ""
}
