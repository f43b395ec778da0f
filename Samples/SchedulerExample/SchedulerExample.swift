import Foundation
import SoundResolver

/// `scheduler-example APP_FOLDER [SCHEDULE.json]`: delivers the notifications of a schedule on the
/// real clock and prints, for each, which file plays or why the default sound plays instead.
/// APP_FOLDER holds `Data/` (the app's data container), `Group/` (an app group) and `Example.app/`.
@main
struct SchedulerExample {
    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        guard let app = arguments.first else {
            FileHandle.standardError.write(Data("usage: scheduler-example APP_FOLDER [SCHEDULE.json]\n".utf8))
            exit(2)
        }
        let schedulePath = arguments.dropFirst().first ?? app + "/notifications.json"
        do {
            let schedule = try ScheduledNotification.schedule(from: Data(contentsOf: URL(fileURLWithPath: schedulePath)))
            let locations = SoundLocations(container: app + "/Data", groups: [app + "/Group"], bundle: app + "/Example.app")
            let scheduler = NotificationScheduler(
                clock: ContinuousClock(), resolver: SoundResolver(locations: locations), settings: schedule.settings)
            try await scheduler.run(schedule.notifications) { delivery in print(describe(delivery)) }
        } catch {
            FileHandle.standardError.write(Data("scheduler-example: \(error)\n".utf8))
            exit(1)
        }
    }

    /// One line per delivery, then its hints.
    static func describe(_ delivery: Delivery) -> String {
        let time = String(format: "%5.2f s", delivery.at)
        switch delivery.sound {
        case .failure(let error):
            return "[\(time)] \(delivery.id): payload refused: \(error)"
        case .success(let sound):
            let name = sound.request.name.map { "'\($0)'" } ?? "no sound"
            var line = "[\(time)] \(delivery.id) (\(name)\(sound.request.isCritical ? ", critical" : "")): "
            if let file = sound.file {
                line += "plays \(file.path) from the \(file.location.rawValue)"
            } else {
                line += sound.resultName + (sound.reason.map { " (\($0.rawValue))" } ?? "")
            }
            let details = sound.findings.map { "\($0.message) [\($0.code.rawValue)]" } + sound.hints
            return ([line] + details.map { "        \($0)" }).joined(separator: "\n")
        }
    }
}
