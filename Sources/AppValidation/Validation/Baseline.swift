import AppContents
import SoundContainers
import SoundPolicy

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The findings a repository had when it adopted soundcheck (`validate --write-baseline FILE`),
/// which a later run accepts (`validate --baseline FILE`): only findings not in it fail, as
/// SwiftLint's, Android Lint's, detekt's and Periphery's baselines do.
///
/// A finding is keyed by its file, its code and, for a finding on code, the sound name it is
/// about, never by its line or its message: moving the code, or a reworded message, keeps it
/// matched. The file is kept relative to the baseline's folder, so the baseline matches from any
/// working folder. A key found twice is recorded with a count of 2 and matches two findings, no
/// more. Errors and warnings are recorded (what fails, or fails under `--strict`); notes never
/// fail, and stay in the report.
package struct Baseline: Equatable {
    /// What identifies a finding across runs.
    package struct Key: Hashable, Comparable {
        /// The file's path, relative to the baseline's folder.
        package let file: String
        /// The finding's code.
        package let code: FindingCode
        /// The sound name a finding on code is about; nil for a finding about the file itself.
        package let name: String?

        package static func < (a: Key, b: Key) -> Bool {
            (a.file, a.code.rawValue, a.name ?? "") < (b.file, b.code.rawValue, b.name ?? "")
        }
    }

    /// How many findings each key stands for.
    package var counts: [Key: Int] = [:]

    /// The folder that files' paths are relative to: the baseline file's, made absolute.
    package let folder: String
    /// The working folder, which the reports' relative paths start from.
    private let workingFolder: String

    /// An empty baseline for a file at `path`.
    package init(at path: String) {
        workingFolder = Self.currentFolder()
        folder = Self.absolute(parentFolder(of: path), from: workingFolder)
    }

    /// The baseline at `path` with the errors and warnings of `files` recorded.
    package init(at path: String, recording files: [JudgedFile]) {
        self.init(at: path)
        for file in files {
            for finding in file.report.verdict.findings where Self.isRecorded(finding) {
                counts[key(finding, in: file.report), default: 0] += 1
            }
        }
    }

    /// How many findings it holds.
    package var total: Int { counts.values.reduce(0, +) }

    /// Whether a finding of this severity is recorded: it fails, or fails under `--strict`.
    package static func isRecorded(_ finding: Finding) -> Bool {
        finding.severity == .error || finding.severity == .warning
    }

    /// The key of `finding`, reported in `report`.
    package func key(_ finding: Finding, in report: FileReport) -> Key {
        Key(file: relativePath(report.path), code: finding.code, name: finding.subject)
    }

    /// `files` with the findings this baseline holds taken out, each key as many times as its
    /// count; how many were taken out; and how many of its findings were not found (fixed since,
    /// or moved to another file). A report left with no finding is left out, unless it describes
    /// a sound, which then passes.
    package func applying(to files: [JudgedFile], policy: Policy, formatter: any ReportFormatter) -> (
        files: [JudgedFile], matched: Int, unmatched: Int
    ) {
        var left = counts
        var matched = 0
        var kept: [JudgedFile] = []
        kept.reserveCapacity(files.count)
        for file in files {
            guard file.report.verdict.findings.contains(where: Self.isRecorded) else {
                kept.append(file)
                continue
            }
            var report = file.report
            let before = report.verdict.findings.count
            report.verdict = policy.removing(from: report.verdict) { finding in
                guard Self.isRecorded(finding) else { return false }
                let key = key(finding, in: file.report)
                guard let count = left[key], count > 0 else { return false }
                left[key] = count - 1
                return true
            }
            let removed = before - report.verdict.findings.count
            guard removed > 0 else {
                kept.append(file)
                continue
            }
            matched += removed
            if report.verdict.findings.isEmpty, report.verdict.description == nil, report.otherFormat == nil { continue }
            kept.append(JudgedFile(report, renderedBy: formatter, root: file.root))
        }
        return (kept, matched, left.values.reduce(0, +))
    }

    /// `path` (as a report shows it: relative to the working folder, or absolute) relative to
    /// the baseline's folder, with `.` and `..` resolved.
    package func relativePath(_ path: String) -> String {
        let target = Self.absolute(path, from: workingFolder).split(separator: "/")
        let base = folder.split(separator: "/")
        var shared = 0
        while shared < target.count, shared < base.count, target[shared] == base[shared] { shared += 1 }
        return (Array(repeating: "..", count: base.count - shared) + target[shared...].map(String.init)).joined(separator: "/")
    }

    /// `path` made absolute against `workingFolder`, with `.` and `..` resolved (by name: a
    /// symbolic link is not followed).
    package static func absolute(_ path: String, from workingFolder: String) -> String {
        normalizedPath(path.hasPrefix("/") ? path : joiningPath(workingFolder, path))
    }

    /// Whether the paths `a` and `b` name the same file (by name, from the working folder).
    package static func areSameFile(_ a: String, _ b: String) -> Bool {
        let workingFolder = currentFolder()
        return absolute(a, from: workingFolder) == absolute(b, from: workingFolder)
    }

    /// The working folder's absolute path ("/" if it cannot be told).
    private static func currentFolder() -> String {
        guard let pointer = getcwd(nil, 0) else { return "/" }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
