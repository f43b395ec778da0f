#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Configuration {
    /// The nearest `.soundcheck.yml` from the current folder upward, as a path relative to the
    /// current folder (`.soundcheck.yml`, `../.soundcheck.yml`, …); nil when there is none.
    /// A few `stat` calls: cheap enough for every run.
    public static func nearestFile() -> String? {
        var depth = 0
        if let folder = getcwd(nil, 0) {
            depth = String(cString: folder).split(separator: "/").count
            free(folder)
        }
        var prefix = ""
        for _ in 0...depth {
            let candidate = prefix + fileName
            var status = stat()
            if stat(candidate, &status) == 0, status.st_mode & S_IFMT != S_IFDIR { return candidate }
            prefix += "../"
        }
        return nil
    }
}
