import Testing

@testable import SoundContainers

@Suite("UTF-8 text")
struct UTF8TextTests {
    @Test(
        "well-formed UTF-8 is the text it encodes, a raw U+FFFD included",
        arguments: [
            ([0x61, 0x62], "ab"), ([0xC3, 0xA9], "é"), ([0xE2, 0x82, 0xAC], "€"), ([0xF0, 0x9F, 0x94, 0x94], "🔔"),
            ([0xEF, 0xBF, 0xBD], "\u{FFFD}"), ([], ""), ([0x00], "\0"),
        ] as [([UInt8], String)])
    func wellFormed(_ bytes: [UInt8], _ text: String) {
        #expect(String(validUTF8: bytes) == text)
        #expect(String(validUTF8: bytes[...]) == text)
    }

    @Test(
        "ill-formed UTF-8 is nil: a stray continuation, a lead byte that never starts one, an overlong form, a surrogate, past U+10FFFF, a cut sequence",
        arguments: [
            [0x80], [0x61, 0xFF], [0xC0, 0x80], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
            [0x61, 0xF0, 0x9F, 0x94],
        ] as [[UInt8]])
    func illFormed(_ bytes: [UInt8]) {
        #expect(String(validUTF8: bytes) == nil)
    }
}
