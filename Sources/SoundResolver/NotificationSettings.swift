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
}
