import Foundation
import TestSupport
import Testing

/// cordova-plugin-local-notification's `file://` sound in an Ionic/Capacitor app: a file of the
/// web assets, built from `src/` into `www/` and copied into the native projects. When no web
/// source holds it and no build step names it, the default sound plays on each platform the app
/// builds: a certain error there.
@Suite("validate: a file:// sound no web source holds, on the platforms the app builds")
struct WebAssetSoundTests {
    /// An Ionic Angular app with Capacitor and only an Android project, scheduling
    /// `file://sound.mp3` through ionic-native, with no sound anywhere; `script` is package.json's
    /// `scripts` body.
    static func ionicAndroidApp(script: String = #""build": "ng build""#) throws -> RepositoryFixture {
        let repository = try RepositoryFixture()
        try repository.write(#"{"appId": "com.ln.app", "appName": "LN", "webDir": "www", "cordova": {}}"#, at: "capacitor.config.json")
        try repository.write(#"{"name": "ln", "type": "angular", "integrations": {"capacitor": {}}}"#, at: "ionic.config.json")
        try repository.write(
            #"{"name": "ln", "scripts": {\#(script)}, "dependencies": {"@capacitor/android": "^2.4.0", "cordova-plugin-local-notification": "^0.9.0-beta.2"}}"#,
            at: "package.json")
        try repository.write("<html><body><app-root></app-root></body></html>\n", at: "src/index.html")
        try repository.write("<svg/>\n", at: "src/assets/shapes.svg")
        try repository.write(
            """
            import { LocalNotifications } from '@ionic-native/local-notifications/ngx';

            export class HomePage {
              constructor(private localNotifications: LocalNotifications) {}
              test() {
                this.localNotifications.schedule({
                  id: 1,
                  sound: 'file://sound.mp3',
                });
              }
            }
            """, at: "src/app/home/home.page.ts")
        try repository.write("<manifest package=\"com.ln.app\"/>\n", at: "android/app/src/main/AndroidManifest.xml")
        try repository.write("<resources><string name=\"app_name\">LN</string></resources>\n", at: "android/app/src/main/res/values/strings.xml")
        // The copies Capacitor writes for its Cordova plugins and `cap copy`: no app of their own.
        try repository.write(
            """
            <?xml version='1.0' encoding='utf-8'?>
            <widget version="1.0.0" xmlns="http://www.w3.org/ns/widgets" xmlns:cdv="http://cordova.apache.org/ns/1.0">
              <access origin="*" />
            </widget>
            """, at: "android/app/src/main/res/xml/config.xml")
        try repository.write(#"{"appId": "com.ln.app", "webDir": "www"}"#, at: "android/app/src/main/assets/capacitor.config.json")
        return repository
    }

    @Test("Capacitor with only android/: file://sound.mp3 held by no web source is an Android error on its line")
    func missingOnAndroidOnly() throws {
        let repository = try Self.ionicAndroidApp()
        defer { repository.remove() }
        let result = try repository.validate()
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "src/app/home/home.page.ts:8 (android): error: asks Android for the sound 'file://sound.mp3', a file of the app's web assets (cordova-plugin-local-notification), but no source of the web build (www/, src/, src/assets/, public/, the webDir) nor its copy in the native project holds sound.mp3, and no build file names it, so the default sound plays: add it to the web assets [unknown-sound-name]"
            ), "\(result.stdout)")
        #expect(!result.stdout.contains("(ios)"), "the app builds Android only: \(result.stdout)")
        #expect(!result.stdout.contains("(none)"), "\(result.stdout)")

        // With an iOS project too, iOS asks for it as well.
        try repository.write("<plist version=\"1.0\"><dict/></plist>\n", at: "ios/App/App/Info.plist")
        try repository.addXcodeProject("ios/App/App.xcodeproj", target: "App", copying: ["App/Info.plist"])
        let both = try repository.validate()
        #expect(both.stdout.contains("src/app/home/home.page.ts:8 (ios): error: asks iOS for the sound 'file://sound.mp3'"), "\(both.stdout)")
        #expect(both.stdout.contains("src/app/home/home.page.ts:8 (android): error:"), "\(both.stdout)")
        let android = try repository.validate(["--platform", "android"])
        #expect(!android.stdout.contains("(ios)"), "\(android.stdout)")
    }

    @Test("the file in a web source (src/assets/), or in the native project's copy, answers the request")
    func heldByASourceOrACopy() throws {
        let repository = try Self.ionicAndroidApp()
        defer { repository.remove() }
        try repository.add(.mp3, at: "android/app/src/main/assets/public/sound.mp3")
        let copied = try repository.validate()
        #expect(!copied.stdout.contains("home.page.ts:8"), "\(copied.stdout)")
        try FileManager.default.removeItem(at: repository.root.appendingPathComponent("android/app/src/main/assets/public/sound.mp3"))
        try repository.add(.mp3, at: "src/assets/sound.mp3")
        let source = try repository.validate()
        #expect(!source.stdout.contains("home.page.ts:8"), "\(source.stdout)")
    }

    @Test("a build step that names the file may write it: a warning on the app's platform, not an error")
    func buildStepMayWriteIt() throws {
        let repository = try Self.ionicAndroidApp(script: #""build": "ng build && cp sounds/sound.mp3 www/""#)
        defer { repository.remove() }
        let result = try repository.validate()
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "src/app/home/home.page.ts:8 (android): warning: asks Android for the sound 'file://sound.mp3', a file of the app's www folder (cordova-plugin-local-notification), but no www/sound.mp3 is here, so the default sound plays unless a build writes it"
            ), "\(result.stdout)")
    }

    @Test("a Cordova app that runs hooks may write www/: a warning")
    func cordovaHooks() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.write(
            """
            <widget id="a.b" xmlns="http://www.w3.org/ns/widgets" xmlns:cdv="http://cordova.apache.org/ns/1.0"><platform name="ios" /></widget>
            """, at: "config.xml")
        try repository.write("cordova.plugins.notification.local.schedule({ id: 1, sound: 'file://ding.caf' });\n", at: "www/js/index.js")
        let certain = try repository.validate()
        #expect(certain.stdout.contains("www/js/index.js:1 (ios): error: asks iOS for the sound 'file://ding.caf'"), "\(certain.stdout)")
        try repository.write("module.exports = () => {};\n", at: "hooks/after_prepare/copy_sounds.js")
        let hooked = try repository.validate()
        #expect(hooked.stdout.contains("www/js/index.js:1 (ios): warning: asks iOS for the sound 'file://ding.caf'"), "\(hooked.stdout)")
    }
}
