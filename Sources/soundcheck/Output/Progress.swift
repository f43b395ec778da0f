#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress bar on standard error, only when it is a terminal. Not thread-safe: call
/// it from one thread at a time.
final class Progress {
    private let total: Int
    private let isShown = isatty(2) == 1
    private var started = timespec()

    init(total: Int) {
        self.total = total
        clock_gettime(CLOCK_MONOTONIC, &started)
    }

    func show(done: Int, current: String) {
        guard isShown, total > 1 else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let elapsed = Double(now.tv_sec - started.tv_sec) + Double(now.tv_nsec - started.tv_nsec) / 1e9
        let eta = done > 0 ? " ETA \(Int((elapsed / Double(done) * Double(total - done)).rounded())) s" : ""
        let bar = String(repeating: "█", count: done * 20 / total) + String(repeating: "·", count: 20 - done * 20 / total)
        printErrorInline("\r\u{1B}[K\(bar) \(done)/\(total)\(eta)  \(current.suffix(50))")
    }

    func finish() {
        if isShown, total > 1 { printErrorInline("\r\u{1B}[K") }
    }
}
