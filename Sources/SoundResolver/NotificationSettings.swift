/// The app's notification settings at delivery time, as `UNNotificationSettings` gives them
/// (`soundSetting`, `criticalAlertSetting`), when the caller knows them.
public struct NotificationSettings: Sendable, Equatable {
    /// `soundSetting == .enabled`: the user lets the app's notifications play sounds.
    public var soundsEnabled: Bool
    /// `criticalAlertSetting == .enabled`: the user authorised critical alerts.
    public var criticalAlertsAuthorized: Bool

    /// Settings; by default everything is allowed (what a resolver assumes without settings).
    public init(soundsEnabled: Bool = true, criticalAlertsAuthorized: Bool = true) {
        self.soundsEnabled = soundsEnabled
        self.criticalAlertsAuthorized = criticalAlertsAuthorized
    }

    /// The hint for a critical request made without critical-alert authorization.
    static let criticalNotAuthorized =
        "critical alerts are not authorized: the notification is delivered as a regular one, so its sound "
        + "respects the mute switch and Do Not Disturb and is looked for as a regular sound's is"

    /// What plays for `request` under these settings, `resolve` answering for sounds that are on:
    /// nothing when sounds are turned off; a critical request without critical-alert
    /// authorization is delivered as a regular notification, so it is resolved as one, with a
    /// hint saying so.
    func resolve(_ request: SoundRequest, by resolve: (SoundRequest) -> ResolvedSound) -> ResolvedSound {
        guard soundsEnabled else {
            return ResolvedSound(
                request: request, outcome: .none, reason: request.sound == .none ? nil : .soundsDisabled, findings: [],
                hints: request.sound == .none ? [] : ["the app's notification settings turn sounds off"], searched: [])
        }
        guard request.isCritical, !criticalAlertsAuthorized else { return resolve(request) }
        var regular = request
        regular.isCritical = false
        var resolved = resolve(regular)
        resolved.request = request
        resolved.hints.insert(Self.criticalNotAuthorized, at: 0)
        return resolved
    }
}
