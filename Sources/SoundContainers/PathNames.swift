/// `path` without its file name's extension: `Sounds/alert.mp3` → `Sounds/alert`; a path whose
/// file name has no dot (`v1.2/alert`) is returned as it is.
public func removingExtension(from path: String) -> String {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path }
    return String(path[..<dot])
}

/// `name` inside `folder`, with exactly one `/` between them.
public func joiningPath(_ folder: String, _ name: String) -> String {
    (folder.hasSuffix("/") ? folder : folder + "/") + name
}
