import AppValidation
import SoundPolicy

/// The findings on the sounds of `repository`, one line each as a compiler prints them, and
/// whether every sound will play as a notification sound.
func soundFindings(in repository: String) throws -> (lines: [String], passed: Bool) {
    var request = ValidationRequest(paths: [repository])
    request.policy.isStrict = true  // a warning fails the check too
    let report = try request.run()
    var lines: [String] = []
    for file in report.files {
        let place = file.line.map { "\(file.path):\($0)" } ?? file.path
        for finding in file.verdict.findings where finding.severity != .note {
            lines.append("\(place): \(finding.severity.rawValue): \(finding.message) [\(finding.code.rawValue)]")
        }
    }
    return (lines, report.passed)
}
