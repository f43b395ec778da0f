import AppValidation

extension ValidationRun {
    /// The options `init(commandLine:)` reads. Anything else (help, version,
    /// `--use-script-input-files`, `--name=value`, grouped short flags) goes to the argument
    /// parser; a test holds this list to `ValidateCommand`'s options.
    static let optionsReadDirectly = [
        "--files-from", "-0", "--format", "--max-duration", "--warn-over", "--strict", "--no-strict", "--config", "--no-config",
        "--include", "--exclude", "--jobs", "-q", "--quiet", "-o", "--output", "--container", "--group", "--bundle",
        "--platform", "--no-names", "--baseline", "--write-baseline", "--listen", "--no-listen", "--loudness-target",
        "--quiet-margin", "--late-start", "--max-true-peak",
    ]

    /// Whether the option `name` of `optionsReadDirectly` takes a value; nil for any other word.
    /// (A switch, not a dictionary: a dictionary's type costs the Swift runtime a scan of every
    /// protocol conformance in the binary when a run first uses it, 0.1 ms.)
    static func takesValue(_ name: String) -> Bool? {
        switch name {
        case "--files-from", "--format", "--max-duration", "--warn-over", "--config", "--include", "--exclude", "--jobs", "-o",
            "--output", "--container", "--group", "--bundle", "--platform", "--baseline", "--write-baseline", "--loudness-target",
            "--quiet-margin", "--late-start", "--max-true-peak":
            return true
        case "-0", "--strict", "--no-strict", "--no-config", "-q", "--quiet", "--no-names", "--listen", "--no-listen": return false
        default: return nil
        }
    }

    /// The run a well-formed `validate` command line asks for (the words after `validate`), read
    /// without the argument parser, whose reflection of the command's options cost a millisecond
    /// of every run; nil for anything else — an option it does not read, a value missing or out of
    /// range, a single option given twice — which the argument parser then reads, and explains.
    init?(commandLine arguments: ArraySlice<String>) {
        self.init(paths: [])
        paths.reserveCapacity(arguments.count)
        var given = Set<String>()
        var index = arguments.startIndex
        var onlyPaths = false
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            if onlyPaths || !Self.isOption(word) {
                paths.append(word)
                continue
            }
            if word == "--" {
                onlyPaths = true
                continue
            }
            guard let takesValue = Self.takesValue(word) else { return nil }
            let name = word == "-q" ? "--quiet" : word == "-o" ? "--output" : word
            let repeatable = ["--include", "--exclude", "--group"].contains(name)
            let flag = name == "--no-strict" ? "--strict" : name == "--no-listen" ? "--listen" : name
            guard repeatable || given.insert(flag).inserted else { return nil }
            guard takesValue else {
                switch name {
                case "-0": nullSeparated = true
                case "--strict", "--no-strict":
                    policy.isStrict = name == "--strict"
                    policyFlags.strict = true
                case "--no-config": readsConfiguration = false
                case "--no-names": readsCode = false
                case "--listen", "--no-listen":
                    policy.listening.isOn = name == "--listen"
                    policyFlags.listen = true
                default: quiet = true
                }
                continue
            }
            // A level's value may be negative (`--loudness-target -16`): a number is never an option.
            guard index < arguments.endIndex, !Self.isOption(arguments[index]) || Self.takesLevel(name) && Double(arguments[index]) != nil
            else { return nil }
            let value = arguments[index]
            index += 1
            guard set(name, to: value) else { return nil }
        }
        guard !nullSeparated || filesFrom != nil, readsConfiguration || configurationFile == nil else { return nil }
    }

    /// Whether `word` is an option: it starts with a dash and is not "-" (standard input). The
    /// first byte is read directly: `hasPrefix` and a comparison with "-" cost 125 instructions a
    /// path (valgrind), a quarter of a million for 2,000 paths as arguments.
    private static func isOption(_ word: String) -> Bool {
        let utf8 = word.utf8
        return utf8.first == UInt8(ascii: "-") && utf8.count > 1
    }

    /// Whether the option `name` takes a level, which may be negative.
    private static func takesLevel(_ name: String) -> Bool {
        name == "--loudness-target" || name == "--max-true-peak"
    }

    /// Sets the option `name` to `value`; false when the value is not one the option takes.
    private mutating func set(_ name: String, to value: String) -> Bool {
        switch name {
        case "--files-from": filesFrom = value
        case "--format":
            guard let format = ReportFormat(rawValue: value) else { return false }
            self.format = format
        case "--max-duration":
            guard let seconds = Double(value), seconds > 0, seconds.isFinite else { return false }
            policy.maxDuration = seconds
            policyFlags.maxDuration = true
        case "--warn-over":
            guard let seconds = Double(value), seconds > 0, seconds.isFinite else { return false }
            policy.bannerDuration = seconds
            policyFlags.bannerDuration = true
        case "--config": configurationFile = value
        case "--include": include.append(value)
        case "--exclude": exclude.append(value)
        case "--jobs":
            guard let jobs = Int(value), jobs >= 1 else { return false }
            self.jobs = jobs
        case "--output": output = value
        case "--container": container = value
        case "--group": groups.append(value)
        case "--bundle": bundle = value
        case "--baseline": baseline = value
        case "--write-baseline": writesBaseline = value
        case "--platform":
            guard let platform = PlatformChoice(rawValue: value) else { return false }
            self.platform = platform
        case "--loudness-target":
            guard let lufs = Double(value), (-70...0).contains(lufs) else { return false }
            policy.listening.target = lufs
            policyFlags.loudnessTarget = true
        case "--quiet-margin":
            guard let margin = Double(value), (0...70).contains(margin) else { return false }
            policy.listening.quietMargin = margin
            policyFlags.quietMargin = true
        case "--late-start":
            guard let seconds = Double(value), seconds > 0, seconds.isFinite else { return false }
            policy.listening.lateStart = seconds
            policyFlags.lateStart = true
        case "--max-true-peak":
            guard let level = Double(value), (-20...6).contains(level) else { return false }
            policy.listening.maxTruePeak = level
            policyFlags.maxTruePeak = true
        default: return false
        }
        return true
    }
}
