import AppContents

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
    /// The shape of request body it was read from; nil for a bare sound name.
    public var source: PushBodyShape?
    /// The body's Android half (its sound and channel), when the shape has one.
    public var android: AndroidSoundRequest? = nil

    /// A request for a sound by name (`"default"` is the default sound).
    public init(name: String, isCritical: Bool = false, volume: Double? = nil) {
        self.sound = Self.isDefault(name) ? .systemDefault : .named(name)
        self.isCritical = isCritical
        self.notes = []
        self.volume = nil
        self.source = nil
        if let volume { self.volume = clampVolume(volume) }
    }

    /// The request in a notification payload or push-provider request body (see `PushBodyShape`).
    /// - Throws: `PayloadError` naming what is wrong with the JSON, or listing the shapes tried
    ///   when it is none of them; `.severalRequests` for an array of bodies (use `requests(inBody:)`).
    public init(payload: some Collection<UInt8>) throws(PayloadError) {
        let requests = try Self.requests(inBody: payload)
        guard requests.count == 1, let only = requests.first else { throw .severalRequests(requests.count) }
        self = only
    }

    /// The requests in a request body: one for an object, one per element for an array.
    public static func requests(inBody body: some Collection<UInt8>) throws(PayloadError) -> [SoundRequest] {
        let root: JSONValue
        do {
            root = try JSONParser.parse(Array(body))
        } catch {
            throw .notJSON(error.description)
        }
        switch root {
        case .object(let top):
            return [try PushBodyShape.request(in: top)]
        case .array(let elements):
            var requests: [SoundRequest] = []
            for (index, element) in elements.enumerated() {
                guard case .object(let top) = element else { throw .notAnObject(element: index) }
                do {
                    requests.append(try PushBodyShape.request(in: top))
                } catch {
                    throw .inElement(index, error.description)
                }
            }
            return requests
        default:
            throw .notAnObject(element: nil)
        }
    }

    /// A request from the `sound` value of an `aps` dictionary (or of an Expo message, which has
    /// the same form), read as `source`.
    init(sound value: JSONValue?, source: PushBodyShape) throws(PayloadError) {
        try self.init(aps: ["sound": value ?? .null])
        self.source = source
    }

    private init(aps: [String: JSONValue]) throws(PayloadError) {
        notes = []
        volume = nil
        isCritical = false
        source = nil
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
    /// The JSON is not an object (or, in an array of bodies, element `element` is not).
    case notAnObject(element: Int?)
    /// A key holds the wrong kind of value.
    case wrongType(key: String, expected: String)
    /// An object of none of the shapes soundcheck knows; lists the keys it has.
    case unknownShape(keys: [String])
    /// Element `index` of an array of bodies is wrong, as said.
    case inElement(Int, String)
    /// An array of `count` bodies where one request was expected.
    case severalRequests(Int)

    public var description: String {
        switch self {
        case .notJSON(let detail): return "the payload is not valid JSON (\(detail))"
        case .notAnObject(nil): return "the payload is not a JSON object or an array of them"
        case .notAnObject(let index?): return "element \(index) of the array is not a JSON object"
        case .wrongType(let key, let expected): return "'\(key)' must be \(expected)"
        case .unknownShape(let keys):
            return "a JSON object with keys \(keys.sorted().joined(separator: ", ")) is none of the request shapes soundcheck knows; tried "
                + PushBodyShape.allCases.map(\.shapeDescription).joined(separator: "; ")
        case .inElement(let index, let problem): return "element \(index) of the array: \(problem)"
        case .severalRequests(let count): return "the body holds \(count) requests where one was expected"
        }
    }
}
