/// `docs/libraries.md`, made from `NotificationLibrary.catalogue`: one table per ecosystem, a
/// row per library with its calls and keys, the platform each asks, how a name maps to a file,
/// whether soundcheck reads it, how much it is used, and its source. `LibraryCatalogueTests`
/// holds the file to this text; `SOUNDCHECK_WRITE_LIBRARIES_DOC=1` makes that test write it.
extension NotificationLibrary {
    /// How much each library is used, where a package list measures it: npm's downloads a month
    /// and PyPI's rank among its 15,000 most downloaded packages, from the package lists of
    /// 2026-11-25. NuGet, Maven and pub.dev publish no such figure there.
    static let measuredUse: [String: String] = [
        "expo-notifications": "4,516,642 a month", "@notifee/react-native": "1,138,374 a month",
        "react-native-push-notification": "324,312 a month", "@react-native-community/push-notification-ios": "576,170 a month",
        "react-native-notifications": "163,071 a month", "@capacitor/local-notifications": "812,031 a month",
        "@capacitor/push-notifications": "2,060,264 a month", "cordova-plugin-local-notification": "11,104 a month",
        "cordova-plugin-firebasex": "19,634 a month", "react-native-onesignal": "431,127 a month",
        "@aws-amplify/notifications": "4,958,595 a month", "@tauri-apps/plugin-notification": "359,752 a month",
        "@nativescript/local-notifications": "2,852 a month", "firebase-admin (Node.js)": "17,862,492 a month",
        "apn, @parse/node-apn": "325,005 + 792,678 a month", "Parse Server (Parse.Push.send)": "167,667 a month (parse-server)",
        "@pusher/push-notifications-server (Pusher Beams)": "80,999 a month", "expo-server-sdk (Expo push)": "1,694,133 a month",
        "firebase-admin (Python, Go, Java, C#, Node.js)": "PyPI rank 1,075", "apns2 (PyAPNs2)": "PyPI rank 9,377",
        "pyfcm": "PyPI rank 8,620", "exponent_server_sdk": "PyPI rank 6,462 (exponent-server-sdk)",
    ]

    /// The platform as the tables write it.
    static func platformName(_ platform: SoundNameUse.Platform) -> String {
        switch platform {
        case .ios: return "iOS"
        case .android: return "Android"
        case .crossPlatform: return "both"
        }
    }

    /// The whole of `docs/libraries.md`.
    public static var markdown: String {
        let read = catalogue.filter(\.isRead).count
        var text = """
            # Notification libraries soundcheck knows

            <!-- Made from Sources/AppContents/Code/NotificationLibrary.swift (NotificationLibrary.catalogue); \
            LibraryCatalogueTests fails when the two differ. Run it with SOUNDCHECK_WRITE_LIBRARIES_DOC=1 to write this file. -->

            Each library, push service or platform API whose calls or keys name a notification sound, by
            ecosystem: the call or key, the platform it asks, how the name it is given maps to a file,
            whether soundcheck reads it, and where that is documented. \(catalogue.count) are listed, \(read) of
            them read. The code reader looks each call up in the table by the language of the file it
            reads (`CallContext`), so a name that means another thing in another language (`Payload`,
            `Channel`, `android`) counts only where its library is written. Back to [README.md](../README.md).

            **How they were chosen.** By use, not by chance: npm's downloads a month and PyPI's rank among
            its 15,000 most downloaded packages, from the package lists of 2026-11-25 (the *use* column);
            for pub.dev, Maven and NuGet, which publish no such figure there, the libraries public code
            calls for notifications (the search corpus: `awesome_notifications`, `flutter_local_notifications`
            and `onesignal_flutter` in pubspecs, pushy and KMPNotifier in Gradle files).

            **Adding a library** is one row in `NotificationLibrary.catalogue` and one fixture in
            `LibraryCatalogueTests.fixtures`: the test fails for a row marked read without a fixture, for
            an `argument` call that is no pattern of `SoundNameScanner`, and when this file is not the
            table's text.

            *Kinds:* a **call or key around** a sound key decides the platform of the `sound` inside it
            (`createChannel({ sound })`); an **argument** is a call or key whose own value is the name
            (`UNNotificationSound(named:)`); a **legacy send** counts only its payload's
            `notification.sound`; a **body key** is a push body's key path, read in data files and raw bodies.

            """
        for ecosystem in Ecosystem.allCases {
            let rows = catalogue.filter { $0.ecosystem == ecosystem }
            guard !rows.isEmpty else { continue }
            text += "\n## \(ecosystem.rawValue)\n\n"
            text += "| library | calls and keys (platform) | name → file | read | use | source |\n"
            text += "|---|---|---|---|---|---|\n"
            for library in rows {
                let calls = library.calls.isEmpty ? "—" : library.calls.map(callText).joined(separator: ", ")
                let scope = library.appleSourceSetsOnly ? " (Kotlin in Apple source sets)" : ""
                let reading: String
                switch library.reading {
                case .read: reading = "yes"
                case .documented(let why): reading = "no: " + why
                }
                let cells = [
                    library.name + scope, calls, library.mapping.rawValue, reading, measuredUse[library.name] ?? "—", library.citation,
                ]
                text += "| " + cells.map(escaped).joined(separator: " | ") + " |\n"
            }
        }
        return text
    }

    /// A call as a table cell writes it: `name` (platform, kind).
    static func callText(_ call: Call) -> String {
        let kind: String
        switch call.kind {
        case .enclosing: kind = ""
        case .legacySend: kind = ", legacy send"
        case .argument: kind = ", argument"
        case .bodyKey: kind = ", body key"
        }
        return "`\(call.name)` (\(platformName(call.platform))\(kind))"
    }

    /// `cell` with its pipes escaped, as a Markdown table needs.
    static func escaped(_ cell: String) -> String {
        cell.replacing("|", with: "\\|")
    }
}
