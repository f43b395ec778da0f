import AppValidation
import ArgumentParser
import SoundContainers
import SoundPolicy
import SoundResolver
import SoundcheckConfiguration

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `soundcheck resolve`: which file will play for a sound name or an `aps` payload, or why the
/// default sound plays instead.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Show which file plays for a notification sound, or why the default sound plays.",
        discussion: """
            Searches <container>/Library/Sounds, each <group>/Library/Sounds in order (not for \
            critical alerts), then the bundle root, as the system does. Exit 0 when every request \
            resolves to a file (or asks for the default sound or none), 1 when any falls back to the default.
            """
    )

    @Argument(help: "The sound name, as the payload's aps.sound would give it.")
    var name: String?

    @Option(
        help: """
            A request body as the server sends it: an APNs payload, an FCM HTTP v1 or legacy body, \
            an Expo push message, a OneSignal notification, or an array of them. JSON text, or @FILE.
            """)
    var payload: String?

    @Option(help: "A file of requests (- for standard input), one per line: a sound name, or a JSON body.")
    var names: String?

    @Flag(help: "Resolve NAME as a critical alert.")
    var critical = false

    @Option(help: "The app's sound setting (UNNotificationSettings.soundSetting): on or off.")
    var sounds: Switch = .on

    @Option(help: "The app's critical-alert authorization (criticalAlertSetting): on or off.")
    var criticalAlerts: Switch = .on

    @OptionGroup var locationOptions: SoundLocationOptions

    @Option(help: "Which platform's answer to give: ios (the default), android, or all (both, for a push body).")
    var platform: PlatformChoice = .ios

    @Option(help: "An Android res/raw folder of the app (repeatable; main first, as the build merges them).")
    var raw: [String] = []

    @Option(help: "A built Android app (.apk or .aab), read in place, whose raw resources to search.")
    var apk: String?

    @Option(help: "An inventory of a build (soundcheck inventory's JSON) to answer from, instead of the app's folders.")
    var inventory: String?

    @Option(help: "The app of the inventory to answer for, by name or identifier, when the platform asked for has several.")
    var app: String?

    @OptionGroup var configurationOptions: ConfigurationOptions

    @Option(help: "Output format: text or json.")
    var format: ResolveFormat = .text

    func validate() throws {
        let given = [name != nil, payload != nil, names != nil].filter { $0 }.count
        guard given == 1 else { throw ValidationError("give exactly one of NAME, --payload or --names") }
    }

    func run() throws {
        // Only the locations come from a configuration file: what plays is decided by Apple's
        // rules, which a configuration's rules do not change.
        var locationOptions = self.locationOptions
        if let configuration = try configurationOptions.load() {
            locationOptions.container = locationOptions.container ?? configuration.container
            if locationOptions.group.isEmpty { locationOptions.group = configuration.groups }
            locationOptions.bundle = locationOptions.bundle ?? configuration.bundle
        }
        let requests = try self.requests()
        if let inventory {
            try resolve(requests, inventory: inventory)
            return
        }
        if platform != .ios {
            guard !raw.isEmpty || apk != nil else {
                throw UsageFailure(message: "--platform \(platform.rawValue) needs the app's raw resources: give --raw DIR or --apk FILE")
            }
            if platform == .android {
                try resolveForAndroid(requests)
                return
            }
        }
        guard !locationOptions.isEmpty else {
            throw UsageFailure(message: "give at least one of --container, --group or --bundle (or set them in \(Configuration.fileName))")
        }
        let resolver = SoundResolver(locations: locationOptions.locations)
        let settings = NotificationSettings(soundsEnabled: sounds == .on, criticalAlertsAuthorized: criticalAlerts == .on)
        let archived = try locationOptions.archivedBundle.map { try ArchivedBundleLookup(path: $0) }
        let results = requests.map { request in
            let result = resolver.resolve(request, settings: settings)
            return archived?.completing(result, policy: resolver.policy) ?? result
        }
        let report = ResolveReport(results: results)
        if platform == .all {
            try write(results, try androidAnswers(requests), report: report)
            return
        }
        try write(results, report: report)
    }

    /// The answers from an inventory: for iOS by default, Android's or both with `--platform`.
    private func resolve(_ requests: [SoundRequest], inventory path: String) throws {
        guard locationOptions.isEmpty, raw.isEmpty, apk == nil else {
            throw UsageFailure(message: "--inventory answers from the inventory alone: leave out --container, --group, --bundle, --raw and --apk")
        }
        let resolver: InventoryResolver
        do {
            let inventory = try SoundInventory(json: try readInput(path, limit: 64 << 20))
            // Only the platforms asked for choose an app: `--platform android` never asks which iOS app.
            let platforms: Set<SoundPlatform> = platform == .all ? [.ios, .android] : platform == .android ? [.android] : [.ios]
            resolver = try InventoryResolver(inventory: inventory, app: app, platforms: platforms)
        } catch let error as InventoryError {
            throw UsageFailure(message: "\(path): \(error)")
        }
        if platform != .ios, resolver.androidApp == nil {
            throw UsageFailure(message: "\(path): the inventory holds no Android app to answer --platform \(platform.rawValue)")
        }
        if platform != .android, resolver.app == nil {
            throw UsageFailure(message: "\(path): the inventory holds no iOS or macOS app; give --platform android for its Android app")
        }
        let settings = NotificationSettings(soundsEnabled: sounds == .on, criticalAlertsAuthorized: criticalAlerts == .on)
        let results = requests.map { resolver.resolve($0, settings: settings) }
        let android = { (requests: [SoundRequest]) in requests.map { resolver.resolve(androidRequest(for: $0)) } }
        switch platform {
        case .ios: try write(results, report: ResolveReport(results: results))
        case .android: try write(android(requests))
        case .all: try write(results, android(requests), report: ResolveReport(results: results))
        }
    }

    /// iOS answers, text or JSON.
    private func write(_ results: [ResolvedSound], report: ResolveReport) throws {
        switch (format, names != nil || results.count != 1) {
        case (.json, false): try writeReport(report.jsonObject(results[0]))
        case (.json, true): try writeReport("[" + results.map(report.jsonObject).joined(separator: ",") + "]")
        case (.text, false): try writeReport(report.text(results[0]))
        case (.text, true): try writeReport(report.table())
        }
        if results.contains(where: \.fellBack) { throw ExitCode.failed }
    }

    /// Android's answers alone, text or JSON.
    private func resolveForAndroid(_ requests: [SoundRequest]) throws {
        try write(try androidAnswers(requests))
    }

    /// Android's answers, text or JSON.
    private func write(_ answers: [AndroidResolvedSound]) throws {
        let report = AndroidResolveReport()
        switch (format, answers.count == 1 && names == nil) {
        case (.json, true): try writeReport(report.jsonObject(answers[0]))
        case (.json, false): try writeReport("[" + answers.map(report.jsonObject).joined(separator: ",") + "]")
        case (.text, _): try writeReport(answers.map(report.text).joined(separator: "\n"))
        }
        if answers.contains(where: \.fellBack) { throw ExitCode.failed }
    }

    /// Both platforms' answers to each request: `{"ios": …, "android": …}` in JSON.
    private func write(_ results: [ResolvedSound], _ answers: [AndroidResolvedSound], report: ResolveReport) throws {
        let android = AndroidResolveReport()
        switch format {
        case .json:
            let objects = zip(results, answers).map { #"{"ios":"# + report.jsonObject($0) + #","android":"# + android.jsonObject($1) + "}" }
            try writeReport(objects.count == 1 && names == nil ? objects[0] : "[" + objects.joined(separator: ",") + "]")
        case .text:
            try writeReport(zip(results, answers).map { "ios: " + report.text($0) + "\nandroid: " + android.text($1) }.joined(separator: "\n"))
        }
        if results.contains(where: \.fellBack) || answers.contains(where: \.fellBack) { throw ExitCode.failed }
    }

    /// Android's answer to each request: its body's Android half, or the name it gives.
    private func androidAnswers(_ requests: [SoundRequest]) throws -> [AndroidResolvedSound] {
        let resolver = try apk.map(ArchivedRawResources.resolver(for:)) ?? AndroidSoundResolver(rawFolders: raw)
        return requests.map { resolver.resolve(androidRequest(for: $0)) }
    }

    /// What a request asks of Android: its body's Android half, or the name it gives.
    private func androidRequest(for request: SoundRequest) -> AndroidSoundRequest {
        if let android = request.android { return android }
        guard let source = request.source else { return AndroidSoundRequest(name: request.name ?? "default") }
        return AndroidSoundRequest(sound: .unset, channelID: nil, fields: source.rawValue, notes: ["a \(source.rawValue) body has no Android fields"])
    }

    private func requests() throws -> [SoundRequest] {
        if let name { return [SoundRequest(name: name, isCritical: critical)] }
        if let payload {
            let text = payload.hasPrefix("@") ? try readText(String(payload.dropFirst())) : payload
            let requests: [SoundRequest]
            do {
                requests = try parse(payload: text, origin: payload.hasPrefix("@") ? String(payload.dropFirst()) : "--payload")
            } catch let failure as UsageFailure where !payload.hasPrefix("@") && FileIdentity.of(payload) != nil {
                // `--payload body.json`: the text is a file's path, which `@` reads.
                throw UsageFailure(message: failure.message + "; did you mean @\(payload)? (a file of that name exists)")
            }
            guard !requests.isEmpty else { throw UsageFailure(message: "--payload: the array holds no request") }
            return requests
        }
        let file = names ?? ""
        // Empty lines are kept, so that a request's place is its line in the file.
        let lines = try readText(file).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { $0.trimmingCharacters() }
        let requests = try lines.enumerated().flatMap { index, line -> [SoundRequest] in
            guard !line.isEmpty, !line.hasPrefix("#") else { return [] }
            if line.hasPrefix("{") || line.hasPrefix("[") { return try parse(payload: line, origin: "\(file):\(index + 1)") }
            // `soundcheck names` writes "name<TAB>file:line"; the name is the first column.
            let name = line.split(separator: "\t", maxSplits: 1).first.map(String.init) ?? line
            return [SoundRequest(name: name, isCritical: critical)]
        }
        guard !requests.isEmpty else {
            throw UsageFailure(message: "\(file == "-" ? "standard input" : file) lists no sound names or payloads")
        }
        return requests
    }

    private func parse(payload text: String, origin: String) throws -> [SoundRequest] {
        do {
            return try SoundRequest.requests(inBody: Array(text.utf8))
        } catch {
            throw UsageFailure(message: "\(origin): \(error)")
        }
    }

    private func readText(_ path: String) throws -> String {
        String(decoding: try readInput(path, limit: 16 << 20), as: UTF8.self)
    }
}

extension ResolvedSound {
    /// True when the default sound plays although a file was asked for.
    var fellBack: Bool { reason != nil && reason != .requested && reason != .soundsDisabled }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}

/// An on/off setting.
enum Switch: String, ExpressibleByArgument, CaseIterable {
    case on, off
}

/// The formats `resolve` can print in.
enum ResolveFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
