import Foundation
import SoundPolicy
import TestSupport
import Testing

@testable import SoundResolver

/// The Android half of push bodies, as each provider documents it, resolved against raw folders.
@Suite("Android: push bodies and raw resources")
struct AndroidResolverTests {
    static func only(_ json: String) throws -> SoundRequest {
        try SoundRequest(payload: Array(json.utf8))
    }

    @Test("each provider's Android fields: FCM v1, FCM legacy, OneSignal, Expo; APNs has none")
    func bodies() throws {
        let v1 = try Self.only(#"{"message":{"token":"t","notification":{"title":"Hi"},"android":{"notification":{"sound":"chime","channel_id":"alerts"}}}}"#)
        #expect(v1.android == AndroidSoundRequest(sound: .named("chime"), channelID: "alerts", fields: "message.android.notification"))
        let legacy = try Self.only(#"{"to":"t","notification":{"title":"Hi","sound":"chime","android_channel_id":"alerts"}}"#)
        #expect(legacy.android?.sound == .named("chime"))
        #expect(legacy.android?.channelID == "alerts")
        #expect(legacy.name == "chime", "the legacy API's notification.sound is both platforms'")
        let oneSignal = try Self.only(#"{"app_id":"a","contents":{"en":"Hi"},"android_sound":"chime","android_channel_id":"c-1","ios_sound":"chime.caf"}"#)
        #expect(oneSignal.android?.sound == .named("chime"))
        #expect(oneSignal.android?.channelID == "c-1")
        #expect(oneSignal.name == "chime.caf")
        let expo = try Self.only(#"{"to":"ExponentPushToken[x]","title":"Hi","sound":"default","channelId":"alerts"}"#)
        #expect(expo.android?.sound == .unset)
        #expect(expo.android?.channelID == "alerts")
        #expect(expo.android?.notes == ["Expo's sound is for iOS: on Android the channel's sound plays"])
        #expect(try Self.only(#"{"aps":{"sound":"a.caf"}}"#).android == nil)
        let unset = try Self.only(#"{"message":{"token":"t","notification":{"title":"Hi"}}}"#)
        #expect(unset.android?.sound == .unset)
        #expect(throws: PayloadError.wrongType(key: "message.android.notification.sound", expected: "a string")) {
            try Self.only(#"{"message":{"android":{"notification":{"sound":1}}}}"#)
        }
    }

    @Test("raw resources: by resource name; an extension, another case, a missing or unplayable file fall back")
    func resolve() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("raw-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.samples + "/valid/wav-LEI16-mono-22050.wav", toPath: folder + "/chime.wav")
        try FileManager.default.copyItem(atPath: TestPaths.samples + "/valid/aiff-BEI16-mono-22050.aiff", toPath: folder + "/bell.aiff")
        let resolver = AndroidSoundResolver(rawFolders: [folder])
        let chime = resolver.resolve(AndroidSoundRequest(name: "chime"))
        #expect(chime.outcome == .file(folder + "/chime.wav"))
        #expect(!chime.fellBack)
        let withExtension = resolver.resolve(AndroidSoundRequest(name: "chime.wav"))
        #expect(withExtension.reason == .invalidName)
        #expect(withExtension.hints == ["write 'chime': Android names a raw resource without its extension"])
        #expect(resolver.resolve(AndroidSoundRequest(name: "Chime")).hints == ["'chime' differs only by case; resource names are lower-case"])
        #expect(resolver.resolve(AndroidSoundRequest(name: "gone")).reason == .notFound)
        let bell = resolver.resolve(AndroidSoundRequest(name: "bell"))
        #expect(bell.reason == .invalidFile)
        #expect(bell.findings.map(\.code) == [.androidUnsupportedFormat])
        #expect(resolver.resolve(AndroidSoundRequest(name: "default")).reason == .requested)
        #expect(resolver.resolve(AndroidSoundRequest(name: "chime", channelID: "alerts")).channelNote.contains("channel 'alerts' decides"))
    }
}
