import Foundation
import SoundResolver

/// `server-scheduler-example QUEUE.jsonl BUILD=INVENTORY.json…`: a push backend's last step. It
/// loads the inventory of each build (`soundcheck inventory`), then takes a queue of bodies, one
/// JSON object a line, `{"build": "42", "body": {…}}`, and sends, repairs or refuses each one.
@main
struct ServerSchedulerExample {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: server-scheduler-example QUEUE.jsonl BUILD=INVENTORY.json...\n".utf8))
            exit(2)
        }
        do {
            var builds: [String: InventoryResolver] = [:]
            for argument in arguments.dropFirst() {
                let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw ExampleError("\(argument): expected BUILD=INVENTORY.json") }
                let inventory = try SoundInventory(json: Array(try Data(contentsOf: URL(fileURLWithPath: parts[1]))))
                builds[parts[0]] = try InventoryResolver(inventory: inventory)
            }
            let gate = SendGate(builds: builds)
            let queue = try String(contentsOfFile: arguments[0], encoding: .utf8)
            for (index, line) in queue.split(separator: "\n").enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                for decision in try decide(line: String(line), gate: gate) { print("\(index + 1): \(describe(decision))") }
            }
        } catch {
            FileHandle.standardError.write(Data("server-scheduler-example: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The decisions for one queued line.
    static func decide(line: String, gate: SendGate) throws -> [SendDecision] {
        guard let entry = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let build = entry["build"] as? String, let body = entry["body"]
        else { return [.refuse("not {\"build\": …, \"body\": …}")] }
        return gate.decide(Array(try JSONSerialization.data(withJSONObject: body)), build: build)
    }

    static func describe(_ decision: SendDecision) -> String {
        switch decision {
        case .send(let plays): return "send (plays \(plays))"
        case .repair(let from, let to): return "repair '\(from)' to '\(to)', then send"
        case .refuse(let why): return "refuse: \(why)"
        }
    }
}

struct ExampleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
