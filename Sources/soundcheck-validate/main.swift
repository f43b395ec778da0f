// soundcheck-validate: the tool the SwiftPM plugins run. It judges the sound files it is given
// exactly as `soundcheck validate` does (the same parsers and policy) and prints each finding as a
// diagnostic SwiftPM and Xcode attach to the file, `PATH:1: error: message [code]`; it links no C
// library and no argument parser, so a package that uses the plugins builds it in seconds
// (docs/ci.md: "SwiftPM plugins").
//   soundcheck-validate [--strict] [--config FILE] [--stamp FILE] SOUND…
// With --config, the file's policy settings apply (max-duration, warn-over, strict, rules, ignore);
// --strict wins over its strict. A configuration that cannot be used is itself a diagnostic on the file.
import SoundContainers
import SoundPolicy
import SoundcheckConfiguration

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
var strict = false
var stamp: String?
var configurationFile: String?
var sounds: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--strict": strict = true
    case "--stamp" where !arguments.isEmpty: stamp = arguments.removeFirst()
    case "--config" where !arguments.isEmpty: configurationFile = arguments.removeFirst()
    default: sounds.append(argument)
    }
}
var policy = Policy(isStrict: strict)
if let configurationFile {
    do throws(ConfigurationError) {
        let configuration = try Configuration.read(configurationFile)
        policy = configuration.policy(overriding: policy, flags: PolicyFlags(strict: strict))
    } catch {
        print("\(error.file):\(error.line ?? 1): error: \(error.key.map { "\($0): " } ?? "")\(error.problem)")
        exit(1)
    }
}
var failed = 0
for path in sounds {
    let verdict = policy.verdict(forFileAt: path)
    for finding in verdict.findings {
        print("\(path):1: \(finding.severity.rawValue): \(finding.message) [\(finding.code.rawValue)]")
    }
    if !verdict.passed { failed += 1 }
}
guard failed == 0 else {
    print("soundcheck: \(failed) of \(sounds.count) sounds will not play as notification sounds")
    exit(1)
}
// The stamp is a Swift file the target compiles, so the build system runs this check before it.
if let stamp, let file = fopen(stamp, "w") {
    fputs("// soundcheck: \(sounds.count) notification sounds checked\n", file)
    fclose(file)
}
