import AppContents
import Dispatch
import SharedState

/// Each repository's code, read on other threads while the walk goes on and the run reads its
/// projects and configs: the walk hands over each source file it meets, and every 16 files
/// become a batch that a reader thread takes. When the run needs the answer, its own thread reads
/// the batches no reader has taken yet instead of waiting. Only the files that use a notification
/// or playback API are read again, once the walk has found the sounds (`SoundUsage.findPurposes`),
/// and a batch that holds a file no build compiles, once the projects are read (`CompiledSources`).
final class CodeReading: Sendable {
    /// Files read as one task: large enough to outweigh the hand-over, small enough to start early.
    static let batchSize = 16

    private struct Batch {
        let root: Int
        let number: Int
        let files: [String]
    }

    private struct State {
        /// The files of each root not yet in a batch.
        var pending: [Int: [String]] = [:]
        /// How many batches each root has made.
        var made: [Int: Int] = [:]
        /// The batches no thread has taken yet, oldest first.
        var queue: [Batch] = []
        /// How many reader threads are taking batches.
        var readers = 0
        /// What each batch read, with its files, by root and batch number.
        var read: [Int: [Int: (files: [String], usage: SoundUsage)]] = [:]
    }

    private let readerLimit: Int
    /// Whether the files are also searched for the sound names their calls spell.
    private let scansNames: Bool
    private let group = DispatchGroup()
    private let state = LockedState(State())

    /// Nothing read yet; at most `readers` threads besides the caller's read at once. With
    /// `scansNames` false, the files are read for what each sound is for only.
    init(readers: Int, scansNames: Bool = true) {
        readerLimit = max(1, readers)
        self.scansNames = scansNames
    }

    /// Takes the source file `path`, found under the command-line path `root`.
    func add(_ path: String, root: Int) {
        let startsReader = state.withLock { state in
            state.pending[root, default: []].append(path)
            guard state.pending[root]!.count == Self.batchSize else { return false }
            return queue(root, in: &state)
        }
        if startsReader { startReader() }
    }

    /// Queues what is left of every root: the walk is over.
    func walkEnded() {
        let readers = state.withLock { state in state.pending.keys.sorted().filter { queue($0, in: &state) }.count }
        for _ in 0..<readers { startReader() }
    }

    /// What the code under `root` shows of the sounds named `soundFiles`, once every batch is read,
    /// from the files `isAppCode` keeps: a batch that holds another is read again without it.
    func usage(of root: Int, soundFiles: [String], keeping isAppCode: (String) -> Bool = { _ in true }) -> SoundUsage {
        readBatches()
        group.wait()
        var usage = SoundUsage(scanningNames: scansNames)
        for (_, part) in state.withLock({ $0.read[root] ?? [:] }).sorted(by: { $0.key < $1.key }) {
            let kept = part.files.filter(isAppCode)
            guard kept.count < part.files.count else {
                usage.append(part.usage)
                continue
            }
            var again = SoundUsage(scanningNames: scansNames)
            again.read(kept)
            usage.append(again)
        }
        usage.readSenderWrapperCalls()
        usage.findPurposes(of: soundFiles)
        return usage
    }

    /// Makes a batch of `root`'s pending files and says whether a reader should start for it.
    private func queue(_ root: Int, in state: inout State) -> Bool {
        guard let files = state.pending.removeValue(forKey: root), !files.isEmpty else { return false }
        let number = state.made[root, default: 0]
        state.made[root] = number + 1
        state.queue.append(Batch(root: root, number: number, files: files))
        guard state.readers < readerLimit else { return false }
        state.readers += 1
        return true
    }

    /// Starts a reader thread, which reads batches until none is left (and, under the same lock,
    /// stops counting itself: a batch queued after that starts another).
    private func startReader() {
        DispatchQueue.global().async(group: group) { [self] in
            while let batch = state.withLock({ state -> Batch? in
                guard !state.queue.isEmpty else {
                    state.readers -= 1
                    return nil
                }
                return state.queue.removeFirst()
            }) {
                read(batch)
            }
        }
    }

    /// Reads, on the caller's thread, the batches no reader has taken yet.
    private func readBatches() {
        while let batch = state.withLock({ $0.queue.isEmpty ? nil : $0.queue.removeFirst() }) { read(batch) }
    }

    private func read(_ batch: Batch) {
        var part = SoundUsage(scanningNames: scansNames)
        part.read(batch.files)
        state.withLock { $0.read[batch.root, default: [:]][batch.number] = (batch.files, part) }
    }
}
