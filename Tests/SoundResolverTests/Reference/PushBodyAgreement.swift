import SoundContainers
import SoundResolver

/// Whether the push-body scanner and the tree reader (`TreePushBodyReader`) agree on a body: the
/// same requests, or the same error, worded byte for byte the same; and the same answer from an
/// inventory for the body's one request. Shared by the tests and the `payload` fuzz target.
enum PushBodyAgreement {
    /// A small inventory whose names a body may spell: short and long (past the 15 bytes a
    /// `String` holds inline), with and without an extension, for iOS and Android.
    static let resolver = InventoryResolver(
        app: SoundInventory.App(
            platform: .ios, name: "Example.app", bundle: "Example.app",
            sounds: ["a.caf", "chime.caf", "doorbell-front-door-long-name.caf", "Chime.caf", "chime.wav", "🔔.caf"].map(sound)),
        androidApp: SoundInventory.App(
            platform: .android, name: "app", sounds: ["chime", "doorbell_front_door_long_name"].map(androidSound)))

    /// Nil when both readers agree on `body`; otherwise what differs.
    static func disagreement(on body: [UInt8]) -> String? {
        let scanned = outcome { () throws(PayloadError) in try SoundRequest.requests(inBody: body) }
        let reference = outcome { () throws(PayloadError) in try TreePushBodyReader.requests(inBody: body) }
        guard Array(scanned.utf8) == Array(reference.utf8) else {
            return "requests(inBody:) gave\n  \(scanned)\nwhere the tree reader gave\n  \(reference)"
        }
        let one = outcome { () throws(PayloadError) in try SoundRequest(payload: body) }
        let oneReference = outcome { () throws(PayloadError) in try TreePushBodyReader.onlyRequest(inBody: body) }
        guard Array(one.utf8) == Array(oneReference.utf8) else {
            return "SoundRequest(payload:) gave\n  \(one)\nwhere the tree reader gave\n  \(oneReference)"
        }
        let resolved = outcome { () throws(PayloadError) in try resolver.resolve(pushBody: body) }
        let resolvedReference = outcome { () throws(PayloadError) in try resolver.resolve(TreePushBodyReader.onlyRequest(inBody: body)) }
        guard Array(resolved.utf8) == Array(resolvedReference.utf8) else {
            return "resolve(pushBody:) gave\n  \(resolved)\nwhere the tree reader's request gave\n  \(resolvedReference)"
        }
        return nil
    }

    /// What `read` gives, or throws, in full.
    private static func outcome<Value>(_ read: () throws(PayloadError) -> Value) -> String {
        do {
            return "value " + String(reflecting: try read())
        } catch {
            return "error " + String(reflecting: error) + ": " + error.description
        }
    }

    private static func sound(_ name: String) -> SoundInventory.Sound {
        SoundInventory.Sound(
            name: name, location: .bundle, path: "Example.app/" + name, passed: true, findings: [],
            audio: SoundInventory.Audio(
                AudioDescription(
                    container: .caf, encoding: .ima4, sampleRate: 22050, channels: 1, bitsPerChannel: 0, frameCount: 11025,
                    dataRange: 0..<0)))
    }

    private static func androidSound(_ name: String) -> SoundInventory.Sound {
        SoundInventory.Sound(
            name: name, location: .raw, path: "app/src/main/res/raw/\(name).ogg", passed: true, findings: [], audio: nil)
    }
}
