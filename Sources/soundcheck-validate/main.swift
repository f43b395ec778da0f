// soundcheck-validate: the tool the SwiftPM plugins run. It judges the sound files it is given
// exactly as `soundcheck validate` does (the same parsers and policy) and prints each finding as a
// diagnostic SwiftPM and Xcode attach to the file, `PATH:1: error: message [code]`; it links no C
// library and no argument parser, so a package that uses the plugins builds it in seconds
// (README: "SwiftPM plugins").
//   soundcheck-validate [--strict] [--stamp FILE] SOUND…
import SoundContainers
import SoundPolicy

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
var strict = false
var stamp: String?
var sounds: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--strict": strict = true
    case "--stamp" where !arguments.isEmpty: stamp = arguments.removeFirst()
    default: sounds.append(argument)
    }
}
let policy = Policy(isStrict: strict)
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
