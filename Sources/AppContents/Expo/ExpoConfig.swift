import SoundContainers

/// The notification sounds an Expo app config lists: the `sounds` of the `expo-notifications`
/// config plugin, which copies each file into the iOS bundle (and Android's `res/raw`) by its
/// file name at prebuild.
public struct ExpoConfig: Sendable, Equatable {
    /// The config file, as given.
    public let path: String
    /// The folder its relative paths start from (the one holding the config).
    public let folder: String
    /// True when the config uses the `expo-notifications` plugin at all.
    public let usesNotificationsPlugin: Bool
    /// True when the file says it is Expo's: an `expo` key at the top, or the plugin. (A bare
    /// React Native app's `app.json` holds only `name` and `displayName`.)
    public let isExpoConfig: Bool
    /// The sound paths, as written.
    public let sounds: [String]

    /// Reads the config at `path`: JSON, or JavaScript or TypeScript that spells out its sounds
    /// (`readScript(_:)`).
    public static func read(_ path: String) throws(ExpoConfigError) -> ExpoConfig {
        let bytes: [UInt8]
        do {
            bytes = try readWholeFile(atPath: path, limit: 16 << 20)
        } catch {
            throw ExpoConfigError(path: path, problem: "cannot be read: \(error.reason)")
        }
        if isScript(named: fileName(of: path)) {
            guard let config = ExpoConfig(script: bytes, path: path) else {
                throw ExpoConfigError(path: path, problem: "computes its expo-notifications sounds, which only running it can tell")
            }
            return config
        }
        return try ExpoConfig(parsing: bytes, path: path)
    }

    /// Reads the JSON of an `app.json` or `app.config.json`; `path` names it in errors.
    public init(parsing bytes: [UInt8], path: String) throws(ExpoConfigError) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw ExpoConfigError(path: path, problem: "not valid JSON: \(error)")
        }
        guard case .object(let top) = root else { throw ExpoConfigError(path: path, problem: "not a JSON object") }
        // app.json nests the config under "expo"; app.config.json may hold it at the top.
        var config = top
        if let expo = top["expo"] {
            guard case .object(let inner) = expo else { throw ExpoConfigError(path: path, problem: "'expo' must be an object") }
            config = inner
        }
        var uses = false
        var sounds: [String] = []
        if let plugins = config["plugins"] {
            guard case .array(let entries) = plugins else { throw ExpoConfigError(path: path, problem: "'plugins' must be an array") }
            for entry in entries {
                switch entry {
                case .string("expo-notifications"):
                    uses = true
                case .array(let pair) where pair.first == .string("expo-notifications"):
                    uses = true
                    guard pair.count > 1, case .object(let options) = pair[1], let listed = options["sounds"] else { continue }
                    guard case .array(let values) = listed else {
                        throw ExpoConfigError(path: path, problem: "the expo-notifications 'sounds' option must be an array of paths")
                    }
                    for value in values {
                        guard case .string(let sound) = value else {
                            throw ExpoConfigError(path: path, problem: "the expo-notifications 'sounds' option must hold only strings")
                        }
                        sounds.append(sound)
                    }
                default:
                    continue
                }
            }
        }
        self.path = path
        self.folder = parentFolder(of: path)
        self.usesNotificationsPlugin = uses
        self.isExpoConfig = top["expo"] != nil || uses
        self.sounds = sounds
    }

    /// Where a listed sound is on disk.
    public func location(of sound: String) -> String {
        sound.hasPrefix("/") ? sound : (folder == "." ? normalizedPath(sound) : normalizedPath(joiningPath(folder, sound)))
    }
}

/// Why an Expo config could not be read; names the file.
public struct ExpoConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The config file.
    public let path: String
    /// What is wrong with it.
    public let problem: String

    public var description: String { "\(path): \(problem)" }
}
