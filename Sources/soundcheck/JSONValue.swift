/// A JSON value, written by hand so that key order is the contract's and no Foundation is needed.
enum JSONValue {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Keys keep the order given.
    case object([(String, JSONValue)])

    /// A string or null.
    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// An integer or null.
    static func optional<I: BinaryInteger>(_ value: I?) -> JSONValue { value.map { .int(Int64($0)) } ?? .null }
    /// A number or null; non-finite numbers become null.
    static func optional(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .double(value)
    }

    /// The value as compact JSON text.
    var text: String {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .int(let value): output += String(value).utf8
        case .double(let value):
            output += (value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) + ".0" : "\(value)").utf8
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output += #"\""#.utf8
            case UInt8(ascii: "\\"): output += #"\\"#.utf8
            case UInt8(ascii: "\n"): output += #"\n"#.utf8
            case UInt8(ascii: "\r"): output += #"\r"#.utf8
            case UInt8(ascii: "\t"): output += #"\t"#.utf8
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                output += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
