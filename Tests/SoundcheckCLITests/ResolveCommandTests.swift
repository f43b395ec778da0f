import Foundation
import Testing

@Suite("soundcheck resolve, run as a process")
struct ResolveCommandTests {
    static let app = ["--container", "Samples/App/Data", "--group", "Samples/App/Group", "--bundle", "Samples/App/Example.app"]

    @Test("a name that plays: exit 0, the file and where it was found")
    func plays() throws {
        let result = try Soundcheck.run(["resolve", "Welcome.caf"] + Self.app)
        #expect(result.status == 0)
        #expect(
            result.stdout
                == "Welcome.caf: plays Samples/App/Data/Library/Sounds/Welcome.caf (container; CAF, ima4, 22050 Hz, mono, 0.502 s)\n")
    }

    @Test("a fallback: exit 1, the reason, the hints and the folders searched")
    func fallsBack() throws {
        let result = try Soundcheck.run(["resolve", "welcome.caf"] + Self.app)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("welcome.caf: the default sound plays (not-found)\n"))
        #expect(result.stdout.contains("hint: 'Welcome.caf' in the container folder Samples/App/Data/Library/Sounds differs only by case"))
        #expect(
            result.stdout.contains("searched: Samples/App/Data/Library/Sounds, Samples/App/Group/Library/Sounds, Samples/App/Example.app"))
    }

    @Test("JSON exactly as the contract: keys, order and values")
    func json() throws {
        let payload = #"{"aps":{"sound":{"critical":1,"name":"Siren.caf","volume":1.5}}}"#
        let result = try Soundcheck.run(["resolve", "--payload", payload, "--format", "json"] + Self.app)
        #expect(result.status == 0)
        #expect(
            result.stdout
                == #"{"name":"Siren.caf","source":"apns","critical":true,"volume":1.0,"result":"file","path":"Samples/App/Data/Library/Sounds/Siren.caf","location":"container","reason":null,"findings":[],"hints":["volume 1.5 is outside 0…1; clamped to 1.0"],"searched":["Samples/App/Data/Library/Sounds","Samples/App/Example.app"]}"#
                + "\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == ["name", "source", "critical", "volume", "result", "path", "location", "reason", "findings", "hints", "searched"])
    }

    @Test("--names: a table of every request, exit 1 when any falls back; payloads from a file with @")
    func namesTable() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("names.txt")
        try Data("Welcome.caf\n# a comment\nbell.caf\n{\"aps\":{\"sound\":\"default\"}}\n\n".utf8).write(to: list)
        let result = try Soundcheck.run(["resolve", "--names", list.path] + Self.app)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("REQUEST"))
        #expect(
            lines[1].hasPrefix("Welcome.caf") && lines[1].contains("file")
                && lines[1].contains("container: Samples/App/Data/Library/Sounds/Welcome.caf"))
        #expect(lines[2].hasPrefix("bell.caf") && lines[2].contains("default") && lines[2].hasSuffix("not-found"))
        #expect(lines[3].hasPrefix("default") && lines[3].hasSuffix("requested"))
        #expect(lines[4] == "3 requests: 2 play as asked, 1 fall back to the default")

        let payloadFile = folder.appendingPathComponent("payload.json")
        try Data(#"{"aps":{"alert":"no sound"}}"#.utf8).write(to: payloadFile)
        let none = try Soundcheck.run(["resolve", "--payload", "@" + payloadFile.path, "--format", "json"] + Self.app)
        #expect(none.status == 0)
        #expect(none.stdout.contains(#""result":"none""#))
        // A file's path without the @ is read as JSON text, and fails: the message says what was meant.
        let withoutAt = try Soundcheck.run(["resolve", "--payload", payloadFile.path] + Self.app)
        #expect(withoutAt.status == 2)
        #expect(withoutAt.stderr.contains("--payload: the payload is not valid JSON"))
        #expect(withoutAt.stderr.contains("did you mean @\(payloadFile.path)? (a file of that name exists)"))
        let noSuchFile = try Soundcheck.run(["resolve", "--payload", folder.appendingPathComponent("absent.json").path] + Self.app)
        #expect(noSuchFile.status == 2)
        #expect(!noSuchFile.stderr.contains("did you mean"))
    }

    @Test("--names: a body that is not JSON is cited on its own line, after empty lines and CRLF")
    func namesLine() throws {
        let folder = try Soundcheck.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("names.txt")
        try Data("Welcome.caf\r\n\r\n# a comment\r\n\r\n{not json\r\n".utf8).write(to: list)
        let result = try Soundcheck.run(["resolve", "--names", list.path] + Self.app)
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(list.path):5: the payload is not valid JSON"), "\(result.stderr)")
    }

    @Test("usage errors exit 2: malformed payloads, nothing to resolve, no locations")
    func usage() throws {
        let malformed = try Soundcheck.run(["resolve", "--payload", "{not json"] + Self.app)
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("--payload: the payload is not valid JSON"))
        let wrongType = try Soundcheck.run(["resolve", "--payload", #"{"aps":{"sound":7}}"#] + Self.app)
        #expect(wrongType.status == 2)
        #expect(wrongType.stderr.contains("'sound' must be a string or an object"))
        #expect(try Soundcheck.run(["resolve"] + Self.app).status == 2)
        #expect(try Soundcheck.run(["resolve", "x.caf"]).status == 2)
        #expect(try Soundcheck.run(["resolve", "--payload", "@/nonexistent/file.json"] + Self.app).status == 2)
    }

    @Test("validate with search folders reports shadowed names and case conflicts")
    func treeChecks() throws {
        let result = try Soundcheck.run(["validate", "--format", "json"] + Self.app)
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        func codes(_ path: String) -> [String] {
            let file = files.first { $0["path"] as? String == path }
            return ((file?["findings"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
        }
        #expect(codes("Samples/App/Example.app/Ding.caf") == ["shadowed"])
        #expect(codes("Samples/App/Group/Library/Sounds/ding.caf") == ["case-conflict"])
        #expect(codes("Samples/App/Example.app/alert.caf") == ["unsupported-container"])
        #expect(codes("Samples/App/Example.app/Broken.caf") == ["unreadable"])
        #expect(codes("Samples/App/Data/Library/Sounds/Welcome.caf") == [])
        #expect(!files.contains { ($0["path"] as? String)?.hasSuffix("README") == true })
    }
}
