import AppContents
import SoundContainers
import SoundPolicy

/// Why bytes are not an inventory this version reads, with the path of the offending value
/// (`apps[0].sounds[3].name: expected a string`).
public struct InventoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, starting with where.
    public let description: String
}

extension SoundInventory {
    /// The most apps an inventory may hold.
    public static let appLimit = 1_000
    /// The most sounds an app may ship.
    public static let soundLimit = 100_000
    /// The most findings a sound may carry.
    public static let findingLimit = 1_000

    /// Reads an inventory from its JSON (`soundcheck inventory`'s output). Values of the wrong
    /// type, a format version this reader does not know, arrays over the limits above and
    /// nesting deeper than `JSONParser.maximumDepth` are refused; keys it does not know are
    /// ignored, so a newer writer's additions do not break an older reader.
    public init(json bytes: [UInt8]) throws(InventoryError) {
        let root: JSONValue
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(bytes)
        } catch {
            throw InventoryError(description: "not JSON: \(error)")
        }
        let document = try Field(root, at: "the inventory").object()
        let version = try document.required("formatVersion").integer()
        guard version == Self.formatVersion else {
            throw InventoryError(
                description: "formatVersion: \(version) is not a version this soundcheck reads (it reads \(Self.formatVersion))")
        }
        generator = try document.required("generator").string()
        input = try document.required("input").string()
        apps = try document.required("apps").array(limit: Self.appLimit).map { app throws(InventoryError) in try Self.app(app.object()) }
    }

    private static func app(_ app: Field.Object) throws(InventoryError) -> App {
        let platform: SoundPlatform = try app.required("platform").named("ios, macos or android") {
            $0 == .ios || $0 == .macos || $0 == .android
        }
        return App(
            platform: platform, name: try app.required("name").string(), identifier: try app.optional("identifier")?.string(),
            version: try app.optional("version")?.string(), build: try app.optional("build")?.string(),
            bundle: try app.optional("bundle")?.string(),
            sounds: try app.required("sounds").array(limit: soundLimit).map { sound throws(InventoryError) in try Self.sound(sound.object())
            })
    }

    private static func sound(_ sound: Field.Object) throws(InventoryError) -> Sound {
        let location: Location = try sound.required("location").named(
            "one of " + Location.allCases.map(\.rawValue).joined(separator: ", "))
        let findings = try sound.required("findings").array(limit: findingLimit).map { finding throws(InventoryError) in
            try Self.finding(finding.object())
        }
        return Sound(
            name: try sound.required("name").string(), location: location, path: try sound.required("path").string(),
            passed: try sound.required("passed").bool(), findings: findings, audio: try sound.optional("audio").map(audio))
    }

    private static func finding(_ finding: Field.Object) throws(InventoryError) -> Finding {
        let code: FindingCode = try finding.required("code").named("a finding code this soundcheck knows")
        let severity: Severity = try finding.required("severity").named("a severity")
        return Finding(
            code: code, severity: severity, message: try finding.required("message").string(),
            fix: try finding.optional("fix").map(remedy))
    }

    private static func remedy(_ field: Field) throws(InventoryError) -> Remedy {
        let fix = try field.object()
        switch try fix.required("action").string() {
        case "convert":
            return .convert(
                path: try fix.required("path").string(), maxDuration: try fix.required("maxDuration").number(),
                forBothPlatforms: try fix.optional("bothPlatforms")?.bool() ?? false)
        case "rename": return .rename(path: try fix.required("path").string(), newPath: try fix.required("newPath").string())
        case "make-readable": return .makeReadable(path: try fix.required("path").string())
        case "normalize-loudness":
            return .normalizeLoudness(path: try fix.required("path").string(), target: try fix.required("target").number())
        case "trim-silence": return .trimSilence(path: try fix.required("path").string())
        case "advice": return .advice(try fix.required("text").string())
        case let action:
            throw InventoryError(
                description:
                    "\(fix.path).action: '\(action)' is not convert, rename, make-readable, normalize-loudness, trim-silence or advice")
        }
    }

    private static func audio(_ field: Field) throws(InventoryError) -> Audio {
        let audio = try field.object()
        let container: AudioContainer = try audio.required("container").named("a container")
        let channels = try audio.required("channels").integer()
        let bits = try audio.required("bitsPerChannel").integer()
        let sampleRate = try audio.required("sampleRate").number()
        guard channels > 0, channels <= 1024, bits >= 0, bits <= 64, sampleRate > 0, sampleRate <= 1e7 else {
            throw InventoryError(description: "\(audio.path): channels, bitsPerChannel or sampleRate out of range")
        }
        let frames = try audio.optional("frames").map { frames throws(InventoryError) in Int64(try frames.integer()) }
        return Audio(
            AudioDescription(
                container: container, encoding: AudioEncoding(inventoryName: try audio.required("encoding").string()),
                sampleRate: sampleRate, channels: channels, bitsPerChannel: bits, frameCount: frames, dataRange: 0..<0))
    }

    /// The inventory as JSON: the contract `init(json:)` reads, keys in a fixed order.
    public var json: String {
        var out = "{\"formatVersion\":\(Self.formatVersion),\"generator\":\(quoted(generator)),\"input\":\(quoted(input)),\"apps\":["
        out += apps.map { app in
            var text = "{\"platform\":\(quoted(app.platform.rawValue)),\"name\":\(quoted(app.name))"
            for (key, value) in [("identifier", app.identifier), ("version", app.version), ("build", app.build), ("bundle", app.bundle)] {
                text += ",\"\(key)\":" + (value.map(quoted) ?? "null")
            }
            text += ",\"sounds\":[" + app.sounds.map(Self.json).joined(separator: ",") + "]}"
            return text
        }.joined(separator: ",")
        return out + "]}"
    }

    private static func json(_ sound: Sound) -> String {
        var text = "{\"name\":\(quoted(sound.name)),\"location\":\(quoted(sound.location.rawValue)),\"path\":\(quoted(sound.path))"
        text += ",\"passed\":\(sound.passed),\"findings\":["
        text += sound.findings.map {
            "{\"code\":\(quoted($0.code.rawValue)),\"severity\":\(quoted($0.severity.rawValue)),\"message\":\(quoted($0.message)),\"fix\":"
                + ($0.fix.map(json) ?? "null") + "}"
        }.joined(separator: ",")
        text += "],\"audio\":"
        if let audio = sound.audio {
            text += "{\"container\":\(quoted(audio.container.rawValue)),\"encoding\":\(quoted(audio.encoding.name))"
            text += ",\"sampleRate\":\(number(audio.sampleRate)),\"channels\":\(audio.channels),\"bitsPerChannel\":\(audio.bitsPerChannel)"
            text += ",\"frames\":" + (audio.frameCount.map { String($0) } ?? "null")
            text += ",\"duration\":" + (audio.duration.map(number) ?? "null") + "}"
        } else {
            text += "null"
        }
        return text + "}"
    }
}

extension SoundInventory {
    private static func json(_ remedy: Remedy) -> String {
        switch remedy {
        case .convert(let path, let maxDuration, let forBothPlatforms):
            let both = forBothPlatforms ? ",\"bothPlatforms\":true" : ""
            return "{\"action\":\"convert\",\"path\":\(quoted(path)),\"maxDuration\":\(number(maxDuration))\(both)}"
        case .rename(let path, let newPath):
            return "{\"action\":\"rename\",\"path\":\(quoted(path)),\"newPath\":\(quoted(newPath))}"
        case .makeReadable(let path):
            return "{\"action\":\"make-readable\",\"path\":\(quoted(path))}"
        case .normalizeLoudness(let path, let target):
            return "{\"action\":\"normalize-loudness\",\"path\":\(quoted(path)),\"target\":\(number(target))}"
        case .trimSilence(let path):
            return "{\"action\":\"trim-silence\",\"path\":\(quoted(path))}"
        case .advice(let text):
            return "{\"action\":\"advice\",\"text\":\(quoted(text))}"
        }
    }
}

extension AudioEncoding {
    /// The encoding an inventory's name stands for (`AudioEncoding.name` read back): afconvert's
    /// PCM names (`LEI16`, `BEF32`, `LEI24in32`, `UI8`, `I8`), `ima4`, `ulaw`, `alaw`; any other
    /// name is an encoding Apple does not play.
    public init(inventoryName name: String) {
        self = Self.decoded(name)
    }

    private static func decoded(_ name: String) -> AudioEncoding {
        switch name {
        case "ima4": return .ima4
        case "ulaw": return .muLaw
        case "alaw": return .aLaw
        case "I8": return .linearPCM(LinearPCMFormat(bits: 8, isBigEndian: false, isSigned: true))
        case "UI8": return .linearPCM(LinearPCMFormat(bits: 8, isBigEndian: false, isSigned: false))
        default: break
        }
        let bytes = Array(name.utf8)
        let order = String(decoding: bytes.prefix(2), as: UTF8.self)
        guard bytes.count >= 5, order == "LE" || order == "BE",
            bytes[2] == UInt8(ascii: "I") || bytes[2] == UInt8(ascii: "F")
        else { return .other(name) }
        let sizes = String(decoding: bytes[3...], as: UTF8.self).split(separator: "in", omittingEmptySubsequences: false)
        guard let bits = Int(sizes[0]), (1...64).contains(bits), sizes.count <= 2 else { return .other(name) }
        let width = sizes.count == 2 ? Int(sizes[1]) : bits
        guard let width, width % 8 == 0, width >= bits else { return .other(name) }
        let format = LinearPCMFormat(
            bits: bits, bytesPerSample: width / 8, isFloat: bytes[2] == UInt8(ascii: "F"), isBigEndian: order == "BE")
        return format.name == name ? .linearPCM(format) : .other(name)
    }
}

/// A JSON value and where it is, for errors that say so.
private struct Field {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, at path: String) {
        self.value = value
        self.path = path
    }

    /// An object's keys, read with the object's path.
    struct Object {
        let members: [String: JSONValue]
        let path: String

        func required(_ key: String) throws(InventoryError) -> Field {
            guard let value = members[key] else { throw InventoryError(description: "\(prefix)\(key): missing") }
            return Field(value, at: prefix + key)
        }

        func optional(_ key: String) -> Field? {
            guard let value = members[key], value != .null else { return nil }
            return Field(value, at: prefix + key)
        }

        private var prefix: String { path == "the inventory" ? "" : path + "." }
    }

    /// The value whose raw value this string is, if `accepted` takes it; the error says it is not `expected`.
    func named<Value: RawRepresentable>(_ expected: String, accepted: (Value) -> Bool = { _ in true }) throws(InventoryError) -> Value
    where Value.RawValue == String {
        let name = try string()
        guard let value = Value(rawValue: name), accepted(value) else {
            throw InventoryError(description: "\(path): '\(name)' is not \(expected)")
        }
        return value
    }

    func object() throws(InventoryError) -> Object {
        guard case .object(let members) = value else { throw mismatch("an object") }
        return Object(members: members, path: path)
    }

    func array(limit: Int) throws(InventoryError) -> [Field] {
        guard case .array(let items) = value else { throw mismatch("an array") }
        guard items.count <= limit else {
            throw InventoryError(description: "\(path): \(items.count) items, more than the \(limit) allowed")
        }
        return items.enumerated().map { Field($1, at: "\(path)[\($0)]") }
    }

    func string() throws(InventoryError) -> String {
        guard case .string(let text) = value else { throw mismatch("a string") }
        return text
    }

    func bool() throws(InventoryError) -> Bool {
        guard case .bool(let flag) = value else { throw mismatch("true or false") }
        return flag
    }

    func number() throws(InventoryError) -> Double {
        guard case .number(let number) = value, number.isFinite else { throw mismatch("a number") }
        return number
    }

    func integer() throws(InventoryError) -> Int {
        let number = try number()
        guard number == number.rounded(), abs(number) < 9e15 else { throw mismatch("a whole number") }
        return Int(number)
    }

    private func mismatch(_ expected: String) -> InventoryError {
        InventoryError(description: "\(path): expected \(expected)")
    }
}

/// `text` as a JSON string literal.
private func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// `value` as a JSON number: whole numbers without a fraction, others as Swift prints them.
private func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}
