import AppContents

/// What a push body asks Android to play: a raw resource by name, the default sound, or nothing
/// named, and the notification channel it posts to. On Android 8 (API 26) and later a
/// notification's sound is its channel's, fixed when the app created the channel; the body's
/// sound plays only on earlier versions, and only through SDKs that set it (FCM does).
public struct AndroidSoundRequest: Sendable, Equatable {
    /// What the body names.
    public enum Sound: Sendable, Equatable {
        /// A raw resource, as the body spells it (`chime`, or wrongly `chime.mp3`).
        case named(String)
        /// `"default"`.
        case systemDefault
        /// The body names no Android sound.
        case unset
    }

    /// What the body names.
    public var sound: Sound
    /// The channel the notification posts to, when the body names one.
    public var channelID: String?
    /// The fields it was read from (`message.android.notification.sound`, …), for reports.
    public var fields: String
    /// What the body's shape means for Android, in words.
    public var notes: [String] = []

    /// A request for the raw resource `name` (`"default"` is the default sound).
    public init(name: String, channelID: String? = nil) {
        self.init(sound: name == "default" ? .systemDefault : .named(name), channelID: channelID, fields: "name")
    }

    /// A request for `sound` on `channelID`, read from `fields`.
    public init(sound: Sound, channelID: String?, fields: String, notes: [String] = []) {
        self.sound = sound
        self.channelID = channelID
        self.fields = fields
        self.notes = notes
    }

    init(sound: JSONValue?, channel: JSONValue?, fields: String, soundKey: String, channelKey: String) throws(PayloadError) {
        switch sound {
        case nil, .null?: self.sound = .unset
        case .string(let name)?: self.sound = name == "default" ? .systemDefault : .named(name)
        default: throw .wrongType(key: soundKey, expected: "a string")
        }
        switch channel {
        case nil, .null?: channelID = nil
        case .string(let id)?: channelID = id
        default: throw .wrongType(key: channelKey, expected: "a string")
        }
        self.fields = fields
    }

    /// The name asked for, when one is.
    public var name: String? {
        switch sound {
        case .named(let name): return name
        case .systemDefault: return "default"
        case .unset: return nil
        }
    }
}

extension PushBodyShape {
    /// The Android half of a body of this shape, or nil for a shape that has none (APNs).
    static func androidRequest(in body: [String: JSONValue], shape: PushBodyShape) throws(PayloadError) -> AndroidSoundRequest? {
        switch shape {
        case .apns:
            return nil
        case .fcmV1:
            guard case .object(let message)? = body["message"] else { return nil }
            var notification: [String: JSONValue] = [:]
            if case .object(let android)? = message["android"], case .object(let fields)? = android["notification"] {
                notification = fields
            }
            return try AndroidSoundRequest(
                sound: notification["sound"], channel: notification["channel_id"], fields: "message.android.notification",
                soundKey: "message.android.notification.sound", channelKey: "message.android.notification.channel_id")
        case .fcmLegacy:
            guard case .object(let notification)? = body["notification"] else { return nil }
            return try AndroidSoundRequest(
                sound: notification["sound"], channel: notification["android_channel_id"], fields: "notification",
                soundKey: "notification.sound", channelKey: "notification.android_channel_id")
        case .expo:
            var request = try AndroidSoundRequest(
                sound: nil, channel: body["channelId"], fields: "channelId", soundKey: "sound", channelKey: "channelId")
            request.notes.append("Expo's sound is for iOS: on Android the channel's sound plays")
            return request
        case .oneSignal:
            return try AndroidSoundRequest(
                sound: body["android_sound"], channel: body["android_channel_id"] ?? body["existing_android_channel_id"],
                fields: "android_sound", soundKey: "android_sound", channelKey: "android_channel_id")
        }
    }
}
