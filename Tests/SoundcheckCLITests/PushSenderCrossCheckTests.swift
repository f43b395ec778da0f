import TestSupport
import Testing

/// `validate .` on a repository whose push backend sits in its own folder beside the apps: every
/// backend language's sender asks every app of the repository, a name no app ships is an error
/// on its line for the platform its API serves, and a generic key stays a warning.
@Suite("validate: push senders in every backend language, against what the apps ship")
struct PushSenderCrossCheckTests {
    @Test("Python, Go, Ruby, PHP, C#, Java and Node senders beside an iOS and an Android app")
    func senders() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject("ios/App.xcodeproj", target: "App", copying: ["App/chime.caf", "App/ding.caf"])
        try repository.add(.cafULaw, at: "ios/App/chime.caf")
        try repository.add(.cafULaw, at: "ios/App/ding.caf")
        try repository.add(.mp3, at: "android/app/src/main/res/raw/chime.mp3")
        try repository.write(
            """
            from firebase_admin import messaging
            aps = messaging.Aps(sound='chime.caf')
            android = messaging.AndroidNotification(sound='bell')
            extra = {"sound": "maybe.caf"}
            """, at: "server/push.py")
        try repository.write(
            """
            package push
            import "github.com/sideshow/apns2/payload"
            func build() {
            \tp := payload.NewPayload().Sound("chime.caf")
            \tq := payload.NewPayload().Sound("gone.caf")
            }
            """, at: "server/push.go")
        try repository.write(
            """
            notification = Apnotic::Notification.new(token)
            notification.sound = "ring.caf"
            """, at: "server/push.rb")
        try repository.write(
            """
            <?php
            $config = AndroidConfig::new()->withSound('chime');
            $apns = ApnsConfig::new()->withSound('chime.aiff');
            """, at: "server/Push.php")
        try repository.write(
            """
            var aps = new Aps { Sound = "chime.caf" };
            var android = new AndroidNotification { Sound = "alarm" };
            """, at: "server/Push.cs")
        try repository.write(
            """
            Aps aps = Aps.builder().setSound("chime.caf").build();
            AndroidNotification android = AndroidNotification.builder().setSound("siren").build();
            """, at: "backend/src/main/java/Push.java")
        try repository.write(
            """
            const admin = require('firebase-admin');
            admin.messaging().sendToDevice(token, { notification: { sound: 'ding.caf' } });
            """, at: "functions/index.js")
        let text = try repository.validate()
        #expect(text.status == 1)
        func error(_ file: String, _ line: Int, _ platform: String, _ name: String) -> Bool {
            let system = platform == "ios" ? "iOS" : "Android"
            return text.stdout.contains(
                "\(file):\(line) (\(platform)): error: asks \(system) for the sound '\(name)', which no app here ships")
        }
        #expect(error("server/push.py", 3, "android", "bell"))
        #expect(error("server/push.go", 5, "ios", "gone.caf"))
        #expect(error("server/push.rb", 2, "ios", "ring.caf"))
        #expect(error("server/Push.php", 3, "ios", "chime.aiff"))
        #expect(error("server/Push.cs", 2, "android", "alarm"))
        #expect(error("backend/src/main/java/Push.java", 2, "android", "siren"))
        // The legacy payload reaches Android too, where no `ding` resource ships.
        #expect(error("functions/index.js", 2, "android", "ding.caf"))
        #expect(!error("functions/index.js", 2, "ios", "ding.caf"))
        // What the apps ship passes.
        for line in ["server/push.py:2", "server/push.go:4", "server/Push.php:2", "server/Push.cs:1", "backend/src/main/java/Push.java:1"] {
            #expect(!text.stdout.contains(line + " "), "\(line)")
        }
        #expect(text.stdout.contains("server/push.py:4 (ios): warning: may ask iOS for the sound 'maybe.caf'"))
    }

    @Test("push bodies in JSON and YAML files: a template's name on its line; test data and configs stay out")
    func dataFiles() throws {
        let repository = try RepositoryFixture()
        defer { repository.remove() }
        try repository.addXcodeProject("ios/App.xcodeproj", target: "App", copying: ["App/chime.caf"])
        try repository.add(.cafULaw, at: "ios/App/chime.caf")
        let body = { (sound: String) in "{\n  \"aps\": {\n    \"alert\": \"Hi\",\n    \"sound\": \"\(sound)\"\n  }\n}\n" }
        try repository.write(body("chime.caf"), at: "server/templates/ok.json")
        try repository.write(body("bell.caf"), at: "server/templates/alert.json")
        try repository.write("message:\n  apns:\n    payload:\n      aps:\n        sound: ring.caf\n", at: "server/templates/alert.yml")
        try repository.write(body("fixture.caf"), at: "server/fixtures/push.json")
        try repository.write(body("tested.caf"), at: "server/test/push.json")
        try repository.write("{ \"name\": \"server\", \"config\": { \"sound\": \"config.caf\" } }", at: "server/settings.json")
        let text = try repository.validate()
        #expect(text.status == 1)
        #expect(
            text.stdout.contains(
                "server/templates/alert.json:4 (ios): error: asks iOS for the sound 'bell.caf', which no app here ships, so the default sound plays [unknown-sound-name]"
            ))
        #expect(text.stdout.contains("server/templates/alert.yml:5 (ios): error: asks iOS for the sound 'ring.caf'"))
        for name in ["chime.caf'", "fixture.caf", "tested.caf", "config.caf"] {
            #expect(!text.stdout.contains("the sound '\(name)"), "\(name)")
        }
    }
}
