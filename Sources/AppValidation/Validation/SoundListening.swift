import SharedState
import SoundContainers
import SoundConverter
import SoundPolicy

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `validate --listen`: decodes a judged sound, measures it (`measureLoudness(ofFileAt:)`, in
/// blocks) and adds what the policy's listening rules make of it. A file the walk found is heard
/// on the pipeline's worker that judged it; a sound an app's own check judged (an Xcode target's
/// copy, an Expo config's sound) afterwards, on worker threads of its own. Without `--listen`
/// nothing here runs and only headers are read.
enum SoundListening {
    /// Whether the sound whose header read gave `outcome` is listened to: a sound some platform
    /// ships (`platform` not `.none`) whose header parsed, or that is another audio format a
    /// decoder reads (an MP3, an Ogg file in `res/raw`). A damaged header is already an error.
    static func listens(to outcome: Result<AudioDescription, ParseError>, platform: SoundPlatform) -> Bool {
        guard platform != .none else { return false }
        switch outcome {
        case .success(let description): return (description.frameCount ?? 1) > 0
        case .failure(.unsupportedContainer): return true
        case .failure: return false
        }
    }

    /// The listening findings of the sound at `path`, or a `not-heard` note when it cannot be decoded.
    static func findings(forFileAt path: String, purpose: SoundPurpose, policy: Policy) -> [Finding] {
        do {
            let measurement = try measureLoudness(ofFileAt: path)
            return policy.listeningFindings(for: measurement, path: path, purpose: purpose)
        } catch {
            // The report names the file: the message keeps only why.
            var reason = error.description
            if let named = reason.firstRange(of: path + ": ") { reason.removeSubrange(named) }
            return [Policy.notHeard(reason)]
        }
    }

    /// `files` (judged by the apps' own checks) with the listening findings of each sound on disk
    /// that some platform ships, heard on `jobs` threads, each file's part rendered again by
    /// `formatter`. Reports on code, configs and archived sounds are left as they are.
    static func hearing(_ files: [JudgedFile], policy: Policy, formatter: any ReportFormatter, jobs: Int) -> [JudgedFile] {
        let heard = files.indices.filter { index in
            let report = files[index].report
            guard report.isSound, report.line == nil, report.platform != .none else { return false }
            guard let description = report.verdict.description else { return report.otherFormat != nil && isRegularFile(report.path) }
            return (description.frameCount ?? 1) > 0 && isRegularFile(report.path)
        }
        guard !heard.isEmpty else { return files }
        let next = AtomicInteger(0)
        let results = LockedState([Int: JudgedFile]())
        WorkerThreads(count: min(jobs, heard.count)).run {
            while true {
                let position = Int(next.addRelaxed(1))
                guard position < heard.count else { return }
                let file = files[heard[position]]
                var report = file.report
                let findings = Self.findings(forFileAt: report.path, purpose: report.purpose, policy: policy)
                guard !findings.isEmpty else { continue }
                report.verdict = policy.adding(findings, to: report.verdict, path: report.path)
                let judged = JudgedFile(report, renderedBy: formatter, root: file.root)
                results.withLock { $0[heard[position]] = judged }
            }
        }
        let replaced = results.withLock { $0 }
        return files.indices.map { replaced[$0] ?? files[$0] }
    }

    /// True for a regular file (not an archive's entry, a folder or a FIFO).
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}
