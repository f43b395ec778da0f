/// The values the shapes of push body (`PushBodyShape`) read, as a tree of keys from the body's
/// root: what `PushBodyScanner` notes the place of, and nothing else. The cases are in preorder (a
/// field's descendants follow it), so a field and what lies under it are one run of cases.
enum PushBodyField: Int, CaseIterable {
    /// The body itself.
    case body
    case aps, apsSound, apsSoundCritical, apsSoundName, apsSoundVolume
    case message
    case messageApns, messageApnsPayload, messageApnsPayloadAps
    case messageApnsPayloadApsSound, messageApnsPayloadApsSoundCritical, messageApnsPayloadApsSoundName
    case messageApnsPayloadApsSoundVolume
    case messageAndroid, messageAndroidNotification, messageAndroidNotificationSound, messageAndroidNotificationChannelID
    case to, registrationIDs, condition
    case notification, notificationSound, notificationAndroidChannelID
    case sound, soundCritical, soundName, soundVolume
    case appID, iosSound, androidSound, androidChannelID, existingAndroidChannelID, channelID

    /// The object this field is a key of (nil for the body).
    var parent: PushBodyField? { place.parent }

    /// Its key in that object.
    var key: StaticString { place.key }

    /// The field nested in this one's object under `key`, if a shape reads one there. In preorder
    /// its first child follows it, and each next child follows the last one's subtree; each is
    /// known by a `switch`: this runs for every key of every object a shape reads, so it reads no
    /// table.
    func child(named key: JSONStringBytes, in bytes: UnsafeRawBufferPointer) -> PushBodyField? {
        var candidate = rawValue + 1
        while candidate < subtreeEnd, let field = PushBodyField(rawValue: candidate) {
            if key.equals(field.key, in: bytes) { return field }
            candidate = field.subtreeEnd
        }
        return nil
    }

    /// This field and every field nested in it: a new value under its key replaces them all, as a
    /// repeated key keeps its last value.
    var subtree: Range<Int> { rawValue..<subtreeEnd }

    /// The three keys of a `{critical, name, volume}` sound object, when this field is a sound.
    var soundObjectFields: (critical: PushBodyField, name: PushBodyField, volume: PushBodyField)? {
        switch self {
        case .apsSound: return (.apsSoundCritical, .apsSoundName, .apsSoundVolume)
        case .messageApnsPayloadApsSound:
            return (.messageApnsPayloadApsSoundCritical, .messageApnsPayloadApsSoundName, .messageApnsPayloadApsSoundVolume)
        case .sound: return (.soundCritical, .soundName, .soundVolume)
        default: return nil
        }
    }

    /// Its parent and key.
    private var place: (parent: PushBodyField?, key: StaticString) {
        switch self {
        case .body: return (nil, "")
        case .aps: return (.body, "aps")
        case .apsSound: return (.aps, "sound")
        case .apsSoundCritical: return (.apsSound, "critical")
        case .apsSoundName: return (.apsSound, "name")
        case .apsSoundVolume: return (.apsSound, "volume")
        case .message: return (.body, "message")
        case .messageApns: return (.message, "apns")
        case .messageApnsPayload: return (.messageApns, "payload")
        case .messageApnsPayloadAps: return (.messageApnsPayload, "aps")
        case .messageApnsPayloadApsSound: return (.messageApnsPayloadAps, "sound")
        case .messageApnsPayloadApsSoundCritical: return (.messageApnsPayloadApsSound, "critical")
        case .messageApnsPayloadApsSoundName: return (.messageApnsPayloadApsSound, "name")
        case .messageApnsPayloadApsSoundVolume: return (.messageApnsPayloadApsSound, "volume")
        case .messageAndroid: return (.message, "android")
        case .messageAndroidNotification: return (.messageAndroid, "notification")
        case .messageAndroidNotificationSound: return (.messageAndroidNotification, "sound")
        case .messageAndroidNotificationChannelID: return (.messageAndroidNotification, "channel_id")
        case .to: return (.body, "to")
        case .registrationIDs: return (.body, "registration_ids")
        case .condition: return (.body, "condition")
        case .notification: return (.body, "notification")
        case .notificationSound: return (.notification, "sound")
        case .notificationAndroidChannelID: return (.notification, "android_channel_id")
        case .sound: return (.body, "sound")
        case .soundCritical: return (.sound, "critical")
        case .soundName: return (.sound, "name")
        case .soundVolume: return (.sound, "volume")
        case .appID: return (.body, "app_id")
        case .iosSound: return (.body, "ios_sound")
        case .androidSound: return (.body, "android_sound")
        case .androidChannelID: return (.body, "android_channel_id")
        case .existingAndroidChannelID: return (.body, "existing_android_channel_id")
        case .channelID: return (.body, "channelId")
        }
    }

    /// Where this field's subtree ends: at the next field that is not nested in it.
    var subtreeEnd: Int {
        switch self {
        case .body: return Self.channelID.rawValue + 1
        case .aps: return Self.message.rawValue
        case .apsSound: return Self.message.rawValue
        case .message: return Self.to.rawValue
        case .messageApns, .messageApnsPayload, .messageApnsPayloadAps, .messageApnsPayloadApsSound:
            return Self.messageAndroid.rawValue
        case .messageAndroid, .messageAndroidNotification: return Self.to.rawValue
        case .notification: return Self.sound.rawValue
        case .sound: return Self.appID.rawValue
        default: return rawValue + 1
        }
    }
}
