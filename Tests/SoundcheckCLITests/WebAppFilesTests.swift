import Foundation
import TestSupport
import Testing

/// A Cordova app at a repository's root (no `platforms/`) and a Capacitor app: their web files
/// ship in a folder of the bundle (`www/`, `public/`), not its root, so a push body naming one
/// plays the default sound; the error says why and where the file must go.
@Suite("validate: Cordova's www/ and Capacitor's web files are not where notifications look")
struct WebAppFilesTests {
    /// Cordova's own template config.xml, with each platform's block; `ios` holds `iosBlock`.
    static func cordovaConfig(iosBlock: String = "") -> String {
        """
        <?xml version='1.0' encoding='utf-8'?>
        <widget id="com.example.bell" version="1.0.0" xmlns="http://www.w3.org/ns/widgets" xmlns:cdv="http://cordova.apache.org/ns/1.0">
            <name>Bell</name>
            <content src="index.html" />
            <platform name="android">
                <allow-intent href="market:*" />
            </platform>
            <platform name="ios">
                <allow-intent href="itms:*" />\(iosBlock)
            </platform>
        </widget>
        """
    }

    /// A Cordova app at the root with no platforms/, its sound only in www/, and a firebase-admin sender.
    static func cordovaWithSender() throws -> RepositoryFixture {
        let repository = try RepositoryFixture()
        try repository.write(cordovaConfig(), at: "config.xml")
        try repository.write("<html><body></body></html>\n", at: "www/index.html")
        try repository.add(.wav16, at: "www/beep.wav")
        try repository.write(
            """
            const admin = require('firebase-admin');
            async function ring(token) {
              await admin.messaging().send({
                token,
                apns: { payload: { aps: { sound: 'beep.wav' } } },
                android: { notification: { sound: 'beep' } },
              });
            }
            """, at: "server/push.js")
        return repository
    }

    @Test("Cordova without platforms/: an APNs sound only in www/ is an error that says to copy it with <resource-file>")
    func cordovaSoundOnlyInWWW() throws {
        let repository = try Self.cordovaWithSender()
        defer { repository.remove() }
        let result = try repository.validate()
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "server/push.js:5 (ios): error: asks iOS for the sound 'beep.wav', which no app here ships, so the default sound plays ('beep.wav' is only in the web app's files (www/beep.wav), which Cordova copies into the bundle's www/ folder, not its root, where iOS looks: copy it there with <resource-file src=\"www/beep.wav\" target=\"beep.wav\" /> inside <platform name=\"ios\"> in config.xml) [unknown-sound-name]"
            ), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "server/push.js:6 (android): error: asks Android for the sound 'beep', which no app here ships, so the default sound plays ('beep.wav' is only in the web app's files (www/beep.wav), which Cordova copies into the app's assets, not res/raw, where Android looks: copy it there with <resource-file src=\"www/beep.wav\" target=\"app/src/main/res/raw/beep.wav\" /> inside <platform name=\"android\"> in config.xml) [unknown-sound-name]"
            ), "\(result.stdout)")
        // The file itself is the web app's: no notification rule, no not-shipped warning.
        let (_, files) = try repository.validateJSON()
        #expect(files["www/beep.wav"]?.codes == ["app-sound"], "\(files.mapValues(\.codes))")
        #expect(files["www/beep.wav"]?["purpose"] as? String == "app")

        // Copied to the bundle's root for iOS, as the error says: iOS's name is answered.
        let copying = "\n        <resource-file src=\"www/beep.wav\" target=\"beep.wav\" />"
        try repository.write(Self.cordovaConfig(iosBlock: copying), at: "config.xml")
        let copied = try repository.validate()
        #expect(!copied.stdout.contains("(ios): error"), "\(copied.stdout)")
        #expect(copied.stdout.contains("server/push.js:6 (android): error: asks Android for the sound 'beep'"), "\(copied.stdout)")
    }

    @Test("Cordova: node-apn's note.sound naming a www/ file gets the same why and where")
    func nodeAPNSender() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(Self.cordovaConfig(), at: "config.xml")
        try repository.add(.wav16, at: "www/beep.wav")
        try repository.write(
            "const apn = require('apn');\nconst note = new apn.Notification();\nnote.sound = \"beep.wav\";\n", at: "server/apn.js")
        let result = try repository.validate()
        let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("server/apn.js:3 (ios):") }
        #expect(
            line?.contains(
                "'beep.wav' is only in the web app's files (www/beep.wav), which Cordova copies into the bundle's www/ folder, not its root"
            ) == true, "\(result.stdout)")
    }

    @Test("Cordova builds for the platforms it names; a PhoneGap Build config (W3C widget namespace only) is a Cordova app")
    func cordovaPlatforms() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <widget xmlns="http://www.w3.org/ns/widgets" xmlns:gap="http://phonegap.com/ns/1.0" id="com.example.a" version="1.0.0">
                <platform name="android" />
            </widget>
            """, at: "config.xml")
        try repository.write(
            "const admin = require('firebase-admin');\nadmin.messaging().send({ apns: { payload: { aps: { sound: 'chime.caf' } } }, android: { notification: { sound: 'chime' } } });\n",
            at: "server/push.js")
        // PhoneGap Build's layout: config.xml inside the web folder, beside index.html.
        try repository.write("<html></html>\n", at: "index.html")
        try repository.add(.mp3, at: "sounds/chime.mp3")
        let result = try repository.validate()
        #expect(
            result.stdout.contains(
                "server/push.js:2 (android): error: asks Android for the sound 'chime', which no app here ships, so the default sound plays ('chime.mp3' is only in the web app's files (sounds/chime.mp3), which Cordova copies into the app's assets, not res/raw, where Android looks: copy it there with <resource-file src=\"sounds/chime.mp3\" target=\"app/src/main/res/raw/chime.mp3\" /> inside <platform name=\"android\"> in config.xml)"
            ), "\(result.stdout)")
        #expect(!result.stdout.contains("(ios)"), "the app builds for Android only: \(result.stdout)")
        let (_, files) = try repository.validateJSON()
        #expect(files["sounds/chime.mp3"]?.codes == ["app-sound"], "\(files.mapValues(\.codes))")
    }

    @Test("Capacitor: a sound among the web app's files (public/) lands in the bundle's public/ folder")
    func capacitorPublicFolder() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(#"{"appId": "com.example.app", "appName": "App", "webDir": "dist"}"#, at: "capacitor.config.json")
        try repository.write(#"{"name": "app", "dependencies": {"@capacitor/core": "^6.0.0"}}"#, at: "package.json")
        try repository.addXcodeProject("ios/App/App.xcodeproj", target: "App", copying: ["App/Info.plist"])
        try repository.write("<plist version=\"1.0\"><dict/></plist>\n", at: "ios/App/App/Info.plist")
        try repository.add(.wav16, at: "public/beep.wav")
        try repository.write(
            """
            import { LocalNotifications } from '@capacitor/local-notifications';
            await LocalNotifications.schedule({ notifications: [{ id: 1, title: 'Up', body: 'b', sound: 'beep.wav' }] });
            """, at: "src/notify.ts")
        let result = try repository.validate()
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "src/notify.ts:2 (ios): error: asks iOS for the sound 'beep.wav', which no app here ships, so the default sound plays ('beep.wav' is only in the web app's files (public/beep.wav), which Capacitor copies into the bundle's public/ folder, not its root, where iOS looks: add the file to the App target in Xcode (ios/App/App)) [unknown-sound-name]"
            ), "\(result.stdout)")
        let (_, files) = try repository.validateJSON()
        #expect(files["public/beep.wav"]?.codes == ["app-sound"], "\(files.mapValues(\.codes))")
    }

    @Test("a res/raw folder inside Cordova's www/ is a web file, not a raw resource: res://ding is missing on Android")
    func rawFolderInsideWWW() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(Self.cordovaConfig(), at: "config.xml")
        try repository.add(.wav16, at: "www/res/raw/ding.wav")
        try repository.write(
            "cordova.plugins.notification.local.schedule({ id: 1, sound: 'res://ding' });\n", at: "www/js/index.js")
        let result = try repository.validate()
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "www/js/index.js:1 (android): error: asks Android for the sound 'ding', which no app here ships, so the default sound plays ('ding.wav' is only in the web app's files (www/res/raw/ding.wav)"
            ), "\(result.stdout)")
        let (_, files) = try repository.validateJSON()
        #expect(files["www/res/raw/ding.wav"]?.codes == ["app-sound"], "\(files.mapValues(\.codes))")
    }
}
