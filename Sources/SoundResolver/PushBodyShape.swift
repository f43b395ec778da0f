import AppContents

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
    private static let apsKeys: Set<String> = [
        "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content", "target-content-id",
        "interruption-level", "relevance-score", "filter-criteria", "stale-date", "content-state", "timestamp", "event",
        "dismissal-date", "attributes-type", "attributes",
    ]

    /// The request a body of one of the shapes makes, with its Android half.
    /// - Throws: `PayloadError.unknownShape` when it is none of them.
    static func request(in body: [String: JSONValue]) throws(PayloadError) -> SoundRequest {
        var request = try appleRequest(in: body)
        if let shape = request.source { request.android = try androidRequest(in: body, shape: shape) }
        return request
    }

    /// The request a body makes of iOS.
    private static func appleRequest(in body: [String: JSONValue]) throws(PayloadError) -> SoundRequest {
        if let aps = body["aps"] {
            guard case .object(let dictionary) = aps else { throw .wrongType(key: "aps", expected: "an object") }
            return try SoundRequest(sound: dictionary["sound"], source: .apns)
        }
        if let message = body["message"] {
            guard case .object(let fields) = message else { throw .wrongType(key: "message", expected: "an object") }
            return try fcmV1Request(fields)
        }
        let addressed = body["to"] != nil || body["registration_ids"] != nil || body["condition"] != nil
        if addressed, let notification = body["notification"] {
            guard case .object(let fields) = notification else { throw .wrongType(key: "notification", expected: "an object") }
            switch fields["sound"] {
            case nil, .null?, .string?: return try SoundRequest(sound: fields["sound"], source: .fcmLegacy)
            default: throw .wrongType(key: "notification.sound", expected: "a string")
            }
        }
        if let to = body["to"], isExpoAddress(to) {
            return try SoundRequest(sound: body["sound"], source: .expo)
        }
        if addressed {
            // A legacy FCM data message: iOS shows nothing and plays no sound for it.
            var request = try SoundRequest(sound: nil, source: .fcmLegacy)
            request.notes.append("an FCM data message (no 'notification'): iOS plays no sound for it")
            return request
        }
        if body["app_id"] != nil || body["ios_sound"] != nil {
            return try oneSignalRequest(body["ios_sound"])
        }
        if body.keys.allSatisfy(apsKeys.contains) {
            return try SoundRequest(sound: body["sound"], source: .apns)
        }
        throw .unknownShape(keys: body.keys.sorted())
    }

    /// An Expo push token (`ExponentPushToken[…]`, `ExpoPushToken[…]`) or a list of them.
    private static func isExpoAddress(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let token): return token.hasPrefix("ExponentPushToken[") || token.hasPrefix("ExpoPushToken[")
        case .array(let tokens): return !tokens.isEmpty && tokens.allSatisfy(isExpoAddress)
        default: return false
        }
    }

    private static func fcmV1Request(_ message: [String: JSONValue]) throws(PayloadError) -> SoundRequest {
        var sound: JSONValue?
        if case .object(let apns)? = message["apns"], case .object(let payload)? = apns["payload"] {
            guard case .object(let aps)? = payload["aps"] else {
                throw .wrongType(key: "message.apns.payload.aps", expected: "an object")
            }
            sound = aps["sound"]
        }
        var request = try SoundRequest(sound: sound, source: .fcmV1)
        if sound == nil {
            request.notes.append("FCM v1 sends iOS no sound unless message.apns.payload.aps.sound is set")
        }
        return request
    }

    private static func oneSignalRequest(_ sound: JSONValue?) throws(PayloadError) -> SoundRequest {
        switch sound {
        case nil, .null?:
            var request = try SoundRequest(sound: .string("default"), source: .oneSignal)
            request.notes.append("without ios_sound, OneSignal plays the default sound")
            return request
        case .string("nil")?:
            return try SoundRequest(sound: nil, source: .oneSignal)
        case .string?:
            return try SoundRequest(sound: sound, source: .oneSignal)
        default:
            throw .wrongType(key: "ios_sound", expected: "a string")
        }
    }
}
