import AppValidation
import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `soundcheck` command: checks that notification sounds will play on iOS, watchOS and tvOS.
struct SoundCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soundcheck",
        abstract: "Checks that notification sounds will really play on iOS, watchOS and tvOS.",
        discussion: """
            A notification sound plays only if it is AIFF, WAV or CAF, holds Linear PCM, IMA4, µLaw or \
            aLaw audio, and lasts under 30 seconds; otherwise the system silently plays the default sound.
            Exit codes: 0 all passed, 1 a file failed, 2 usage error, 3 the tool itself failed.
            """,
        version: SoundcheckVersion.current,
        subcommands: [
            ValidateCommand.self, InfoCommand.self, ConvertCommand.self, FixCommand.self, ResolveCommand.self, InventoryCommand.self, NamesCommand.self,
            InitCommand.self, CodesCommand.self, ExplainCommand.self,
        ]
    )
}

/// Runs the command line, mapping every outcome onto soundcheck's exit codes.
@main
enum Main {
    static func main() {
        signal(SIGPIPE, SIG_IGN)  // a closed pipe becomes a write error, reported with exit code 3
        signal(SIGXFSZ, SIG_IGN)  // so does a file-size limit: the write fails and says so
        // `validate`, the command CI runs most, is parsed on its own: parsing from the root makes the
        // argument parser reflect every subcommand and look for a completion-script request, which
        // cost a third of a one-file run (Scripts/bench validate).
        let root: any ParsableCommand.Type = CommandLine.arguments.dropFirst().first == "validate" ? ValidateCommand.self : SoundCheck.self
        do {
            let arguments = CommandLine.arguments.dropFirst()
            if root == ValidateCommand.self, let run = ValidationRun(commandLine: arguments.dropFirst()) {
                // `soundcheck validate [OPTION…] [PATH…]`, as CI runs it: read without the argument parser.
                try run.run()
            }
            let lifted = LiftedPaths(
                Array(CommandLine.arguments.dropFirst()),
                commands: [ValidateCommand.configuration, InfoCommand.configuration, FixCommand.configuration].compactMap(\.commandName))
            var command = try root.parseAsRoot(root == SoundCheck.self ? lifted.parserArguments : Array(lifted.parserArguments.dropFirst()))
            // Casts to the concrete commands: a cast to a protocol scans every conformance record.
            command = restoringPaths(ValidateCommand.self, in: command, from: lifted)
            command = restoringPaths(InfoCommand.self, in: command, from: lifted)
            command = restoringPaths(FixCommand.self, in: command, from: lifted)
            try command.run()
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch let failure as UsageFailure {
            printError("soundcheck: error: \(failure.message)")
            exit(ExitCode.usage.rawValue)
        } catch let failure as ToolFailure {
            printError("soundcheck: error: \(failure.message)")
            exit(ExitCode.toolFailure.rawValue)
        } catch {
            // Everything else comes from the argument parser: help and version requests, or usage errors.
            // A subcommand parsed as the root names itself without "soundcheck" in its "See '…'" line.
            let message = root.fullMessage(for: error).replacing("See 'validate ", with: "See 'soundcheck validate ")
            if root.exitCode(for: error) == .success {
                print(message)
                exit(ExitCode.passed.rawValue)
            }
            printError(message)
            exit(ExitCode.usage.rawValue)
        }
        exit(ExitCode.passed.rawValue)
    }
}

/// `command` with its lifted paths put back, when it is a `Command`.
private func restoringPaths<Command: TakesPaths>(
    _: Command.Type, in command: any ParsableCommand, from lifted: LiftedPaths
) -> any ParsableCommand {
    guard var typed = command as? Command else { return command }
    typed.paths = lifted.restore(typed.paths)
    return typed
}
