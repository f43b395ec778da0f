/// The shapes of request body a server sends a notification in, and where each puts the sound
/// for iOS (a stable contract in JSON: `source`). Fields and precedence follow each provider's
/// documentation, cited in docs/apps.md ("Push-provider bodies").
public enum PushBodyShape: String, Sendable, CaseIterable {
    /// An APNs payload: `aps.sound`, or the `aps` dictionary itself.
    case apns
    /// Firebase Cloud Messaging HTTP v1: `message.apns.payload.aps.sound`. FCM v1's
    /// `message.notification` has no sound field, so without `aps.sound` no sound plays.
    case fcmV1 = "fcm-v1"
    /// The legacy FCM HTTP API: `notification.sound`, beside `to`, `registration_ids` or `condition`.
    case fcmLegacy = "fcm-legacy"
    /// The Expo push API: `sound` beside `to` (an Expo push token or a list of them), as
    /// "default", null or `{critical, name, volume}`.
    case expo
    /// OneSignal's create-notification body: `ios_sound`; without it the default sound plays,
    /// and "nil" turns the sound off.
    case oneSignal = "onesignal"

    /// How the shape is told apart, for the error that lists the shapes tried.
    var shapeDescription: String {
        switch self {
        case .apns: return "apns (an 'aps' object, or the keys of one)"
        case .fcmV1: return "fcm-v1 (a 'message' object)"
        case .fcmLegacy: return "fcm-legacy (a 'notification' object beside 'to', 'registration_ids' or 'condition')"
        case .expo: return "expo (a 'to' Expo push token)"
        case .oneSignal: return "onesignal ('app_id' or 'ios_sound')"
        }
    }

    /// The keys an `aps` dictionary may have: an object of only these is one.
    private static let apsKeys: [StaticString] = [
        "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content", "target-content-id",
        "interruption-level", "relevance-score", "filter-criteria", "stale-date", "content-state", "timestamp", "event",
        "dismissal-date", "attributes-type", "attributes",
    ]

    /// The request a body of one of the shapes makes, with its Android half.
    /// - Throws: `PayloadError.unknownShape` when it is none of them.
    static func request(in body: PushBody) throws(PayloadError) -> SoundRequest {
        var request = try appleRequest(in: body)
        if let shape = request.source { request.android = try androidRequest(in: body, shape: shape) }
        return request
    }

    /// The request a body makes of iOS.
    private static func appleRequest(in body: PushBody) throws(PayloadError) -> SoundRequest {
        if let aps = body[.aps] {
            guard aps.kind == .object else { throw .wrongType(key: "aps", expected: "an object") }
            return try SoundRequest(sound: .apsSound, in: body, source: .apns)
        }
        if let message = body[.message] {
            guard message.kind == .object else { throw .wrongType(key: "message", expected: "an object") }
            return try fcmV1Request(body)
        }
        let addressed = body.has(.to) || body.has(.registrationIDs) || body.has(.condition)
        if addressed, let notification = body[.notification] {
            guard notification.kind == .object else { throw .wrongType(key: "notification", expected: "an object") }
            switch body[.notificationSound]?.kind {
            case nil, .null?, .string?: return try SoundRequest(sound: .notificationSound, in: body, source: .fcmLegacy)
            default: throw .wrongType(key: "notification.sound", expected: "a string")
            }
        }
        if let to = body[.to], body.isExpoAddress(to) {
            return try SoundRequest(sound: .sound, in: body, source: .expo)
        }
        if addressed {
            // A legacy FCM data message: iOS shows nothing and plays no sound for it.
            var request = SoundRequest(sound: .none, source: .fcmLegacy)
            request.notes = Self.dataMessageNotes
            return request
        }
        if body.has(.appID) || body.has(.iosSound) {
            return try oneSignalRequest(body)
        }
        if body.keysAreAll(of: apsKeys) {
            return try SoundRequest(sound: .sound, in: body, source: .apns)
        }
        throw .unknownShape(keys: body.keys().sorted())
    }

    private static func fcmV1Request(_ body: PushBody) throws(PayloadError) -> SoundRequest {
        if body[.messageApns]?.kind == .object, body[.messageApnsPayload]?.kind == .object {
            guard body[.messageApnsPayloadAps]?.kind == .object else {
                throw .wrongType(key: "message.apns.payload.aps", expected: "an object")
            }
            if body.has(.messageApnsPayloadApsSound) {
                return try SoundRequest(sound: .messageApnsPayloadApsSound, in: body, source: .fcmV1)
            }
        }
        var request = SoundRequest(sound: .none, source: .fcmV1)
        request.notes = Self.fcmV1SilentNotes
        return request
    }

    private static func oneSignalRequest(_ body: PushBody) throws(PayloadError) -> SoundRequest {
        guard let sound = body[.iosSound], sound.kind != .null else {
            var request = SoundRequest(sound: .systemDefault, source: .oneSignal)
            request.notes = Self.oneSignalDefaultNotes
            return request
        }
        guard sound.kind == .string else { throw .wrongType(key: "ios_sound", expected: "a string") }
        if body.string(sound, is: "nil") { return SoundRequest(sound: .none, source: .oneSignal) }
        return try SoundRequest(sound: .iosSound, in: body, source: .oneSignal)
    }

    /// The notes of requests that say why no sound or the default one plays, made once: a body
    /// read against an inventory allocates nothing.
    private static let dataMessageNotes = ["an FCM data message (no 'notification'): iOS plays no sound for it"]
    private static let fcmV1SilentNotes = ["FCM v1 sends iOS no sound unless message.apns.payload.aps.sound is set"]
    private static let oneSignalDefaultNotes = ["without ios_sound, OneSignal plays the default sound"]
}
