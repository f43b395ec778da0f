import SoundContainers
import SoundResolver

/// A build's inventory of 1,000 sounds on iOS and 1,000 raw resources on Android, named as apps
/// name them (past the 15 bytes a `String` holds inline), and push bodies of each kind naming them.
enum PushBodies {
    static let count = 1000

    static let resolver: InventoryResolver = {
        let description = AudioDescription(
            container: .caf, encoding: .ima4, sampleRate: 22050, channels: 1, bitsPerChannel: 0, frameCount: 11025, dataRange: 0..<0)
        let sounds = (0..<count).map { index in
            SoundInventory.Sound(
                name: iosName(index), location: .bundle, path: "Example.app/" + iosName(index), passed: true, findings: [],
                audio: SoundInventory.Audio(description))
        }
        let raw = (0..<count).map { index in
            SoundInventory.Sound(
                name: androidName(index), location: .raw, path: "app/src/main/res/raw/\(androidName(index)).ogg", passed: true,
                findings: [], audio: nil)
        }
        let inventory = SoundInventory(
            generator: "soundcheck-benchmarks", input: "Example.app",
            apps: [
                SoundInventory.App(platform: .ios, name: "Example.app", bundle: "Example.app", sounds: sounds),
                SoundInventory.App(platform: .android, name: "app", sounds: raw),
            ])
        // As a backend has it: read from the JSON it stored.
        do {
            return try InventoryResolver(inventory: SoundInventory(json: Array(inventory.json.utf8)))
        } catch {
            fatalError("the benchmark's inventory does not read back: \(error)")
        }
    }()

    static func iosName(_ index: Int) -> String { "doorbell-chime-\(index).caf" }
    static func androidName(_ index: Int) -> String { "doorbell_chime_\(index)" }

    /// An APNs body: alert, badge, a critical sound, custom keys (240 bytes or so).
    static let aps: [[UInt8]] = (0..<count).map { index in
        Array(
            """
            {"aps":{"alert":{"title":"Door","subtitle":"Front","body":"Someone is at the front door"},"badge":3,\
            "sound":{"critical":1,"name":"\(iosName(index))","volume":0.8},"thread-id":"doorbell"},\
            "event":{"id":"7f3e9c2a","camera":"front","at":1732300000}}
            """.utf8)
    }

    /// An FCM HTTP v1 message with its APNs and Android halves.
    static let fcmV1: [[UInt8]] = (0..<count).map { index in
        Array(
            """
            {"message":{"token":"fMbDq3c7RkKx0vQ1:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx","notification":{"title":"Door",\
            "body":"Someone is at the front door"},"android":{"priority":"high","notification":{"sound":"\(androidName(index))",\
            "channel_id":"doorbell"}},"apns":{"headers":{"apns-priority":"10"},"payload":{"aps":{"sound":"\(iosName(index))",\
            "badge":3}}},"data":{"camera":"front"}}}
            """.utf8)
    }

    /// An Expo push message.
    static let expo: [[UInt8]] = (0..<count).map { index in
        Array(
            """
            {"to":"ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]","title":"Door","body":"Someone is at the front door",\
            "sound":"\(iosName(index))","channelId":"doorbell","data":{"camera":"front"},"priority":"high","badge":3}
            """.utf8)
    }
}
