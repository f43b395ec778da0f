import SoundContainers

/// Where a project item is, once its group chain and `sourceTree` are followed.
public enum ProjectPath: Hashable, Sendable, CustomStringConvertible {
    /// Relative to the project folder (the folder that holds the `.xcodeproj`); normalised, and it
    /// may start with `../`.
    case relative(String)
    /// An absolute path (`sourceTree = "<absolute>"`).
    case absolute(String)
    /// Relative to a build setting soundcheck cannot know (`BUILT_PRODUCTS_DIR`, `SDKROOT`, …).
    case unresolved(sourceTree: String, path: String)

    /// `relative` as written in reports and `EXPECTED.tsv`; `SOURCETREE:path` for an unresolved one.
    public var description: String {
        switch self {
        case .relative(let path), .absolute(let path): return path
        case .unresolved(let sourceTree, let path): return "\(sourceTree):\(path)"
        }
    }

    /// The path on disk, given the project folder as shown; nil when it cannot be known.
    public func onDisk(projectFolder: String) -> String? {
        switch self {
        case .relative(let path): return projectFolder == "." ? path : normalizedPath(joiningPath(projectFolder, path))
        case .absolute(let path): return path
        case .unresolved: return nil
        }
    }

    /// This path with `component` (a relative path) appended.
    func appending(_ component: String) -> ProjectPath {
        guard !component.isEmpty else { return self }
        switch self {
        case .relative(let path): return .relative(normalizedPath(path.isEmpty ? component : joiningPath(path, component)))
        case .absolute(let path): return .absolute(normalizedPath(joiningPath(path, component)))
        case .unresolved(let tree, let path):
            return .unresolved(sourceTree: tree, path: path.isEmpty ? component : joiningPath(path, component))
        }
    }
}

/// `path` with `.` components and `folder/..` pairs removed and repeated slashes collapsed; leading
/// `..` components stay (`a/../../b` → `../b`). An empty result is "".
public func normalizedPath(_ path: String) -> String {
    if isNormalized(path) { return path }
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
        if part == "." { continue }
        if part == "..", let last = parts.last, last != ".." {
            parts.removeLast()
        } else if part == "..", absolute, parts.isEmpty {
            continue
        } else {
            parts.append(part)
        }
    }
    return (absolute ? "/" : "") + parts.joined(separator: "/")
}

/// True when `path` has no empty, `.` or `..` component and no trailing slash: one pass over the
/// bytes, so the common case costs no allocation.
private func isNormalized(_ path: String) -> Bool {
    var componentLength = 0
    var dots = 0
    var first = true
    for byte in path.utf8 {
        if byte == UInt8(ascii: "/") {
            // An empty component (but a leading slash), "." or "..".
            if (componentLength == 0 && !first) || (componentLength == dots && dots <= 2 && componentLength > 0) { return false }
            componentLength = 0
            dots = 0
        } else {
            componentLength += 1
            if byte == UInt8(ascii: ".") { dots += 1 }
        }
        first = false
    }
    if componentLength == 0 { return path.isEmpty }
    return !(componentLength == dots && dots <= 2)
}
