import Dispatch
import SoundContainers
import SoundPolicy

/// A judged file with its part of the report, rendered where it was judged.
struct JudgedFile: Sendable {
    let report: FileReport
    let fragment: String
    /// Which command-line path it was found under.
    let root: Int
}

/// Judges files while the folder walk is still finding them: the walk hands over batches of
/// paths, worker threads read each file's header, judge it and render its part of the report.
/// With `sortsByPath` the result is sorted by path, so the output is the same whatever `jobs` is;
/// otherwise (one job only) it keeps the order the paths were found in.
struct ValidationPipeline {

    let policy: Policy
    let formatter: any ReportFormatter
    let jobs: Int
    var sortsByPath = true
    /// Unchecked command-line paths that turned out to be missing or folders, in no order.
    let surprises = Locked<[ArgumentSurprise]>([])

    /// Runs `collect`, which calls its argument with each candidate it finds, and judges them all;
    /// candidates that only might be audio and turn out not to be are left out.
    func run(collect: (_ found: (SoundCandidate) -> Void) throws -> Void) throws -> [JudgedFile] {
        let results = Locked<[JudgedFile]>([])
        if jobs == 1 {
            try collect { candidate in
                guard let judged = judge(candidate) else { return }
                results.withLock { $0.append(judged) }
            }
        } else {
            let group = DispatchGroup()
            // At most 2 × `jobs` batches are handed out at once, so the walk never waits for a
            // worker to take the next; Dispatch's global queue judges as many at once as it has
            // threads for (at most the cores), which may be fewer than `jobs`.
            let slots = DispatchSemaphore(value: jobs * 2)
            let batchSize = formatter.filesPerBatch
            var batch: [SoundCandidate] = []
            let submit = { (candidates: [SoundCandidate]) in
                slots.wait()
                DispatchQueue.global().async(group: group) {
                    let judged = candidates.compactMap(judge)
                    results.withLock { $0 += judged }
                    slots.signal()
                }
            }
            do {
                try collect { candidate in
                    batch.append(candidate)
                    if batch.count == batchSize {
                        submit(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
            } catch {
                group.wait()
                throw error
            }
            if !batch.isEmpty { submit(batch) }
            group.wait()
        }
        let judged = results.withLock { $0 }
        guard sortsByPath || jobs > 1 else { return judged }
        // Sorting positions, then placing each report once: sorting the reports moved each many times.
        return judged.indices.sorted { judged[$0].report.path < judged[$1].report.path }.map { judged[$0] }
    }

    private func judge(_ candidate: SoundCandidate) -> JudgedFile? {
        guard let outcome = candidate.describe() else { return nil }
        if case .failure(.unreadable) = outcome, let surprise = candidate.surprise() {
            surprises.withLock { $0.append(surprise) }
            return nil
        }
        let report = FileReport(path: candidate.path, verdict: policy.verdict(for: outcome, path: candidate.path))
        return JudgedFile(report: report, fragment: formatter.fragment(for: report), root: candidate.root)
    }
}
