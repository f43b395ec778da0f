import Foundation
import SoundResolver

/// A notification to deliver: an id, when (seconds after the start), and its `aps` payload.
struct ScheduledNotification: Sendable {
    let id: String
    let after: Double
    /// The sound request read from the payload, or why the payload could not be read.
    let request: Result<SoundRequest, PayloadError>

    /// Reads a JSON list of `{"id": …, "after": seconds, "aps": {…}}`.
    static func list(from data: Data) throws -> [ScheduledNotification] {
        guard let items = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw ScheduleError("the schedule must be a JSON list of objects")
        }
        return try items.enumerated().map { index, item in
            guard let id = item["id"] as? String, let after = item["after"] as? Double, after >= 0 else {
                throw ScheduleError("item \(index + 1) needs an \"id\" string and an \"after\" number of seconds ≥ 0")
            }
            let aps = try JSONSerialization.data(withJSONObject: ["aps": item["aps"] ?? [String: Any]()])
            return ScheduledNotification(
                id: id, after: after, request: Result { () throws(PayloadError) in try SoundRequest(payload: aps) })
        }
    }
}

/// A schedule that cannot be read.
struct ScheduleError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
