/// Base64's 64 characters, in order.
private let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

/// `bytes` in standard Base64 with padding (RFC 4648), for `data:` URIs.
func base64Encoded(_ bytes: [UInt8]) -> String {
    let alphabet = base64Alphabet
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
        let count = min(3, bytes.count - index)
        let chunk = (UInt32(bytes[index]) << 16)
            | (count > 1 ? UInt32(bytes[index + 1]) << 8 : 0)
            | (count > 2 ? UInt32(bytes[index + 2]) : 0)
        for position in 0..<4 {
            output.append(position <= count ? alphabet[Int((chunk >> (18 - 6 * UInt32(position))) & 63)] : UInt8(ascii: "="))
        }
        index += 3
    }
    return String(decoding: output, as: UTF8.self)
}
