/// The system the tests run on, for the tests that only one system can run.
public enum TestPlatform {
    /// True on Linux: ELF libraries, `/proc`, and `LD_LIBRARY_PATH` for the loader.
    public static let isLinux: Bool = {
        #if os(Linux)
            true
        #else
            false
        #endif
    }()
}
