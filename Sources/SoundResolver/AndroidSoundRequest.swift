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

    /// The request under a body's fields `sound` and `channel`, read from `fields`.
    init(sound: PushBodyField?, channel: PushBodyField, in body: PushBody, fields: String, soundKey: String, channelKey: String)
        throws(PayloadError)
    {
        switch sound.flatMap({ body[$0] }) {
        case nil: self.sound = .unset
        case let value? where value.kind == .null: self.sound = .unset
        case let value? where value.kind == .string:
            self.sound = body.string(value, is: "default") ? .systemDefault : .named(body.string(value))
        default: throw .wrongType(key: soundKey, expected: "a string")
        }
        switch body[channel] {
        case nil: channelID = nil
        case let value? where value.kind == .null: channelID = nil
        case let value? where value.kind == .string: channelID = body.string(value)
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
    static func androidRequest(in body: PushBody, shape: PushBodyShape) throws(PayloadError) -> AndroidSoundRequest? {
        switch shape {
        case .apns:
            return nil
        case .fcmV1:
            guard body[.message]?.kind == .object else { return nil }
            return try AndroidSoundRequest(
                sound: .messageAndroidNotificationSound, channel: .messageAndroidNotificationChannelID, in: body,
                fields: "message.android.notification", soundKey: "message.android.notification.sound",
                channelKey: "message.android.notification.channel_id")
        case .fcmLegacy:
            guard body[.notification]?.kind == .object else { return nil }
            return try AndroidSoundRequest(
                sound: .notificationSound, channel: .notificationAndroidChannelID, in: body, fields: "notification",
                soundKey: "notification.sound", channelKey: "notification.android_channel_id")
        case .expo:
            var request = try AndroidSoundRequest(
                sound: nil, channel: .channelID, in: body, fields: "channelId", soundKey: "sound", channelKey: "channelId")
            request.notes = expoAndroidNotes
            return request
        case .oneSignal:
            return try AndroidSoundRequest(
                sound: .androidSound, channel: body.has(.androidChannelID) ? .androidChannelID : .existingAndroidChannelID, in: body,
                fields: "android_sound", soundKey: "android_sound", channelKey: "android_channel_id")
        }
    }

    /// An Expo request's Android note, made once: a body read against an inventory allocates nothing.
    private static let expoAndroidNotes = ["Expo's sound is for iOS: on Android the channel's sound plays"]
}
