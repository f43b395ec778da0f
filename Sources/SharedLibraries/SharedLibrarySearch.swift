#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// Where soundcheck finds the C libraries it opens at run time (libsndfile, libsamplerate,
/// libsoxr, minizip, FFmpeg), and what to tell the user when one is not there.
///
/// Only absolute paths, and the system loader's own search on Linux, are ever tried: never the
/// current folder, so running `soundcheck fix` inside an untrusted repository cannot load a library
/// planted there.
/// - On macOS: the folders named by `SOUNDCHECK_LIBRARY_PATH`, then `/opt/homebrew/lib` (Homebrew
///   on Apple Silicon), `/usr/local/lib` (Homebrew on Intel) and `/opt/local/lib` (MacPorts), then
///   the `lib` folders of Homebrew's keg-only FFmpeg formulae (`ffmpeg-full`, `ffmpeg@7`, …), which
///   Homebrew does not link into the first two. A bare
///   name never reaches `dlopen`, which on macOS would search the current folder, and whose default
///   folders miss `/opt/homebrew/lib` (System Integrity Protection strips `DYLD_*` from Xcode's
///   Run Script phases, so the usual variables cannot add it).
/// - On Linux: the folders named by `SOUNDCHECK_LIBRARY_PATH`, then the bare soname, which the
///   dynamic loader looks up in `LD_LIBRARY_PATH`, its cache and the system folders. An empty or
///   relative entry in `LD_LIBRARY_PATH` (`LD_LIBRARY_PATH=:/opt/x` after an unset variable) makes
///   that loader search the current folder, so then the bare name is not handed to it.
public enum SharedLibrarySearch {
    /// The system whose conventions the search follows.
    public enum System: Sendable {
        case macOS, linux

        /// The system soundcheck runs on.
        public static var current: System {
            #if os(macOS)
                .macOS
            #else
                .linux
            #endif
        }
    }

    /// The variable that names extra folders to search, `:`-separated, before the default ones.
    public static let overrideVariable = "SOUNDCHECK_LIBRARY_PATH"

    /// Where macOS package managers install libraries, in the order searched: Homebrew on Apple
    /// Silicon, Homebrew on Intel, MacPorts.
    public static let macOSFolders = ["/opt/homebrew/lib", "/usr/local/lib", "/opt/local/lib"]

    /// Homebrew's keg-only formulae that hold libraries soundcheck opens (FFmpeg's, of releases
    /// other than the linked `ffmpeg`'s or built with more), searched after ``macOSFolders``.
    public static let homebrewKegs = ["ffmpeg-full", "ffmpeg@7", "ffmpeg@6", "ffmpeg@5"]

    /// The `lib` folders of ``homebrewKegs`` (`PREFIX/opt/NAME/lib`), Apple Silicon's prefix first.
    public static var homebrewKegFolders: [String] {
        ["/opt/homebrew", "/usr/local"].flatMap { prefix in homebrewKegs.map { "\(prefix)/opt/\($0)/lib" } }
    }

    /// What to hand `dlopen`, in order, to open the library named `name` (a file name such as
    /// `libsoxr.0.dylib`, never a path): absolute paths, and on Linux the bare name last when the
    /// loader's own search cannot reach the current folder.
    /// - Parameters:
    ///   - override: `SOUNDCHECK_LIBRARY_PATH`'s value; its relative and empty entries are ignored.
    ///   - loaderPath: `LD_LIBRARY_PATH`'s value (Linux only).
    public static func candidates(for name: String, system: System, override: String?, loaderPath: String?) -> [String] {
        precondition(!name.contains("/"), "a library's file name, not a path: \(name)")
        let extra = absoluteFolders(override)
        switch system {
        case .macOS:
            return (extra + (macOSFolders + homebrewKegFolders).filter { !extra.contains($0) }).map { $0 + "/" + name }
        case .linux:
            return extra.map { $0 + "/" + name } + (loaderSearchesCurrentFolder(loaderPath) ? [] : [name])
        }
    }

    /// True when a `LD_LIBRARY_PATH` value makes the dynamic loader search the current folder: one
    /// of its entries is empty (a leading, trailing or doubled `:`) or relative.
    public static func loaderSearchesCurrentFolder(_ loaderPath: String?) -> Bool {
        guard let loaderPath else { return false }
        return loaderPath.split(separator: ":", omittingEmptySubsequences: false).contains { !$0.hasPrefix("/") }
    }

    /// Opens the library named `name` from the first candidate that loads, for this process's
    /// system and environment, or returns nil.
    public static func open(_ name: String) -> UnsafeMutableRawPointer? {
        open(
            name, system: .current, override: environment(overrideVariable),
            loaderPath: System.current == .linux ? environment("LD_LIBRARY_PATH") : nil)
    }

    /// Opens the library named `name` from the first of its `candidates` that loads, or returns nil.
    public static func open(_ name: String, system: System, override: String?, loaderPath: String?) -> UnsafeMutableRawPointer? {
        for candidate in candidates(for: name, system: system, override: override, loaderPath: loaderPath) {
            if let handle = dlopen(candidate, RTLD_NOW | RTLD_LOCAL) { return handle }
        }
        return nil
    }

    /// The shims' opener (`Sources/C*/shim.h`): ``open(_:)`` for a C string.
    public static func open(cString name: UnsafePointer<CChar>) -> UnsafeMutableRawPointer? {
        open(String(cString: name))
    }

    /// Where the library was looked for and how to install it, for an error message: on macOS the
    /// folders searched and `brew install BREW`, on Linux Debian's `apt-get install APT`.
    public static func installAdvice(brew: String, apt: String, system: System = .current) -> String {
        switch system {
        case .macOS:
            return
                "looked in \(overrideVariable), \(macOSFolders.joined(separator: ", ")) and the keg-only \(homebrewKegs.joined(separator: ", ")); install it with: brew install \(brew)"
        case .linux:
            let warning =
                loaderSearchesCurrentFolder(environment("LD_LIBRARY_PATH"))
                ? "LD_LIBRARY_PATH has an empty or relative entry, which would search the current folder, so only \(overrideVariable) was searched; "
                : ""
            return "\(warning)Debian: apt-get install \(apt)"
        }
    }

    private static func absoluteFolders(_ list: String?) -> [String] {
        (list ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
