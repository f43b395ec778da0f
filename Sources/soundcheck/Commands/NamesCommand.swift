import AppContents
import AppValidation
import ArgumentParser
import SoundContainers

/// `soundcheck names`: the sound names source code passes to the notification APIs, one per
/// line as `name<TAB>file:line<TAB>platform`, ready for `soundcheck resolve --names -`.
struct NamesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "names",
        abstract: "List the sound names the code asks for, to check them with resolve --names -.",
        discussion: """
            Finds string literals passed to UNNotificationSound(named:), soundNamed:, \
            criticalSoundNamed and UNNotificationSoundName( in Swift and Objective-C (ios); sound: and \
            soundName: in JavaScript and TypeScript (expo-notifications, notifee, \
            react-native-push-notification, push bodies built by a server: cross-platform), with \
            android_sound and ios_sound; sound: in Dart (DarwinNotificationDetails: ios) and \
            RawResourceAndroidNotificationSound (android); R.raw.NAME and …/raw/NAME URIs in Kotlin \
            and Java, templates too (android); push senders in Python, Go, Ruby, PHP, C#, Java, Kotlin \
            and Node (firebase-admin, apns2, pushy, apnotic, houston, rpush, the fcm gem, kreait, \
            dotAPNS, node-apn: the platform their API serves; the legacy FCM notification.sound: \
            both), and push bodies kept in .json, .yaml and .yml files (aps.sound, \
            android.notification.sound, a legacy FCM or Expo message's sound). Each line is name, \
            file:line and the platform asked: \
            the platform the API around a sound: key serves (a channel, an android: or aps block) or \
            that an if (Platform.OS === 'ios') around it selects. Each literal branch of a \
            conditional (?:, if, when, switch, Platform.select) is a name of its own; 'default' is \
            none; a name a player's call spells (MediaPlayer.create(context, R.raw.tone)) is left out. Only literals are found: a name built at run time, kept in a constant elsewhere or \
            sent by a server is not. node_modules, Pods and build folders are skipped. Exit 1 when \
            no name is found.
            """
    )

    @Argument(help: "Source files or folders to search (default: the current folder).")
    var paths: [String] = []

    func run() throws {
        let uses = (paths.isEmpty ? ["."] : paths).flatMap { path -> [SoundNameUse] in
            // A player's name (`MediaPlayer.create(context, R.raw.tone)`) is no notification's.
            SoundNameScanner.uses(under: path).filter { $0.purpose == .notification }
        }
        for path in paths where FileIdentity.of(path) == nil {
            throw UsageFailure(message: "\(path): no such file or folder")
        }
        try writeReport(uses.map { "\($0.name)\t\($0.file):\($0.line)\t\($0.platform.rawValue)" }.joined(separator: "\n"))
        if uses.isEmpty { throw ExitCode.failed }
    }
}
