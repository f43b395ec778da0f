/// Why an Xcode project could not be read. Every case names the file.
public enum ProjectError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `.xcodeproj` has no `project.pbxproj`, or it cannot be read.
    case unreadable(path: String, reason: String)
    /// The file is not a property list.
    case notAPropertyList(path: String, problem: PropertyListError)
    /// It is a property list, but not the object graph of a project.
    case malformed(path: String, problem: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot be read: \(reason)"
        case .notAPropertyList(let path, let problem): return "\(path): not a valid project file: \(problem)"
        case .malformed(let path, let problem): return "\(path): not a valid project file: \(problem)"
        }
    }
}
