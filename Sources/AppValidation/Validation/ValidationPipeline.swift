import SharedState
import SoundContainers
import SoundPolicy

/// A judged file with its part of the report, rendered where it was judged. A class: the
/// pipeline gathers, orders and sorts thousands of them, and moving a reference is a pointer copy
/// where the report itself is a few hundred bytes.
package final class JudgedFile: Sendable {
    package let report: FileReport
    package let fragment: String
    /// Which command-line path it was found under.
    package let root: Int

    /// Whether the verdict passed, and its warnings and notes: counted where the file was judged,
    /// so that the summary adds integers instead of copying every verdict on the writing thread.
    package let passed: Bool
    package let warningCount: Int
    package let noteCount: Int

    /// Takes `report` over (consumed, not copied: two copies of a report were a twentieth of judging a file).
    package init(report: consuming FileReport, fragment: String, root: Int) {
        passed = report.verdict.passed
        var warnings = 0
        var notes = 0
        for finding in report.verdict.findings {
            if finding.severity == .warning { warnings += 1 } else if finding.severity == .note { notes += 1 }
        }
        warningCount = warnings
        noteCount = notes
        self.report = report
        self.fragment = fragment
        self.root = root
    }

    /// `report`, rendered by `formatter`, found under the command-line path `root`.
    package convenience init(_ report: consuming FileReport, renderedBy formatter: any ReportFormatter, root: Int) {
        let fragment = formatter.fragment(for: report)
        self.init(report: report, fragment: fragment, root: root)
    }
}

/// Judges files on worker threads: the walk (or the list) gathers the candidates first, then each
/// worker takes the next batch until none is left, reads each file's header, judges it and renders
/// its part of the report. The result keeps the order the files were found in, whatever `jobs` is;
/// with `sortsByPath` it is then sorted by path.
package struct ValidationPipeline {

    package let policy: Policy
    package let formatter: any ReportFormatter
    package let jobs: Int
    package var sortsByPath = true
    /// Threads started before the files were found, to judge them; without them, the run starts its own.
    var workers: WorkerThreads? = nil
    /// Unchecked command-line paths that turned out to be missing or folders, in no order.
    package let surprises = LockedState<[ArgumentSurprise]>([])

    package init(policy: Policy, formatter: any ReportFormatter, jobs: Int, sortsByPath: Bool = true) {
        self.policy = policy
        self.formatter = formatter
        self.jobs = jobs
        self.sortsByPath = sortsByPath
    }

    /// Runs `collect`, which calls its argument with each candidate it finds, and judges them all;
    /// candidates that only might be audio and turn out not to be are left out.
    package func run(collect: (_ found: (SoundCandidate) -> Void) throws -> Void) throws -> [JudgedFile] {
        var found: [SoundCandidate] = []
        try collect { found.append($0) }
        return run(found)
    }

    /// Judges `candidates`, in their order (then sorted by path, with `sortsByPath`); candidates
    /// that only might be audio and turn out not to be are left out.
    package func run(_ candidates: [SoundCandidate]) -> [JudgedFile] {
        // Listening decodes every file: one a batch, so that both cores take a few large files.
        let batchSize = policy.listening.isOn ? 1 : formatter.filesPerBatch
        let batchCount = (candidates.count + batchSize - 1) / batchSize
        var judged: [JudgedFile] = []
        if jobs == 1 || batchCount < 2 {
            let opener = FileOpener()
            judged = candidates.compactMap { judge($0, opener: opener) }
        } else {
            // `jobs` workers, each taking the next batch as it finishes the last, while this thread
            // sleeps: no thread hands work to another (a feeding thread cost a context switch a
            // batch), and none shares a core with the one that started it (the caller taking part,
            // as `concurrentPerform` makes it, kept a worker waiting on the caller's core for
            // milliseconds while the other core idled).
            let nextBatch = AtomicInteger(0)
            let batches = LockedState<[[JudgedFile]]>(Array(repeating: [], count: batchCount))
            (workers ?? WorkerThreads(count: min(jobs, batchCount))).run {
                let opener = FileOpener()  // each worker's own
                while true {
                    let batch = Int(nextBatch.addRelaxed(1))
                    guard batch < batchCount else { return }
                    let files = candidates[batch * batchSize..<min(candidates.count, (batch + 1) * batchSize)].compactMap {
                        judge($0, opener: opener)
                    }
                    batches.withLock { $0[batch] = files }
                }
            }
            judged.reserveCapacity(candidates.count)
            for files in batches.withLock({ $0 }) { judged += files }
        }
        // Swift's sort is stable and merges the runs it finds: files found in path order (a sorted
        // list, as `git ls-files` gives) cost one comparison each.
        if sortsByPath { judged.sort { $0.report.path < $1.report.path } }
        return judged
    }

    private func judge(_ candidate: SoundCandidate, opener: FileOpener) -> JudgedFile? {
        guard let outcome = candidate.describe(opener: opener) else { return nil }
        if case .failure(.unreadable) = outcome, let surprise = candidate.surprise() {
            surprises.withLock { $0.append(surprise) }
            return nil
        }
        var verdict: Verdict
        if let note = candidate.unreadShipperNote {
            // Shipped by a project soundcheck does not read: which platform plays it, and how, is not known.
            verdict = policy.adding([note], to: Verdict(description: try? outcome.get(), findings: [], passed: true), path: candidate.path)
        } else {
            verdict = policy.verdict(for: outcome, path: candidate.path, platform: candidate.platform, purpose: candidate.purpose)
            if candidate.buildLowercasesName,
                Policy.isValidAndroidResourceName(Substring(Policy.androidResourceName(ofFile: fileName(of: candidate.path)).lowercased()))
            {
                verdict = policy.removing(from: verdict) { $0.code == .androidResourceName }
            }
            if let note = candidate.unknownPurposeNote {
                let uncertain = policy.withPurposeUncertain(verdict, path: candidate.path)
                verdict = uncertain.demoted ? policy.adding([note], to: uncertain.verdict, path: candidate.path) : uncertain.verdict
            }
            if !candidate.addedFindings.isEmpty { verdict = policy.adding(candidate.addedFindings, to: verdict, path: candidate.path) }
            if policy.listening.isOn, SoundListening.listens(to: outcome, platform: candidate.platform) {
                let heard = SoundListening.findings(forFileAt: candidate.path, purpose: candidate.purpose, policy: policy)
                if !heard.isEmpty { verdict = policy.adding(heard, to: verdict, path: candidate.path) }
            }
        }
        var report = FileReport(
            path: candidate.path, verdict: verdict, platform: candidate.platform, showsPlatform: candidate.showsPlatform,
            purpose: candidate.purpose)
        report.bundlePath = candidate.bundlePath
        if case .failure(.unsupportedContainer(let format)) = outcome { report.otherFormat = format }
        return JudgedFile(report, renderedBy: formatter, root: candidate.root)
    }
}
