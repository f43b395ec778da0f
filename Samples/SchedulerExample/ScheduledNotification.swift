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
        try schedule(from: data).notifications
    }

    /// Reads a schedule: the list above, or `{"settings": {"sounds": bool, "criticalAlerts": bool},
    /// "notifications": [list]}` with the app's notification settings (both default to true).
    static func schedule(from data: Data) throws -> (settings: NotificationSettings, notifications: [ScheduledNotification]) {
        let root = try JSONSerialization.jsonObject(with: data)
        var settings = NotificationSettings()
        var list = root as? [[String: Any]]
        if let object = root as? [String: Any] {
            list = object["notifications"] as? [[String: Any]]
            if let given = object["settings"] {
                guard let values = given as? [String: Any] else { throw ScheduleError("\"settings\" must be an object") }
                for (key, value) in values {
                    guard let flag = value as? Bool, key == "sounds" || key == "criticalAlerts" else {
                        throw ScheduleError("\"settings\" takes \"sounds\" and \"criticalAlerts\", each true or false")
                    }
                    if key == "sounds" { settings.soundsEnabled = flag } else { settings.criticalAlertsAuthorized = flag }
                }
            }
        }
        guard let items = list else {
            throw ScheduleError("the schedule must be a JSON list of objects, or an object with a \"notifications\" list")
        }
        return (settings, try notifications(items))
    }

    private static func notifications(_ items: [[String: Any]]) throws -> [ScheduledNotification] {
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
