import AppContents
import SoundContainers

/// A project of a kind soundcheck does not read, found in a repository: it ships the sounds in its
/// folder by rules soundcheck does not know (which platform, which folder of the app), so they are
/// judged by no platform's rules and get a note instead (docs/apps.md, "Projects soundcheck does
/// not read"). `Kind.allCases` is the list: a kind that a reader learns leaves it in one line.
public struct UnreadShape: Sendable, Equatable {
    /// The kinds of project soundcheck does not read, each with what marks it and the folder
    /// whose sounds it ships.
    public enum Kind: String, Sendable, CaseIterable {
        /// An MSBuild project, `.csproj`, `.fsproj` or `.vbproj` (.NET MAUI, Xamarin, Unity's
        /// generated ones): ships what its items and its SDK's implicit globs under its folder
        /// take (https://learn.microsoft.com/dotnet/maui/fundamentals/single-project). Where a C#
        /// project here builds for a phone, `DotNetProject` reads the C# projects, and they, their
        /// solutions and what lies in their folders leave the list (`RepositoryLayout`).
        case dotnetProject
        /// A .NET solution, `.sln` or `.slnx`: the projects it lists, in folders beside it.
        case dotnetSolution
        /// An Android resource folder that no Gradle source set holds, `Resources/raw` (Xamarin.Android,
        /// .NET for Android, which build it with MSBuild; MAUI's `Resources/Raw` is its asset folder).
        case resourcesRaw
        /// A Unity project (`ProjectSettings/ProjectVersion.txt` beside `Assets/`): its sounds are
        /// AudioClips the engine imports and packs (https://docs.unity3d.com/Manual/AudioFiles.html),
        /// and com.unity.mobile.notifications copies only those its settings list.
        case unity
        /// A Godot project (`project.godot`): the engine imports and packs its sounds.
        case godot
        /// An Unreal Engine project (`.uproject`): the engine cooks and packs its sounds.
        case unreal
        /// A Titanium app (`tiapp.xml`): its build copies `Resources/` and `platform/` as it chooses.
        case titanium
        /// A NativeScript app (`App_Resources/`, in its app folder): the NativeScript CLI moves
        /// `App_Resources/Android` (`raw/`, or `src/main/res/raw/` once `ns resources update` ran) into the Android
        /// project's resources and `App_Resources/iOS` into the iOS app's, and the rest of the app
        /// folder into both apps' bundles (its `ns resources update` page:
        /// https://app.unpkg.com/nativescript@8.9.3/files/docs/man_pages/project/configuration/resources/resources-update.md).
        case nativeScript

        /// What the project is, for a person, with an article.
        public var name: String {
            switch self {
            case .dotnetProject: return "a .NET project"
            case .dotnetSolution: return "a .NET solution"
            case .resourcesRaw: return "an Android resource folder built by MSBuild (Xamarin, .NET for Android)"
            case .unity: return "a Unity project"
            case .godot: return "a Godot project"
            case .unreal: return "an Unreal Engine project"
            case .titanium: return "a Titanium app"
            case .nativeScript: return "a NativeScript app"
            }
        }

        /// The kind a file named `name` (its lowercased extension `fileExtension`, at `path`)
        /// marks, if any. Asked of every file a walk meets: one switch on the extension, one on
        /// the name.
        static func markedBy(file name: String, fileExtension: String, path: String) -> Kind? {
            switch fileExtension {
            case "csproj", "fsproj", "vbproj": return .dotnetProject
            case "sln", "slnx": return .dotnetSolution
            case "uproject": return .unreal
            default: break
            }
            switch name {
            case "ProjectVersion.txt": return fileName(of: parentFolder(of: path)) == "ProjectSettings" ? .unity : nil
            case "project.godot": return .godot
            case "tiapp.xml": return .titanium
            default: return nil
            }
        }

        /// The kind a folder named `name` at `path` marks, if any.
        static func markedBy(folder name: String, path: String) -> Kind? {
            if name == "App_Resources" { return .nativeScript }
            return (name == "raw" || name == "Raw") && fileName(of: parentFolder(of: path)) == "Resources" ? .resourcesRaw : nil
        }

        /// The folder whose sounds the project that `marker` marks ships: the Unity project's
        /// root (above `ProjectSettings/`), a resource folder itself, a NativeScript app's folder
        /// (above `App_Resources/`), else the marker's folder.
        func folder(ofMarker marker: String) -> String {
            switch self {
            case .unity: return parentFolder(of: parentFolder(of: marker))
            case .resourcesRaw: return marker
            case .dotnetProject, .dotnetSolution, .godot, .unreal, .titanium, .nativeScript: return parentFolder(of: marker)
            }
        }
    }

    /// What kind of project it is.
    public let kind: Kind
    /// The file or folder that marks it, as the walk shows it.
    public let marker: String
    /// The folder whose sounds it ships, normalized.
    public let folder: String

    /// The project `kind` marked by `marker`.
    public init(kind: Kind, marker: String) {
        self.kind = kind
        self.marker = marker
        folder = normalizedPath(kind.folder(ofMarker: marker))
    }

    /// True when the file at `path` (normalized) lies in `folder`.
    func holds(_ path: String) -> Bool {
        folder.isEmpty || folder == "." || path == folder || path.hasPrefix(folder + "/")
    }

    /// What ships the sound, for its note: "a .NET project (App/App.csproj)".
    public var description: String { "\(kind.name) (\(marker))" }
}
