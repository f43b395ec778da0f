import Testing

@testable import SoundResolver

/// The one-pass scanner against the tree reader it replaced (`TreePushBodyReader`): on every body
/// below, and on every prefix and every one-byte change of each, the same requests or the same
/// error, byte for byte, and the same answer from an inventory.
@Suite("Push-body scanner agrees with the tree reader")
struct PushBodyScannerTests {
    /// Bodies of every shape, and the edges of JSON and of each shape's fields.
    static let bodies: [String] = [
        // Each shape, as providers document them.
        #"{"aps":{"alert":{"title":"Door","body":"Someone is at the door"},"badge":3,"sound":"chime.caf","thread-id":"door"}}"#,
        #"{"aps":{"sound":{"critical":1,"name":"doorbell-front-door-long-name.caf","volume":0.8}},"event":{"id":"7f","at":1732300000}}"#,
        #"{"message":{"token":"t","notification":{"title":"Hi"},"android":{"notification":{"sound":"chime","channel_id":"orders"}},"apns":{"payload":{"aps":{"sound":"chime.caf"}}}}}"#,
        #"{"message":{"token":"t","android":{"notification":{"sound":"doorbell_front_door_long_name"}}}}"#,
        #"{"message":{"apns":{"payload":{"aps":{"sound":null}}}}}"#,
        #"{"message":{"apns":{"payload":{}}}}"#,
        #"{"message":{"apns":{"headers":{}}}}"#,
        #"{"to":"t","notification":{"title":"Hi","sound":"a.caf","android_channel_id":"c"}}"#,
        #"{"registration_ids":["a"],"notification":{"sound":null}}"#,
        #"{"condition":"'a' in topics","data":{"sound":"a.caf"}}"#,
        #"{"to":"ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]","title":"Hi","sound":"chime.caf","channelId":"alerts"}"#,
        #"{"to":["ExpoPushToken[a]","ExponentPushToken[b]"],"sound":{"critical":true,"name":"a.caf","volume":2}}"#,
        #"{"to":[["ExpoPushToken[a]"],"ExpoPushToken[b]"],"sound":"default"}"#,
        #"{"to":[],"sound":"a.caf"}"#,
        #"{"to":"ExponentPushToken[\u0301x]","sound":"a.caf"}"#,
        #"{"to":"\u0045xpoPushToken[a]","sound":"a.caf"}"#,
        #"{"to":"ExpoPushToken","sound":"a.caf"}"#,
        "{\"to\":\"ExpoPushToken[\u{301}a]\",\"sound\":\"a.caf\"}",
        #"{"app_id":"x","ios_sound":"a.caf","android_sound":"chime","android_channel_id":"c"}"#,
        #"{"app_id":"x","ios_sound":"nil"}"#,
        #"{"app_id":"x","ios_sound":"\u006eil"}"#,
        #"{"app_id":"x","ios_sound":null,"android_channel_id":null,"existing_android_channel_id":"e"}"#,
        #"{"app_id":"x","existing_android_channel_id":"e"}"#,
        #"{"ios_sound":1}"#,
        #"{"alert":"Hi","sound":"a.caf","badge":1}"#,
        #"{"alert":"Hi","sound":{"name":"default","critical":0}}"#,
        #"{}"#,
        #"[]"#,
        #"[{"aps":{"sound":"a.caf"}},{"to":"ExpoPushToken[a]","sound":"b.caf"}]"#,
        #"[{"aps":{"sound":"a.caf"}},2,{"aps":1}]"#,
        #"[{"aps":1},{"data":1}]"#,
        // Escapes in keys and values.
        #"{"aps":{"sound":"\u0063hime.caf"}}"#,
        #"{"\u0061ps":{"s\u006fund":"a.caf"}}"#,
        #"{"aps":{"sound":"\ud83d\udd14.caf"}}"#,
        #"{"aps":{"sound":"\ud83d.caf"}}"#,
        #"{"aps":{"sound":"\udc00.caf"}}"#,
        #"{"aps":{"sound":"a\"b\\c\/d\b\f\n\r\t.caf"}}"#,
        #"{"aps":{"sound":"\u0000.caf"}}"#,
        #"{"aps":{"sound":"\x.caf"}}"#,
        #"{"aps":{"sound":"\u00zz"}}"#,
        #"{"aps":{"sound":"de\u0066ault"}}"#,
        // Repeated keys: the last one wins, and forgets what the first held.
        #"{"aps":{"sound":"a.caf"},"aps":{"sound":"chime.caf"}}"#,
        #"{"aps":{"sound":"a.caf","sound":"chime.caf"}}"#,
        #"{"aps":{"sound":{"name":"a.caf"}},"aps":{"alert":"x"}}"#,
        #"{"aps":{"sound":{"name":"a.caf","name":7}}}"#,
        #"{"message":{"apns":{"payload":{"aps":{"sound":"a"}}},"apns":"x"}}"#,
        #"{"message":{"apns":"x","apns":{"payload":{"aps":{}}}}}"#,
        #"{"to":"t","to":"ExpoPushToken[a]","sound":"a.caf"}"#,
        #"{"é":1,"e\u0301":2}"#,
        #"{"\u212A":1,"K":2,"zeta":3}"#,
        // Decoys: the keys in the wrong place.
        #"{"data":{"aps":{"sound":"x.caf"}}}"#,
        #"{"sound":"x.caf","aps":{}}"#,
        #"{"alert":"x","data":{"sound":"y"}}"#,
        #"{"message":{"data":{"sound":"x"},"notification":{"sound":"y"}}}"#,
        #"{"aps":{"alert":{"sound":"x"}}}"#,
        #"{"aps":[{"sound":"x"}]}"#,
        #"{"notification":{"sound":"x"}}"#,
        #"{"to":"t","notification":"x"}"#,
        // Wrong types.
        #"{"aps":1}"#,
        #"{"message":[]}"#,
        #"{"to":5,"notification":{"sound":{}}}"#,
        #"{"aps":{"sound":true}}"#,
        #"{"aps":{"sound":{"critical":"1","name":"a.caf"}}}"#,
        #"{"aps":{"sound":{"critical":null,"name":null}}}"#,
        #"{"aps":{"sound":{"name":"a.caf","volume":[]}}}"#,
        #"{"to":"ExpoPushToken[a]","channelId":1}"#,
        #"{"app_id":"x","android_sound":{}}"#,
        #"{"message":{"android":{"notification":{"channel_id":3}}}}"#,
        // Numbers: huge, tiny, at Double's edge.
        #"{"aps":{"sound":{"name":"a.caf","critical":1e-400,"volume":1e308}}}"#,
        #"{"aps":{"sound":{"name":"a.caf","critical":-0,"volume":-0.0}}}"#,
        #"{"aps":{"sound":{"name":"a.caf","volume":1.7976931348623157e308}}}"#,
        #"{"aps":{"sound":{"name":"a.caf","volume":1.7976931348623158e308}}}"#,
        #"{"aps":{"sound":{"name":"a.caf","volume":1.8e308}}}"#,
        #"{"data":[1e309,0.1e310,100e307,0.00000e999,-1e400,123456789012345678901234567890123,1E+2,2e-3]}"#,
        #"{"data":179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791}"#,
        #"{"data":[01,1.,.5,-,1e,1e+,--1,+1]}"#,
        // The byte-order mark, whitespace JSON allows and whitespace it does not.
        "\u{FEFF}{\"aps\":{\"sound\":\"a.caf\"}}",
        " \t\r\n{ \"aps\" : { \"sound\" : \"a.caf\" } } \n",
        "{\"aps\":{\"sound\":\"a.caf\"}}\u{0C}",
        "{\"aps\":{\"sound\":\"a.caf\"}} x",
        "{\"aps\":{\"sound\":\"tab\there.caf\"}}",
        // Literals and the top level.
        #"true"#, #"nul"#, #""x""#, #"[1,2]"#, #"{"aps":{"sound":"a.caf"}"#, "",
        String(repeating: "[", count: 64) + String(repeating: "]", count: 64),
        #"{"data":"# + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "}",
        #"{"data":"# + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "}",
    ]

    /// Bodies with bytes that are not UTF-8 inside their strings, and one with all of UTF-8's lengths.
    static let byteBodies: [[UInt8]] =
        [
            [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xFF], [0x80], [0xE2, 0x82], [0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x94, 0x94],
        ].map { Array(#"{"aps":{"sound":""#.utf8) + $0 + Array(#".caf"}}"#.utf8) }
        + [Array(#"{""#.utf8) + [0xC3, 0x28] + Array(#"":1}"#.utf8)]

    private func expectAgreement(_ body: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        if let disagreement = PushBodyAgreement.disagreement(on: body) {
            Issue.record(
                "\(disagreement)\non the body \(String(decoding: body, as: UTF8.self).debugDescription)", sourceLocation: sourceLocation)
        }
    }

    @Test("every body of every shape and edge")
    func everyBody() {
        for body in Self.bodies.map({ Array($0.utf8) }) + Self.byteBodies { expectAgreement(body) }
    }

    @Test("every prefix of every body: truncated anywhere")
    func truncated() {
        for body in Self.bodies.map({ Array($0.utf8) }) + Self.byteBodies {
            for end in 0..<body.count { expectAgreement(Array(body[..<end])) }
        }
    }

    @Test("every body with one byte removed, or changed to one that matters to JSON")
    func mutated() {
        let replacements = Array(#""\{}[],:0-en "#.utf8) + [0x00, 0x80, 0xC3, 0xFF]
        for body in Self.bodies.map({ Array($0.utf8) }) where body.count < 200 {
            for index in body.indices {
                var removed = body
                removed.remove(at: index)
                expectAgreement(removed)
                for byte in replacements where byte != body[index] {
                    var changed = body
                    changed[index] = byte
                    expectAgreement(changed)
                }
            }
        }
    }

    @Test("the fields a shape reads fit the scanner's notes, in preorder, each subtree where it ends")
    func fieldTree() {
        #expect(PushBodyField.allCases.count <= 64)
        func isNested(_ field: PushBodyField, in ancestor: PushBodyField) -> Bool {
            var parent = field.parent
            while let current = parent, current != ancestor { parent = current.parent }
            return parent == ancestor
        }
        for field in PushBodyField.allCases {
            let end = PushBodyField.allCases.dropFirst(field.rawValue + 1).first { !isNested($0, in: field) }?.rawValue
            #expect(field.subtreeEnd == end ?? PushBodyField.allCases.count, "\(field)")
            #expect(field.parent.map { $0.rawValue < field.rawValue } ?? (field == .body))
        }
    }

    @Test("a body naming a shipped sound is read into the inventory's own name")
    func knownNames() throws {
        let body = Array(#"{"aps":{"sound":"doorbell-front-door-long-name.caf"}}"#.utf8)
        let answer = try PushBodyAgreement.resolver.resolve(pushBody: body)
        #expect(answer.file?.path == "Example.app/doorbell-front-door-long-name.caf")
        let names = KnownStrings(["doorbell-front-door-long-name.caf", "a.caf"])
        let found = Array("doorbell-front-door-long-name.caf".utf8).withUnsafeBytes { names.string(spelled: $0) }
        #expect(found == "doorbell-front-door-long-name.caf")
        #expect(Array("a.cafe".utf8).withUnsafeBytes { names.string(spelled: $0) } == nil)
    }
}
