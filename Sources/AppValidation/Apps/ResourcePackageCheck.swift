import AppContents
import AppRepository
import SoundContainers
import SoundPolicy

/// A package spelled out in an `android.resource://PACKAGE/raw/NAME` URI, checked against the
/// application ids the build variants of the URI's module install (`AndroidApplicationIds`): a
/// build type or flavor whose `applicationIdSuffix` or own `applicationId` installs another id
/// plays the default sound there, and the URI's line gets an error naming each such variant.
struct ResourcePackageCheck {
    let policy: Policy
    let formatter: any ReportFormatter

    /// The reports on the URIs among `uses` whose package some variant does not install. A URI in
    /// code of no Android module (a React Native app's JavaScript, a Flutter app's Dart) is checked
    /// against the one module of `appModules` (the repository's Android apps' folders) whose build
    /// file spells an id, when exactly one does.
    func reports(for uses: [SoundNameUse], appModules: [String], root: Int) -> [JudgedFile] {
        var modules: [String: AndroidApplicationIds] = [:]
        func ids(ofModule module: String) -> AndroidApplicationIds {
            if let known = modules[module] { return known }
            let read = AndroidModule.applicationIds(ofModule: module)
            modules[module] = read
            return read
        }
        let spelled = Set(appModules).filter { ids(ofModule: $0).base != nil }
        var reports: [JudgedFile] = []
        for use in uses where use.platform == .android {
            guard let package = use.resourcePackage else { continue }
            var installed = Self.moduleFolder(of: use.file).map { ids(ofModule: $0).installedIds } ?? []
            if installed.isEmpty, spelled.count == 1, let module = spelled.first { installed = ids(ofModule: module).installedIds }
            let others = installed.filter { $0.id != package }
            guard !others.isEmpty else { continue }
            let verdict = policy.verdict(of: [.androidResourcePackage(package, name: use.name, variants: others)], path: use.file)
            guard !verdict.findings.isEmpty else { continue }
            var report = FileReport(path: use.file, verdict: verdict, platform: .android, showsPlatform: true, purpose: .notification)
            report.line = use.line
            report.isSound = false
            reports.append(JudgedFile(report, renderedBy: formatter, root: root))
        }
        return reports
    }

    /// The module of a source file: the folder holding its `src/` (`app` for
    /// `app/src/main/java/N.kt`, `.` for `src/main/java/N.kt`); nil outside a source set.
    static func moduleFolder(of file: String) -> String? {
        let parts = normalizedPath(file).split(separator: "/", omittingEmptySubsequences: false)
        guard let src = parts.lastIndex(of: "src"), src + 1 < parts.count else { return nil }
        return src == 0 ? "." : parts[..<src].joined(separator: "/")
    }
}
