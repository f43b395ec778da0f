import Foundation
import TestSupport

@testable import SoundResolver

/// A throwaway app layout on disk: a data container, app groups and a bundle, filled with
/// sample files from `Samples/`.
final class AppLayout: Sendable {
    let root: URL
    var container: URL { root.appendingPathComponent("Data") }
    var containerSounds: URL { container.appendingPathComponent("Library/Sounds") }
    var groups: [URL] { ["GroupA", "GroupB"].map { root.appendingPathComponent($0) } }
    var groupSounds: [URL] { groups.map { $0.appendingPathComponent("Library/Sounds") } }
    var bundle: URL { root.appendingPathComponent("Example.app") }

    static let samples = URL(fileURLWithPath: TestPaths.samples)
    /// A short sound that plays.
    static let goodSound = samples.appendingPathComponent("valid/caf-ulaw-mono-8000.caf")
    /// Another one, to tell files apart.
    static let otherGoodSound = samples.appendingPathComponent("valid/wav-LEI16-mono-22050.wav")
    /// A 45-second sound that cannot play.
    static let longSound = samples.appendingPathComponent("invalid/ima4-45s-8000.aifc")

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("soundcheck-app-\(UUID().uuidString)")
        for folder in [containerSounds, bundle] + groupSounds {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    var locations: SoundLocations {
        SoundLocations(container: container.path, groups: groups.map(\.path), bundle: bundle.path)
    }

    /// Copies `source` to `folder/name`, replacing any file there atomically (as an app update would).
    func put(_ source: URL, as name: String, in folder: URL) throws {
        let temporary = folder.appendingPathComponent(".tmp-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: temporary)
        guard rename(temporary.path, folder.appendingPathComponent(name).path) == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    func remove(_ name: String, in folder: URL) throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
}
