import Foundation
import SoundContainers
import SoundPolicy
import SoundResolver
import Testing

@testable import server_scheduler_example

@Suite("server-scheduler-example: bodies checked against the inventory of their build")
struct SendGateTests {
    /// Build 41 ships chime.caf (and a failing alert.caf); build 42 ships Chime.aiff and chime.wav.
    static func gate() -> SendGate {
        func audio() -> SoundInventory.Audio {
            SoundInventory.Audio(
                AudioDescription(
                    container: .caf, encoding: .ima4, sampleRate: 22050, channels: 1, bitsPerChannel: 0, frameCount: 22050, dataRange: 0..<0))
        }
        func sound(_ name: String, passed: Bool = true) -> SoundInventory.Sound {
            SoundInventory.Sound(
                name: name, location: .bundle, path: "App.app/\(name)", passed: passed,
                findings: passed ? [] : [Finding(code: .unsupportedContainer, message: "this is an MP3 file")], audio: passed ? audio() : nil)
        }
        let old = SoundInventory.App(platform: .ios, name: "App", bundle: "App.app", sounds: [sound("chime.caf"), sound("alert.caf", passed: false)])
        let new = SoundInventory.App(platform: .ios, name: "App", bundle: "App.app", sounds: [sound("Chime.aiff"), sound("chime.wav")])
        return SendGate(builds: [
            "41": InventoryResolver(app: old, androidApp: nil), "42": InventoryResolver(app: new, androidApp: nil),
        ])
    }

    func decide(_ json: String, _ build: String) -> [SendDecision] {
        Self.gate().decide(Array(json.utf8), build: build)
    }

    @Test("a shipped name is sent; a name off by extension or case is repaired; the rest is refused")
    func decisions() {
        #expect(decide(#"{"aps":{"sound":"chime.caf"}}"#, "41") == [.send(plays: "App.app/chime.caf")])
        #expect(decide(#"{"aps":{"sound":"chime.wav"}}"#, "41") == [.repair(from: "chime.wav", to: "chime.caf")])
        #expect(decide(#"{"aps":{"sound":"CHIME.CAF"}}"#, "41") == [.repair(from: "CHIME.CAF", to: "chime.caf")])
        #expect(decide(#"{"aps":{"sound":"chime"}}"#, "41") == [.repair(from: "chime", to: "chime.caf")])
        #expect(decide(#"{"aps":{"sound":"alert.caf"}}"#, "41") == [.refuse("invalid-file")])
        #expect(decide(#"{"aps":{"sound":"siren.caf"}}"#, "41") == [.refuse("'siren.caf' is not shipped by this build")])
        // The same body, addressed to the next build: two shipped sounds are near it, so only a person can choose.
        #expect(decide(#"{"aps":{"sound":"chime.caf"}}"#, "42") == [.refuse("'chime.caf' is near several shipped sounds")])
        #expect(decide(#"{"aps":{"sound":"default"}}"#, "42") == [.send(plays: "default")])
        #expect(decide(#"{"aps":{"sound":"chime.caf"}}"#, "40") == [.refuse("no inventory for build 40")])
        #expect(decide(#"{"aps":"#, "41").first.map { if case .refuse(let why) = $0 { why.hasPrefix("not a push body") } else { false } } == true)
    }

    @Test("the example reads a queue line by line, with the body's build")
    func queueLines() throws {
        let decisions = try ServerSchedulerExample.decide(line: #"{"build":"41","body":{"aps":{"sound":"chime.wav"}}}"#, gate: Self.gate())
        #expect(decisions.map(ServerSchedulerExample.describe) == ["repair 'chime.wav' to 'chime.caf', then send"])
        #expect(try ServerSchedulerExample.decide(line: #"{"body":{}}"#, gate: Self.gate()) == [.refuse(#"not {"build": …, "body": …}"#)])
    }
}
