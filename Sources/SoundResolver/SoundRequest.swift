import AppContents

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a notification asks to play: a sound name, the default sound, or nothing.
public struct SoundRequest: Sendable, Equatable {
    /// What kind of request this is.
    public enum Sound: Sendable, Equatable {
        /// A named sound file.
        case named(String)
        /// The system's default sound (`"default"`).
        case systemDefault
        /// No sound at all (the payload has no `sound` key).
        case none
    }

    /// What is asked for.
    public var sound: Sound
    /// A critical alert (plays even when muted, searches no app group).
    public var isCritical: Bool
    /// The critical alert's volume, clamped to 0…1; nil when not given.
    public var volume: Double?
    /// Problems with the request that did not stop it (e.g. a volume outside 0…1).
    public var notes: [String]

    /// A request for a sound by name (`"default"` is the default sound).
    public init(name: String, isCritical: Bool = false, volume: Double? = nil) {
        self.sound = Self.isDefault(name) ? .systemDefault : .named(name)
        self.isCritical = isCritical
        self.notes = []
        self.volume = nil
        if let volume { self.volume = clampVolume(volume) }
    }

    /// A request read from a notification payload: either the whole payload (`{"aps": {…}}`) or
    /// the `aps` dictionary itself. `sound` may be a string or `{critical, name, volume}`;
    /// `critical` may be 1 or true; no `sound` key means no sound.
    /// - Throws: `PayloadError` naming what is wrong with the JSON.
    public init(payload: Data) throws(PayloadError) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(Array(payload))
        } catch {
            throw .notJSON(error.description)
        }
        guard case .object(let top) = root else { throw .notAnObject }
        var aps = top
        if let inner = top["aps"] {
            guard case .object(let dictionary) = inner else { throw .wrongType(key: "aps", expected: "an object") }
            aps = dictionary
        }
        try self.init(aps: aps)
    }

    private init(aps: [String: JSONValue]) throws(PayloadError) {
        notes = []
        volume = nil
        isCritical = false
        switch aps["sound"] {
        case nil, .null?:
            sound = .none
        case .string(let name)?:
            sound = name == "default" ? .systemDefault : .named(name)
        case .object(let dictionary)?:
            isCritical = try Self.flag(dictionary["critical"])
            guard case .string(let name)? = dictionary["name"] else {
                throw .wrongType(key: "sound.name", expected: "a string")
            }
            sound = name == "default" ? .systemDefault : .named(name)
            switch dictionary["volume"] {
            case nil, .null?: break
            case .number(let value)?: volume = clampVolume(value)
            default: throw .wrongType(key: "sound.volume", expected: "a number from 0 to 1")
            }
        default:
            throw .wrongType(key: "sound", expected: "a string or an object")
        }
    }

    /// True for the name that asks for the system's default sound.
    private static func isDefault(_ name: String) -> Bool {
        name.utf8.count == 7 && name == "default"
    }

    /// `critical` as the payload may give it: 1/0 or true/false.
    private static func flag(_ value: JSONValue?) throws(PayloadError) -> Bool {
        switch value {
        case nil, .null?: return false
        case .bool(let flag)?: return flag
        case .number(let number)?: return number != 0
        default: throw .wrongType(key: "sound.critical", expected: "1, 0, true or false")
        }
    }

    private mutating func clampVolume(_ value: Double) -> Double {
        guard !(0...1).contains(value) else { return value }
        let clamped = value.isNaN ? 1 : min(max(value, 0), 1)
        notes.append("volume \(value) is outside 0…1; clamped to \(clamped)")
        return clamped
    }

    /// The name asked for, when a file is asked for.
    public var name: String? {
        if case .named(let name) = sound { return name }
        return sound == .systemDefault ? "default" : nil
    }
}

/// Why a payload could not be read.
public enum PayloadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON.
    case notJSON(String)
    /// The JSON is not an object.
    case notAnObject
    /// A key holds the wrong kind of value.
    case wrongType(key: String, expected: String)

    public var description: String {
        switch self {
        case .notJSON(let detail): return "the payload is not valid JSON (\(detail))"
        case .notAnObject: return "the payload is not a JSON object"
        case .wrongType(let key, let expected): return "'\(key)' must be \(expected)"
        }
    }
}
