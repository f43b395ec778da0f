import Foundation
import Testing

@testable import SoundResolver

@Suite("aps payloads")
struct PayloadTests {
    private func request(_ json: String) throws -> SoundRequest {
        try SoundRequest(payload: Data(json.utf8))
    }

    @Test("sound as a string, inside aps or as the aps dictionary itself")
    func stringSound() throws {
        #expect(try request(#"{"aps":{"sound":"Ding.caf"}}"#).sound == .named("Ding.caf"))
        #expect(try request(#"{"sound":"Ding.caf","badge":1}"#).sound == .named("Ding.caf"))
        #expect(try request(#"{"aps":{"sound":"default"}}"#).sound == .systemDefault)
    }

    @Test("sound as a dictionary: critical as 1 or true, volume kept or clamped with a note")
    func dictionarySound() throws {
        let one = try request(#"{"aps":{"sound":{"critical":1,"name":"Siren.caf","volume":0.5}}}"#)
        #expect(one.isCritical)
        #expect(one.volume == 0.5)
        #expect(one.notes.isEmpty)
        #expect(try request(#"{"aps":{"sound":{"critical":true,"name":"Siren.caf"}}}"#).isCritical)
        #expect(try !request(#"{"aps":{"sound":{"critical":0,"name":"Siren.caf"}}}"#).isCritical)
        let loud = try request(#"{"aps":{"sound":{"critical":1,"name":"Siren.caf","volume":1.5}}}"#)
        #expect(loud.volume == 1.0)
        #expect(loud.notes == ["volume 1.5 is outside 0…1; clamped to 1.0"])
        #expect(try request(#"{"aps":{"sound":{"name":"a.caf","volume":-2}}}"#).volume == 0)
    }

    @Test("no sound key means no sound")
    func noSound() throws {
        #expect(try request(#"{"aps":{"alert":"Hello"}}"#).sound == .none)
        #expect(try request(#"{"aps":{"sound":null}}"#).sound == .none)
    }

    @Test("malformed payloads are errors that say what is wrong, never a crash")
    func malformed() {
        let cases: [(String, PayloadError)] = [
            (#"[1,2]"#, .notAnObject(element: 0)),
            (#""x""#, .notAnObject(element: nil)),
            (#"[{"aps":{"sound":"a.caf"}},{"aps":{"sound":"b.caf"}}]"#, .severalRequests(2)),
            (#"{"data":{"sound":"Welcome.caf"}}"#, .unknownShape(keys: ["data"])),
            (#"{"aps":"x"}"#, .wrongType(key: "aps", expected: "an object")),
            (#"{"aps":{"sound":42}}"#, .wrongType(key: "sound", expected: "a string or an object")),
            (#"{"aps":{"sound":{"critical":1}}}"#, .wrongType(key: "sound.name", expected: "a string")),
            (#"{"aps":{"sound":{"name":"a.caf","critical":"yes"}}}"#, .wrongType(key: "sound.critical", expected: "1, 0, true or false")),
            (#"{"aps":{"sound":{"name":"a.caf","volume":"loud"}}}"#, .wrongType(key: "sound.volume", expected: "a number from 0 to 1")),
        ]
        for (json, expected) in cases {
            #expect(throws: expected) { try SoundRequest(payload: Data(json.utf8)) }
        }
        for garbage in ["{", "", "{\"aps\":", "\u{0}\u{1}", String(repeating: "[", count: 100_000)] {
            #expect(throws: PayloadError.self) { try SoundRequest(payload: Data(garbage.utf8)) }
        }
    }
}
