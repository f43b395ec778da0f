import AppContents
import SoundResolver

/// The push-body reader as it was before `PushBodyScanner`: the whole body parsed into a tree of
/// `JSONValue`s by `JSONParser`, then each shape's keys looked up in its dictionaries. Kept only as
/// the reference the scanner must agree with, byte for byte, on every input (the tests, and the
/// `payload` fuzz target, which compiles this file beside it).
enum TreePushBodyReader {
    /// The requests in a body, or the error, as `SoundRequest.requests(inBody:)` gave them.
    static func requests(inBody body: [UInt8]) throws(PayloadError) -> [SoundRequest] {
        let root: JSONValue
        do {
            root = try JSONParser.parse(body)
        } catch {
            throw .notJSON(error.description)
        }
        switch root {
        case .object(let top):
            return [try request(in: top)]
        case .array(let elements):
            var requests: [SoundRequest] = []
            for (index, element) in elements.enumerated() {
                guard case .object(let top) = element else { throw .notAnObject(element: index) }
                do {
                    requests.append(try request(in: top))
                } catch {
                    throw .inElement(index, error.description)
                }
            }
            return requests
        default:
            throw .notAnObject(element: nil)
        }
    }

    /// The one request, as `SoundRequest(payload:)` gave it.
    static func onlyRequest(inBody body: [UInt8]) throws(PayloadError) -> SoundRequest {
        let requests = try requests(inBody: body)
        guard requests.count == 1, let only = requests.first else { throw .severalRequests(requests.count) }
        return only
    }

    private static let apsKeys: Set<String> = [
        "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content", "target-content-id",
        "interruption-level", "relevance-score", "filter-criteria", "stale-date", "content-state", "timestamp", "event",
        "dismissal-date", "attributes-type", "attributes",
    ]

    private static func request(in body: [String: JSONValue]) throws(PayloadError) -> SoundRequest {
        var request = try appleRequest(in: body)
        if let shape = request.source { request.android = try androidRequest(in: body, shape: shape) }
        return request
    }

    private static func appleRequest(in body: [String: JSONValue]) throws(PayloadError) -> SoundRequest {
        if let aps = body["aps"] {
            guard case .object(let dictionary) = aps else { throw .wrongType(key: "aps", expected: "an object") }
            return try soundRequest(dictionary["sound"], source: .apns)
        }
        if let message = body["message"] {
            guard case .object(let fields) = message else { throw .wrongType(key: "message", expected: "an object") }
            return try fcmV1Request(fields)
        }
        let addressed = body["to"] != nil || body["registration_ids"] != nil || body["condition"] != nil
        if addressed, let notification = body["notification"] {
            guard case .object(let fields) = notification else { throw .wrongType(key: "notification", expected: "an object") }
            switch fields["sound"] {
            case nil, .null?, .string?: return try soundRequest(fields["sound"], source: .fcmLegacy)
            default: throw .wrongType(key: "notification.sound", expected: "a string")
            }
        }
        if let to = body["to"], isExpoAddress(to) {
            return try soundRequest(body["sound"], source: .expo)
        }
        if addressed {
            var request = try soundRequest(nil, source: .fcmLegacy)
            request.notes.append("an FCM data message (no 'notification'): iOS plays no sound for it")
            return request
        }
        if body["app_id"] != nil || body["ios_sound"] != nil {
            return try oneSignalRequest(body["ios_sound"])
        }
        if body.keys.allSatisfy(apsKeys.contains) {
            return try soundRequest(body["sound"], source: .apns)
        }
        throw .unknownShape(keys: body.keys.sorted())
    }

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
        var request = try soundRequest(sound, source: .fcmV1)
        if sound == nil {
            request.notes.append("FCM v1 sends iOS no sound unless message.apns.payload.aps.sound is set")
        }
        return request
    }

    private static func oneSignalRequest(_ sound: JSONValue?) throws(PayloadError) -> SoundRequest {
        switch sound {
        case nil, .null?:
            var request = try soundRequest(.string("default"), source: .oneSignal)
            request.notes.append("without ios_sound, OneSignal plays the default sound")
            return request
        case .string("nil")?:
            return try soundRequest(nil, source: .oneSignal)
        case .string?:
            return try soundRequest(sound, source: .oneSignal)
        default:
            throw .wrongType(key: "ios_sound", expected: "a string")
        }
    }

    /// The request of an `aps` dictionary's `sound` value (or an Expo message's, or a provider's
    /// string), read as `source`.
    private static func soundRequest(_ value: JSONValue?, source: PushBodyShape) throws(PayloadError) -> SoundRequest {
        var request = SoundRequest(name: "default")
        request.source = source
        switch value {
        case nil, .null?:
            request.sound = .none
        case .string(let name)?:
            request.sound = name == "default" ? .systemDefault : .named(name)
        case .object(let dictionary)?:
            request.isCritical = try flag(dictionary["critical"])
            guard case .string(let name)? = dictionary["name"] else {
                throw .wrongType(key: "sound.name", expected: "a string")
            }
            request.sound = name == "default" ? .systemDefault : .named(name)
            switch dictionary["volume"] {
            case nil, .null?: break
            case .number(let value)?:
                if !(0...1).contains(value) {
                    let clamped = value.isNaN ? 1 : min(max(value, 0), 1)
                    request.notes.append("volume \(value) is outside 0…1; clamped to \(clamped)")
                    request.volume = clamped
                } else {
                    request.volume = value
                }
            default: throw .wrongType(key: "sound.volume", expected: "a number from 0 to 1")
            }
        default:
            throw .wrongType(key: "sound", expected: "a string or an object")
        }
        return request
    }

    private static func flag(_ value: JSONValue?) throws(PayloadError) -> Bool {
        switch value {
        case nil, .null?: return false
        case .bool(let flag)?: return flag
        case .number(let number)?: return number != 0
        default: throw .wrongType(key: "sound.critical", expected: "1, 0, true or false")
        }
    }

    private static func androidRequest(in body: [String: JSONValue], shape: PushBodyShape) throws(PayloadError) -> AndroidSoundRequest? {
        switch shape {
        case .apns:
            return nil
        case .fcmV1:
            guard case .object(let message)? = body["message"] else { return nil }
            var notification: [String: JSONValue] = [:]
            if case .object(let android)? = message["android"], case .object(let fields)? = android["notification"] {
                notification = fields
            }
            return try androidRequest(
                sound: notification["sound"], channel: notification["channel_id"], fields: "message.android.notification",
                soundKey: "message.android.notification.sound", channelKey: "message.android.notification.channel_id")
        case .fcmLegacy:
            guard case .object(let notification)? = body["notification"] else { return nil }
            return try androidRequest(
                sound: notification["sound"], channel: notification["android_channel_id"], fields: "notification",
                soundKey: "notification.sound", channelKey: "notification.android_channel_id")
        case .expo:
            var request = try androidRequest(
                sound: nil, channel: body["channelId"], fields: "channelId", soundKey: "sound", channelKey: "channelId")
            request.notes.append("Expo's sound is for iOS: on Android the channel's sound plays")
            return request
        case .oneSignal:
            return try androidRequest(
                sound: body["android_sound"], channel: body["android_channel_id"] ?? body["existing_android_channel_id"],
                fields: "android_sound", soundKey: "android_sound", channelKey: "android_channel_id")
        }
    }

    private static func androidRequest(
        sound: JSONValue?, channel: JSONValue?, fields: String, soundKey: String, channelKey: String
    ) throws(PayloadError) -> AndroidSoundRequest {
        let named: AndroidSoundRequest.Sound
        switch sound {
        case nil, .null?: named = .unset
        case .string(let name)?: named = name == "default" ? .systemDefault : .named(name)
        default: throw .wrongType(key: soundKey, expected: "a string")
        }
        let channelID: String?
        switch channel {
        case nil, .null?: channelID = nil
        case .string(let id)?: channelID = id
        default: throw .wrongType(key: channelKey, expected: "a string")
        }
        return AndroidSoundRequest(sound: named, channelID: channelID, fields: fields)
    }
}
