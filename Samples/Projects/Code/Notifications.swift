import UserNotifications

func schedule(critical: Bool) {
    let content = UNMutableNotificationContent()
    content.sound = UNNotificationSound(named: UNNotificationSoundName("Welcome.caf"))
    if critical {
        content.sound = .criticalSoundNamed(UNNotificationSoundName(rawValue: "Siren.caf"), withAudioVolume: 0.8)
    }
    let name = "bell"
    content.sound = UNNotificationSound(named: UNNotificationSoundName(name))  // not a literal: not found
}
