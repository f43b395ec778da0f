/// A module whose code asks for a sound it does not ship: its build fails, with the diagnostic on
/// the line that asks for 'chime.caf'.
public enum NamedSounds {
    /// The sound this module ships.
    public static let ding = "ding.caf"
}

#if canImport(UserNotifications)
    import UserNotifications

    extension NamedSounds {
        /// The sound it ships, and one it does not.
        public static func sounds() -> [UNNotificationSound] {
            [
                UNNotificationSound(named: UNNotificationSoundName(rawValue: "ding.caf")),
                UNNotificationSound(named: UNNotificationSoundName(rawValue: "chime.caf")),
            ]
        }
    }
#endif
