extension ValidationRun {
    /// The options `init(commandLine:)` reads, each with whether it takes a value. Anything else
    /// (help, version, `--use-script-input-files`, `--name=value`, grouped short flags) goes to
    /// the argument parser; a test holds this table to `ValidateCommand`'s options.
    static let optionsReadDirectly: [String: Bool] = [
        "--files-from": true, "-0": false, "--format": true, "--max-duration": true, "--warn-over": true, "--strict": false,
        "--no-strict": false, "--config": true, "--no-config": false, "--include": true, "--exclude": true, "--jobs": true,
        "-q": false, "--quiet": false, "-o": true, "--output": true, "--container": true, "--group": true, "--bundle": true,
    ]

    /// The run a well-formed `validate` command line asks for (the words after `validate`), read
    /// without the argument parser, whose reflection of the command's options cost a millisecond
    /// of every run; nil for anything else — an option it does not read, a value missing or out of
    /// range, a single option given twice — which the argument parser then reads, and explains.
    init?(commandLine arguments: ArraySlice<String>) {
        self.init(paths: [])
        var given = Set<String>()
        var index = arguments.startIndex
        var onlyPaths = false
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            if onlyPaths || word == "-" || !word.hasPrefix("-") {
                paths.append(word)
                continue
            }
            if word == "--" {
                onlyPaths = true
                continue
            }
            guard let takesValue = Self.optionsReadDirectly[word] else { return nil }
            let name = word == "-q" ? "--quiet" : word == "-o" ? "--output" : word
            let repeatable = ["--include", "--exclude", "--group"].contains(name)
            guard repeatable || given.insert(name == "--no-strict" ? "--strict" : name).inserted else { return nil }
            guard takesValue else {
                switch name {
                case "-0": nullSeparated = true
                case "--strict", "--no-strict":
                    policy.isStrict = name == "--strict"
                    policyFlags.strict = true
                case "--no-config": readsConfiguration = false
                default: quiet = true
                }
                continue
            }
            guard index < arguments.endIndex, arguments[index] == "-" || !arguments[index].hasPrefix("-") else { return nil }
            let value = arguments[index]
            index += 1
            guard set(name, to: value) else { return nil }
        }
        guard !nullSeparated || filesFrom != nil, readsConfiguration || configurationFile == nil else { return nil }
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
        default: return false
        }
        return true
    }
}
