import Foundation
import SharedState
import SoundResolver
import TestSupport
import Testing

@testable import scheduler_example

/// A clock that never really sleeps: `sleep(until:)` moves its time to the deadline at once and
/// records it, so a test sees exactly when each delivery was due.
final class InstantClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let current = LockedState(Instant(offset: .zero))
    private let sleeps = LockedState<[Duration]>([])

    var now: Instant { current.withLock { $0 } }
    var minimumResolution: Duration { .nanoseconds(1) }
    var sleptUntil: [Duration] { sleeps.withLock { $0 } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        current.withLock { $0 = max($0, deadline) }
        sleeps.withLock { $0.append(deadline.offset) }
    }
}

/// Collects deliveries from the scheduler's callback.
final class DeliveryLog: Sendable {
    private let entries = LockedState<[Delivery]>([])
    func append(_ delivery: Delivery) { entries.withLock { $0.append(delivery) } }
    var deliveries: [Delivery] { entries.withLock { $0 } }
}

@Suite("scheduler-example")
struct SchedulerTests {
    static let app = TestPaths.samples + "/App"

    private func run(_ schedule: [ScheduledNotification], resolver: SoundResolver, clock: InstantClock = InstantClock()) async throws
        -> [Delivery]
    {
        let log = DeliveryLog()
        try await NotificationScheduler(clock: clock, resolver: resolver).run(schedule) { log.append($0) }
        return log.deliveries
    }

    @Test("Samples/App/notifications.json: every outcome, delivered in time order, with no real sleeping")
    func exampleSchedule() async throws {
        let schedule = try ScheduledNotification.list(from: Data(contentsOf: URL(fileURLWithPath: Self.app + "/notifications.json")))
        let locations = SoundLocations(container: Self.app + "/Data", groups: [Self.app + "/Group"], bundle: Self.app + "/Example.app")
        let clock = InstantClock()
        let started = ContinuousClock.now
        let deliveries = try await run(schedule, resolver: SoundResolver(locations: locations), clock: clock)
        #expect(ContinuousClock.now - started < .seconds(0.5))
        #expect(deliveries.map(\.id) == schedule.map(\.id))
        #expect(clock.sleptUntil == schedule.map { .milliseconds(Int64($0.after * 1000)) })

        func outcome(_ id: String) -> String {
            guard let delivery = deliveries.first(where: { $0.id == id }) else { return "missing" }
            switch delivery.sound {
            case .failure: return "refused"
            case .success(let sound):
                if let file = sound.file { return "file:\(file.location.rawValue):\((file.path as NSString).lastPathComponent)" }
                return sound.resultName + (sound.reason.map { ":" + $0.rawValue } ?? "")
            }
        }
        #expect(outcome("welcome") == "file:container:Welcome.caf")
        #expect(outcome("group-chime") == "file:group:chime.wav")
        #expect(outcome("bundle-bell") == "file:bundle:bell.aiff")
        #expect(outcome("shadowed") == "file:container:Ding.caf")
        #expect(outcome("asks-default") == "default:requested")
        #expect(outcome("silent") == "none")
        #expect(outcome("wrong-case") == "default:not-found")
        #expect(outcome("with-folder") == "default:invalid-name")
        #expect(outcome("mp3-in-disguise") == "default:invalid-file")
        #expect(outcome("not-a-file") == "default:unreadable")
        #expect(outcome("critical-in-group") == "default-critical:not-found")
        #expect(outcome("critical-loud") == "file:container:Siren.caf")
        #expect(outcome("wrong-extension") == "default:not-found")
        #expect(outcome("malformed") == "refused")
    }

    @Test("the sound is resolved at fire time: a file replaced between deliveries is what plays")
    func resolvesAtFireTime() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scheduler-\(UUID().uuidString)")
        let sounds = folder.appendingPathComponent("Data/Library/Sounds")
        try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = URL(fileURLWithPath: Self.app + "/Data/Library/Sounds/Ding.caf")
        try FileManager.default.copyItem(at: good, to: sounds.appendingPathComponent("Tone.caf"))
        // The test clock does not really wait, so the resolver must look for changes on every call.
        let resolver = SoundResolver(
            locations: SoundLocations(container: folder.appendingPathComponent("Data").path), changeCheckInterval: .zero)
        let request = Result<SoundRequest, PayloadError>.success(SoundRequest(name: "Tone.caf"))
        let schedule = [
            ScheduledNotification(id: "first", after: 1, request: request),
            ScheduledNotification(id: "second", after: 60, request: request),
        ]
        let log = DeliveryLog()
        try await NotificationScheduler(clock: InstantClock(), resolver: resolver).run(schedule) { delivery in
            log.append(delivery)
            if delivery.id == "first" { try? FileManager.default.removeItem(at: sounds.appendingPathComponent("Tone.caf")) }
        }
        let reasons = log.deliveries.map { (try? $0.sound.get())?.reason }
        #expect(reasons == [nil, .notFound])
    }

    @Test("ties keep their order in the list; later items may come first in the file")
    func ordering() async throws {
        let request = Result<SoundRequest, PayloadError>.success(SoundRequest(name: "default"))
        let schedule = [
            ScheduledNotification(id: "c", after: 2, request: request),
            ScheduledNotification(id: "a", after: 1, request: request),
            ScheduledNotification(id: "b", after: 1, request: request),
        ]
        let deliveries = try await run(schedule, resolver: SoundResolver(locations: SoundLocations()))
        #expect(deliveries.map(\.id) == ["a", "b", "c"])
        #expect(deliveries.map(\.at) == [1, 1, 2])
    }
}
