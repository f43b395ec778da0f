/// The words of the hints an answer carries, in one place, so that a caller searching a location
/// of its own (the CLI's archived bundle) says the same thing as the resolver.
public enum ResolutionHint {
    /// For a name without an extension, whatever else is found.
    public static let noExtension = "the name has no extension; it must be the full file name"

    /// `candidate`, in `place` ("bundle folder App.app"), is the name asked for plus an extension.
    public static func withExtension(_ candidate: String, in place: String) -> String {
        "'\(candidate)' in the \(place) has this name with an extension: ask for '\(candidate)'"
    }

    /// `candidate`, in `place`, has the stem of the name asked for and another extension.
    public static func otherExtension(_ candidate: String, in place: String) -> String {
        "'\(candidate)' in the \(place) has the same name with another extension"
    }

    /// The part of `name` before its last dot (all of it when there is none, or only a leading
    /// one): what two names that differ only by extension share.
    public static func stem(of name: String) -> Substring {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name[...] }
        return name[..<dot]
    }

    /// `candidate`, in `place`, differs from the name asked for only by case.
    public static func differsByCase(_ candidate: String, in place: String) -> String {
        "'\(candidate)' in the \(place) differs only by case; device file systems are case-sensitive"
    }

    /// A file of the name at `relative` below the bundle root.
    public static func inSubfolder(_ relative: String, of bundle: String) -> String {
        "'\(relative)' is in a subfolder of the bundle \(bundle); the system looks for sounds only at the bundle root"
    }

    /// The first match is a folder, a FIFO or the like.
    public static func notARegularFile(_ path: String) -> String {
        "'\(path)' is the first match but is not a regular file"
    }

    /// The first match cannot play, and still wins.
    public static func winsThoughItCannotPlay(_ path: String) -> String {
        "'\(path)' is the first file with this name, so it wins even though it cannot play"
    }
}
