// soundcheck-validate: the tool the SwiftPM plugins run. It judges the sound files it is given
// exactly as `soundcheck validate` does (the same parsers and policy) and prints each finding as a
// diagnostic SwiftPM and Xcode attach to the file, `PATH:1: error: message [code]`. Given the
// target's code too (--source), it reports each literal sound name the code asks for that the
// target does not ship on the line that asks, `FILE:LINE: error: …`, as `validate` judges a
// repository's names. It links no C library and no argument parser, so a package that uses the
// plugins builds it in seconds (docs/ci.md: "SwiftPM plugins").
//   soundcheck-validate [--strict] [--config FILE] [--stamp FILE] [--source FILE]…
//                       [--project-folder DIR --target NAME] SOUND…
// With --config, the file's policy settings apply (max-duration, warn-over, strict, rules, ignore);
// --strict wins over its strict. A configuration that cannot be used is itself a diagnostic on the file.
// With --project-folder and --target (an Xcode target), the target's sounds also count the sounds
// of the app that embeds it, and an app or app extension's names are checked even when it ships
// no sound; otherwise the names are checked when the target ships a sound.
import AppContents
import AppValidation
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
var projectFolder: String?
var targetName: String?
var sources: [String] = []
var sounds: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--strict": strict = true
    case "--stamp" where !arguments.isEmpty: stamp = arguments.removeFirst()
    case "--config" where !arguments.isEmpty: configurationFile = arguments.removeFirst()
    case "--source" where !arguments.isEmpty: sources.append(arguments.removeFirst())
    case "--project-folder" where !arguments.isEmpty: projectFolder = arguments.removeFirst()
    case "--target" where !arguments.isEmpty: targetName = arguments.removeFirst()
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
/// The Xcode project in `folder` (its `.xcodeproj` folders) that has the target `name`, read;
/// nil when none has it.
func project(in folder: String, with name: String) -> XcodeProject? {
    var projects: [String] = []
    _ = forEachEntry(inFolder: folder) { entry, _ in
        let entryName = String(cString: entry)
        if fileExtension(of: entryName) == "xcodeproj" { projects.append(joiningPath(folder, entryName)) }
    }
    for path in projects.sorted() {
        if let project = try? XcodeProject.read(path), project.targets.contains(where: { $0.name == name }) { return project }
    }
    return nil
}
var unshipped = 0
if !sources.isEmpty {
    var shipped = sounds
    var buildsApp = false
    if let projectFolder, let targetName, let project = project(in: projectFolder, with: targetName) {
        shipped += TargetNameCheck.soundsOfApps(embedding: targetName, in: project)
        buildsApp = project.targets.contains { $0.name == targetName && $0.buildsApp }
    }
    // Code that ships no sound may name the sounds of the app that uses it (a library's): only an
    // app's, or a target that ships sounds, is held to what it ships.
    if buildsApp || !shipped.isEmpty {
        for report in TargetNameCheck(policy: policy).reports(sources: sources, shipped: shipped) {
            for finding in report.verdict.findings {
                print("\(report.path):\(report.line ?? 1): \(finding.severity.rawValue): \(finding.message) [\(finding.code.rawValue)]")
            }
            if !report.verdict.passed { unshipped += 1 }
        }
    }
}
if failed > 0 { print("soundcheck: \(failed) of \(sounds.count) sounds will not play as notification sounds") }
if unshipped > 0 { print("soundcheck: the code asks for \(unshipped) \(unshipped == 1 ? "sound" : "sounds") this target does not ship") }
guard failed == 0, unshipped == 0 else { exit(1) }
// The stamp is a Swift file the target compiles, so the build system runs this check before it.
if let stamp, let file = fopen(stamp, "w") {
    fputs("// soundcheck: \(sounds.count) notification sounds checked\n", file)
    fclose(file)
}
