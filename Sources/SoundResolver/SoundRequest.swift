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
        self = try Self.withBytes(of: payload) { bytes throws(PayloadError) in try Self.onlyRequest(in: bytes, knownStrings: nil) }
    }

    /// The requests in a request body: one for an object, one per element for an array.
    public static func requests(inBody body: some Collection<UInt8>) throws(PayloadError) -> [SoundRequest] {
        try withBytes(of: body) { bytes throws(PayloadError) in
            var requests: [SoundRequest] = []
            try PushBodyScanner.forEachBody(in: bytes, knownStrings: nil) { body throws(PayloadError) in
                requests.append(try PushBodyShape.request(in: body))
            }
            return requests
        }
    }

    /// The one request in `bytes`, as `init(payload:)` reads it; a string spelled like one of
    /// `knownStrings` is that string.
    static func onlyRequest(in bytes: UnsafeRawBufferPointer, knownStrings: KnownStrings?) throws(PayloadError) -> SoundRequest {
        var first: SoundRequest?
        var count = 0
        try PushBodyScanner.forEachBody(in: bytes, knownStrings: knownStrings) { body throws(PayloadError) in
            let request = try PushBodyShape.request(in: body)
            if count == 0 { first = request }
            count += 1
        }
        guard count == 1, let first else { throw .severalRequests(count) }
        return first
    }

    /// Calls `read` with `body`'s bytes: in place when they are contiguous (an array, `Data`, a
    /// native string's UTF-8), else copied.
    static func withBytes<Result>(
        of body: some Collection<UInt8>, _ read: (UnsafeRawBufferPointer) throws(PayloadError) -> Result
    ) throws(PayloadError) -> Result {
        let inPlace = body.withContiguousStorageIfAvailable { buffer in
            Swift.Result { () throws(PayloadError) in try read(UnsafeRawBufferPointer(buffer)) }
        }
        let outcome = inPlace ?? Array(body).withUnsafeBytes { bytes in Swift.Result { () throws(PayloadError) in try read(bytes) } }
        return try outcome.get()
    }

    /// A request for `sound` read from a body of shape `source`.
    init(sound: Sound, source: PushBodyShape) {
        self.sound = sound
        isCritical = false
        volume = nil
        notes = []
        self.source = source
    }

    /// A request from the sound value under `field` (an `aps` dictionary's, an Expo message's,
    /// which has the same form, or a provider's string field), read as `source`.
    init(sound field: PushBodyField, in body: PushBody, source: PushBodyShape) throws(PayloadError) {
        self.init(sound: .none, source: source)
        guard let value = body[field] else { return }
        switch value.kind {
        case .null:
            return
        case .string:
            sound = Self.sound(named: value, in: body)
        case .object:
            guard let fields = field.soundObjectFields else { preconditionFailure("\(field) is read as a string, not a sound object") }
            isCritical = try Self.flag(body[fields.critical], in: body)
            guard let name = body[fields.name], name.kind == .string else {
                throw .wrongType(key: "sound.name", expected: "a string")
            }
            sound = Self.sound(named: name, in: body)
            switch body[fields.volume] {
            case nil: break
            case let volume? where volume.kind == .null: break
            case let volume? where volume.kind == .number: self.volume = clampVolume(body.number(volume))
            default: throw .wrongType(key: "sound.volume", expected: "a number from 0 to 1")
            }
        default:
            throw .wrongType(key: "sound", expected: "a string or an object")
        }
    }

    /// The sound a name asks for: `"default"`, or a file.
    private static func sound(named name: PushBodyValue, in body: PushBody) -> Sound {
        body.string(name, is: "default") ? .systemDefault : .named(body.string(name))
    }

    /// True when the name asks for the system's default sound.
    private static func isDefault(_ name: String) -> Bool {
        name.utf8.count == 7 && name == "default"
    }

    /// `critical` as the payload may give it: 1/0 or true/false.
    private static func flag(_ value: PushBodyValue?, in body: PushBody) throws(PayloadError) -> Bool {
        guard let value else { return false }
        switch value.kind {
        case .null: return false
        case .bool: return body.bool(value)
        case .number: return body.number(value) != 0
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
