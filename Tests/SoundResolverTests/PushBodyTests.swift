import Foundation
import Testing

@testable import SoundResolver

/// Request bodies as push providers take them: each shape's sound field and precedence, the
/// shape named in `source`, and bodies of no known shape refused (never "no sound").
@Suite("Push-provider bodies")
struct PushBodyTests {
    private func requests(_ json: String) throws -> [SoundRequest] {
        try SoundRequest.requests(inBody: Data(json.utf8))
    }

    private func only(_ json: String) throws -> SoundRequest {
        let all = try requests(json)
        try #require(all.count == 1)
        return all[0]
    }

    @Test("APNs: aps.sound, or the aps dictionary itself")
    func apns() throws {
        let request = try only(#"{"aps":{"alert":"Hi","sound":"Welcome.caf"}}"#)
        #expect(request.sound == .named("Welcome.caf"))
        #expect(request.source == .apns)
        #expect(try only(#"{"alert":"Hi","sound":"a.caf","badge":1}"#).source == .apns)
    }

    @Test("FCM HTTP v1: message.apns.payload.aps.sound; without it, no sound and a note saying why")
    func fcmV1() throws {
        let request = try only(#"{"message":{"token":"t","notification":{"title":"Hi"},"apns":{"payload":{"aps":{"sound":{"critical":1,"name":"Siren.caf","volume":0.8}}}}}}"#)
        #expect(request.sound == .named("Siren.caf"))
        #expect(request.isCritical)
        #expect(request.volume == 0.8)
        #expect(request.source == .fcmV1)
        let silent = try only(#"{"message":{"token":"t","notification":{"title":"Hi"},"android":{"notification":{"sound":"ding"}}}}"#)
        #expect(silent.sound == .none)
        #expect(silent.notes.contains("FCM v1 sends iOS no sound unless message.apns.payload.aps.sound is set"))
        // The Android half is read as Android's own request.
        #expect(silent.android?.sound == .named("ding"))
        #expect(silent.android?.channelID == nil)
        #expect(throws: PayloadError.wrongType(key: "message.apns.payload.aps", expected: "an object")) {
            try only(#"{"message":{"apns":{"payload":{"aps":"x"}}}}"#)
        }
    }

    @Test("FCM legacy: notification.sound beside to, registration_ids or condition")
    func fcmLegacy() throws {
        for address in [#""to":"t""#, #""registration_ids":["a"]"#, #""condition":"'a' in topics""#] {
            let request = try only(#"{\#(address),"notification":{"title":"Hi","sound":"Ding.caf"}}"#)
            #expect(request.sound == .named("Ding.caf"))
            #expect(request.source == .fcmLegacy)
        }
        #expect(try only(#"{"to":"t","notification":{"sound":"default"}}"#).sound == .systemDefault)
        #expect(throws: PayloadError.wrongType(key: "notification.sound", expected: "a string")) {
            try only(#"{"to":"t","notification":{"sound":1}}"#)
        }
        // A data message: an FCM token, no notification, so no sound on iOS (and not taken for Expo).
        let data = try only(#"{"to":"fcm-token","data":{"sound":"Ding.caf"}}"#)
        #expect(data.sound == .none)
        #expect(data.source == .fcmLegacy)
        #expect(data.notes == ["an FCM data message (no 'notification'): iOS plays no sound for it"])
    }

    @Test("Expo push API: sound as a string, null or an object, next to to; arrays of messages")
    func expo() throws {
        #expect(try only(#"{"to":"ExponentPushToken[x]","sound":"bell.wav"}"#).sound == .named("bell.wav"))
        #expect(try only(#"{"to":"ExponentPushToken[x]","sound":null}"#).sound == .none)
        #expect(try only(#"{"to":"ExponentPushToken[x]"}"#).sound == .none)
        let critical = try only(#"{"to":["ExponentPushToken[a]","ExpoPushToken[b]"],"sound":{"critical":true,"name":"default","volume":2}}"#)
        #expect(critical.sound == .systemDefault)
        #expect(critical.isCritical)
        #expect(critical.volume == 1)
        #expect(critical.source == .expo)
        let batch = try requests(
            #"[{"to":"ExponentPushToken[a]","sound":"default"},{"to":"ExponentPushToken[b]","sound":"x.caf"},{"aps":{"sound":"y.caf"}}]"#)
        #expect(batch.map(\.sound) == [.systemDefault, .named("x.caf"), .named("y.caf")])
        #expect(batch.map(\.source) == [.expo, .expo, .apns])
    }

    @Test("OneSignal: ios_sound; absent is the default sound, \"nil\" is none")
    func oneSignal() throws {
        let named = try only(#"{"app_id":"a","contents":{"en":"Hi"},"ios_sound":"Siren.caf"}"#)
        #expect(named.sound == .named("Siren.caf"))
        #expect(named.source == .oneSignal)
        let absent = try only(#"{"app_id":"a","contents":{"en":"Hi"}}"#)
        #expect(absent.sound == .systemDefault)
        #expect(absent.notes == ["without ios_sound, OneSignal plays the default sound"])
        #expect(try only(#"{"app_id":"a","ios_sound":"nil"}"#).sound == .none)
    }

    @Test("an object of no known shape lists the shapes tried; an array names the bad element")
    func unknown() throws {
        let error = PayloadError.unknownShape(keys: ["data", "token"])
        #expect(throws: error) { try only(#"{"token":"t","data":{"sound":"Welcome.caf"}}"#) }
        for shape in PushBodyShape.allCases {
            #expect(error.description.contains(shape.rawValue + " ("))
        }
        #expect(throws: PayloadError.inElement(1, PayloadError.unknownShape(keys: ["x"]).description)) {
            try requests(#"[{"aps":{}},{"x":1}]"#)
        }
        #expect(throws: PayloadError.notAnObject(element: 1)) { try requests(#"[{"aps":{}},3]"#) }
    }
}
