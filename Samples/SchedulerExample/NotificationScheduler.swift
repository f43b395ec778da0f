import SoundResolver

/// One delivery: which notification fired, when, and what played.
struct Delivery: Sendable {
    let id: String
    /// Seconds after the start of the schedule.
    let at: Double
    /// What plays, or why the payload could not be read.
    let sound: Result<ResolvedSound, PayloadError>
}

/// Delivers notifications on a clock, resolving each one's sound at fire time through one shared
/// resolver: a sound file replaced, removed or added while waiting is what the delivery plays.
struct NotificationScheduler<C: Clock>: Sendable where C.Duration == Duration {
    let clock: C
    let resolver: SoundResolver
    /// The app's notification settings, applied to every delivery.
    var settings = NotificationSettings()

    /// Waits for each notification's time, in order of time (ties keep their order in the list),
    /// resolves its sound and hands the delivery to `deliver`.
    func run(_ notifications: [ScheduledNotification], deliver: @Sendable (Delivery) async -> Void) async throws {
        let start = clock.now
        let ordered = notifications.enumerated().sorted { ($0.element.after, $0.offset) < ($1.element.after, $1.offset) }
        for (_, notification) in ordered {
            try await clock.sleep(until: start.advanced(by: .milliseconds(Int64((notification.after * 1000).rounded()))), tolerance: nil)
            let sound = notification.request.map { resolver.resolve($0, settings: settings) }
            await deliver(Delivery(id: notification.id, at: notification.after, sound: sound))
        }
    }
}
