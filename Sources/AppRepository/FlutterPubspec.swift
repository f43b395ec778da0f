import AppContents
import SoundContainers
import Yams

/// What soundcheck needs of a Flutter `pubspec.yaml`: whether it is an app's (it depends on the
/// Flutter SDK) and the assets it bundles (`flutter: assets:`), which ship in both apps'
/// `flutter_assets`, where the app plays them itself and neither platform's notifications look.
public struct FlutterPubspec: Sendable, Equatable {
    /// The file, as given.
    public let path: String
    /// True when it depends on the Flutter SDK (`dependencies: flutter: sdk: flutter`) or has a
    /// `flutter:` section.
    public let isFlutterApp: Bool
    /// The asset entries, joined with the pubspec's folder and normalized; folders end in `/`.
    public let assets: [String]

    /// Reads the pubspec at `path`.
    /// - Throws: `FlutterPubspecError` when it cannot be read or is not YAML.
    public static func read(_ path: String) throws(FlutterPubspecError) -> FlutterPubspec {
        let bytes: [UInt8]
        do {
            bytes = try readWholeFile(atPath: path, limit: 4 << 20)
        } catch {
            throw FlutterPubspecError(path: path, problem: "cannot be read: \(error.reason)")
        }
        return try FlutterPubspec(parsing: String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// Reads the YAML of a pubspec; `path` names it and its folder starts the asset paths.
    public init(parsing text: String, path: String) throws(FlutterPubspecError) {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, .basic)
        } catch {
            throw FlutterPubspecError(path: path, problem: "not valid YAML: \(error)")
        }
        let top = root?.mapping
        let flutter = top?["flutter"]
        let sdk = top?["dependencies"]?.mapping?["flutter"]?.mapping?["sdk"]?.scalar?.string
        self.path = path
        self.isFlutterApp = sdk == "flutter" || flutter?.mapping != nil
        let folder = parentFolder(of: path)
        var assets: [String] = []
        for entry in flutter?.mapping?["assets"]?.sequence ?? [] {
            // An entry is a path, or (Flutter 3.19+) a mapping with `path:` and `flavors:`.
            guard let written = entry.scalar?.string ?? entry.mapping?["path"]?.scalar?.string, !written.isEmpty else { continue }
            let joined = folder == "." || written.hasPrefix("/") ? written : joiningPath(folder, written)
            assets.append(normalizedPath(joined) + (written.hasSuffix("/") ? "/" : ""))
        }
        self.assets = assets
    }
}

/// Why a pubspec could not be read; names the file.
public struct FlutterPubspecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// What is wrong with it.
    public let problem: String

    public var description: String { "\(path): \(problem)" }
}
