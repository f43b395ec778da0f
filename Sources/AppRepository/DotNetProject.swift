import AppContents
import SoundContainers

/// A .NET project (`.csproj`): a .NET MAUI app, a .NET for iOS or Android app, a legacy
/// Xamarin.iOS or Xamarin.Android app, or a library, read as text and never run through MSBuild.
/// What it tells: the platforms it builds for and where each of its files lands.
///
/// The rules, from Microsoft's build files:
/// - Platforms: `TargetFramework(s)` (`net8.0-ios`, `net9.0-android`, `net8.0-maccatalyst`; every
///   value written, whatever its condition), or a legacy project's `ProjectTypeGuids`
///   (Xamarin.iOS `FEACFBD2-…`, Xamarin.Android `EFBA0AD7-…`) or its import of
///   `Xamarin.iOS.CSharp.targets` / `Xamarin.Android.CSharp.targets`.
/// - A MAUI single project (`SingleProject`) keeps each platform's files in `Platforms/<name>/`
///   (dotnet/maui `Microsoft.Maui.Controls.SingleProject.Before.targets`: `AndroidProjectFolder`
///   is `Platforms\Android\`, `MonoAndroidResourcePrefix` its `Resources`, `IPhoneResourcePrefix`
///   `Platforms\iOS\Resources`), and its implicit items are (`Microsoft.Maui.Controls.Globs.props`):
///   `BundleResource Include="$(iOSProjectFolder)Resources\**"` (and MacCatalyst's),
///   `AndroidResource Include="$(MonoAndroidResourcePrefix)/raw/*"`,
///   `AndroidAsset Include="$(MonoAndroidAssetsPrefix)/**/*"`.
/// - A .NET for Android project's implicit items are the same under `Resources` and `Assets`
///   (dotnet/android `Microsoft.Android.Sdk/Sdk/AutoImport.props`, `MonoAndroidResourcePrefix`
///   `Resources`, `MonoAndroidAssetsPrefix` `Assets`); a .NET for iOS project's bundle resources
///   are `Resources\**` (`IPhoneResourcePrefix` `Resources`, as Xamarin.iOS's).
/// - `MauiAsset` is no implicit item: the MAUI template writes
///   `<MauiAsset Include="Resources\Raw\**" LogicalName="%(RecursiveDir)%(Filename)%(Extension)" />`.
///   Its `ProcessMauiAssets` target (dotnet/maui `Microsoft.Maui.Resizetizer.After.targets`)
///   makes each one an `AndroidAsset` (Android's `assets/`, where no notification looks) and an
///   iOS `Content` item at its logical path (`LogicalName`, else `Link`, else its path).
/// - A `BundleResource` or iOS `Content` item lands in the bundle at its `LogicalName`, else its
///   `Link`, else its path below the resource prefix (`IPhoneResourcePrefix`), else its path in
///   the project; an `AndroidResource` lands at its `LogicalName`, else its `Link` or path,
///   without the resource prefix and lower-cased (dotnet/android `AndroidComputeResPaths`), and is
///   a raw resource when that path is `raw/NAME`.
/// - An `EmbeddedResource` is compiled into the assembly: the app reads it as a stream and plays
///   it itself; no notification can name it.
public struct DotNetProject: Sendable, Equatable {
    /// A platform a project builds for.
    public enum Platform: String, Sendable, Hashable, CaseIterable {
        case ios
        case macCatalyst = "maccatalyst"
        case android
    }

    /// Where one file of the project lands.
    public enum Shipment: Sendable, Equatable {
        /// In the iOS (or Mac Catalyst) app bundle, at `bundlePath`, by the item `item`.
        case appleBundle(bundlePath: String, item: String)
        /// An Android resource at `resourcePath` below `res/` (`raw/chime.mp3`).
        case androidResource(resourcePath: String)
        /// In Android's `assets/` folder, by the item `item` (`AndroidAsset`, `MauiAsset`).
        case androidAsset(item: String)
        /// Compiled into the assembly (`EmbeddedResource`).
        case embedded
    }

    /// The item types that place a file.
    enum ItemType: String, Sendable, CaseIterable {
        case bundleResource = "BundleResource"
        case content = "Content"
        case mauiAsset = "MauiAsset"
        case androidResource = "AndroidResource"
        case androidAsset = "AndroidAsset"
        case embeddedResource = "EmbeddedResource"
    }

    /// One item element: what it adds or removes, and where it puts it.
    struct Item: Sendable, Equatable {
        let type: ItemType
        let include: [MSBuildGlob]
        let exclude: [MSBuildGlob]
        let remove: [MSBuildGlob]
        let link: String?
        let logicalName: String?
        /// The platform the item group's condition names (`$(TargetFramework.Contains('-ios'))`), if one.
        let conditionPlatform: Platform?
    }

    /// The project file, as the walk shows it.
    public let path: String
    /// Its folder, normalized.
    public let folder: String
    /// The platforms it builds for: none for a library of shared code (`netstandard2.0`, `net8.0`).
    public let platforms: Set<Platform>
    /// True for a MAUI single project (`SingleProject` or `UseMaui`).
    public let isSingleProject: Bool
    /// True for a legacy Xamarin project (no `Sdk` attribute): only the items it lists ship.
    public let isLegacy: Bool
    let items: [Item]
    let appleResourcePrefixes: [String]
    let androidResourcePrefix: String
    let androidAssetsPrefix: String

    /// True when it builds an app (or an app's platform library) for iOS, Mac Catalyst or Android.
    public var isPlatformProject: Bool { !platforms.isEmpty }
    /// True when it builds for iOS or Mac Catalyst.
    public var buildsApple: Bool { platforms.contains(.ios) || platforms.contains(.macCatalyst) }
    /// True when it builds for Android.
    public var buildsAndroid: Bool { platforms.contains(.android) }

    /// The project file at `path`, read; nil when it is no MSBuild project.
    public static func read(_ path: String) -> DotNetProject? {
        let text = readText(atPath: path, limit: 4 << 20)
        guard text.contains("<Project") else { return nil }
        return DotNetProject(path: path, text: text)
    }

    /// The project at `path` whose text is `text`.
    init(path: String, text: String) {
        self.path = path
        folder = normalizedPath(parentFolder(of: path))
        let text = Self.removingComments(text)
        let name = fileName(of: path).lowercased()
        var platforms = Set<Platform>()
        for value in Self.elementTexts("TargetFrameworks", in: text) + Self.elementTexts("TargetFramework", in: text) {
            for framework in value.split(separator: ";") { platforms.formUnion(Self.platforms(ofFramework: framework.lowercased())) }
        }
        let lowered = text.lowercased()
        let guids = Self.elementTexts("ProjectTypeGuids", in: text).joined().lowercased()
        if guids.contains("feacfbd2-3405-455c-9665-78fe426c6842") || lowered.contains("xamarin.ios.csharp.targets") {
            platforms.insert(.ios)
        }
        if guids.contains("efba0ad7-5a72-4c68-af49-83d382785dcf") || lowered.contains("xamarin.android.csharp.targets") {
            platforms.insert(.android)
        }
        // A project named for its platform (`App.iOS.csproj`) whose frameworks come from elsewhere.
        if platforms.isEmpty, name.hasSuffix(".ios.csproj") { platforms.insert(.ios) }
        if platforms.isEmpty, name.hasSuffix(".android.csproj") || name.hasSuffix(".droid.csproj") { platforms.insert(.android) }
        self.platforms = platforms
        isLegacy = !Self.openingTag("Project", in: text).contains("Sdk=")
        isSingleProject =
            Self.elementTexts("SingleProject", in: text).contains { $0.lowercased() == "true" }
            || Self.elementTexts("UseMaui", in: text).contains { $0.lowercased() == "true" }
        let property = { (name: String) in Self.elementTexts(name, in: text).last.map(Self.slashed) }
        if isSingleProject {
            appleResourcePrefixes = [property("IPhoneResourcePrefix") ?? "Platforms/iOS/Resources", "Platforms/MacCatalyst/Resources"]
            androidResourcePrefix = property("MonoAndroidResourcePrefix") ?? "Platforms/Android/Resources"
            androidAssetsPrefix = property("MonoAndroidAssetsPrefix") ?? "Platforms/Android/Assets"
        } else {
            appleResourcePrefixes = [property("IPhoneResourcePrefix") ?? "Resources"]
            androidResourcePrefix = property("MonoAndroidResourcePrefix") ?? "Resources"
            androidAssetsPrefix = property("MonoAndroidAssetsPrefix") ?? "Assets"
        }
        items = Self.items(in: text)
    }

    /// The platforms a target framework names: `net8.0-ios`, `net9.0-android35.0`,
    /// `net8.0-maccatalyst`, and the legacy `MonoAndroid10.0`, `Xamarin.iOS10`.
    static func platforms(ofFramework framework: String) -> Set<Platform> {
        let value = framework.trimmingSpaces
        if value.contains("-ios") || value.hasPrefix("xamarin.ios") || value.hasPrefix("xamarinios") { return [.ios] }
        if value.contains("-maccatalyst") { return [.macCatalyst] }
        if value.contains("-android") || value.hasPrefix("monoandroid") { return [.android] }
        return []
    }

    /// Where the file at `relativePath` (below the project's folder, `/`-separated) lands, on
    /// every platform the project builds for.
    public func shipments(ofFile relativePath: String) -> [Shipment] {
        guard !Self.isHidden(relativePath) else { return [] }
        var found: [Shipment] = []
        for type in ItemType.allCases {
            for (item, glob) in liveItems(of: type, holding: relativePath) {
                switch type {
                case .bundleResource, .content:
                    // A Content item ships in an iOS app's bundle only (not in Android's package).
                    guard buildsApple, item.conditionPlatform != .android else { continue }
                    found.append(.appleBundle(bundlePath: bundlePath(of: relativePath, item: item, glob: glob), item: type.rawValue))
                case .mauiAsset:
                    if buildsApple {
                        found.append(.appleBundle(bundlePath: logicalPath(of: relativePath, item: item, glob: glob), item: type.rawValue))
                    }
                    if buildsAndroid { found.append(.androidAsset(item: type.rawValue)) }
                case .androidResource:
                    guard buildsAndroid, item.conditionPlatform != .ios, item.conditionPlatform != .macCatalyst else { continue }
                    let resourcePath =
                        item.logicalName.map { expanded($0, relativePath, glob) } ?? item.link.map { expanded($0, relativePath, glob) }
                        ?? relativePath
                    found.append(
                        .androidResource(resourcePath: Self.dropping(prefix: androidResourcePrefix, from: Self.slashed(resourcePath))))
                case .androidAsset:
                    guard buildsAndroid else { continue }
                    found.append(.androidAsset(item: type.rawValue))
                case .embeddedResource:
                    found.append(.embedded)
                }
            }
        }
        return found
    }

    /// The items of `type`, implicit and explicit, that include `path` and that no later `Remove`
    /// takes away, each with the pattern that matched: MSBuild evaluates items in order, and each
    /// `Include` adds an item of its own (a file two items include ships twice).
    private func liveItems(of type: ItemType, holding path: String) -> [(Item, MSBuildGlob)] {
        var live: [(Item, MSBuildGlob)] = []
        for item in implicitItems(of: type) + items where item.type == type {
            if item.remove.contains(where: { $0.matches(path) }) { live.removeAll() }
            if let glob = item.include.first(where: { $0.matches(path) }), !item.exclude.contains(where: { $0.matches(path) }) {
                live.append((item, glob))
            }
        }
        return live
    }

    /// The items an SDK-style project gets without writing them (the type's notes).
    private func implicitItems(of type: ItemType) -> [Item] {
        guard !isLegacy else { return [] }
        let implicit = { (patterns: [String], platform: Platform?) -> Item in
            Item(
                type: type, include: patterns.compactMap(MSBuildGlob.init), exclude: [], remove: [], link: nil, logicalName: nil,
                conditionPlatform: platform)
        }
        switch type {
        case .bundleResource:
            guard buildsApple else { return [] }
            return [implicit(appleResourcePrefixes.map { $0 + "/**" }, nil)]
        case .androidResource:
            guard buildsAndroid else { return [] }
            return [implicit([androidResourcePrefix + "/raw/*"], .android)]
        case .androidAsset:
            guard buildsAndroid else { return [] }
            return [implicit([androidAssetsPrefix + "/**"], .android)]
        case .content, .mauiAsset, .embeddedResource:
            return []
        }
    }

    /// Where a `BundleResource` or `Content` item puts the file: its `LogicalName`, else its `Link`
    /// or path, without the longest resource prefix it starts with (xamarin-macios
    /// `msbuild/Xamarin.MacDev.Tasks/BundleResource.cs`, `GetLogicalName`).
    private func bundlePath(of path: String, item: Item, glob: MSBuildGlob) -> String {
        if let name = item.logicalName { return Self.slashed(expanded(name, path, glob)) }
        let virtualPath = item.link.map { Self.slashed(expanded($0, path, glob)) } ?? path
        let prefix = appleResourcePrefixes.filter { Self.dropping(prefix: $0, from: virtualPath) != virtualPath }.max {
            $0.count < $1.count
        }
        return prefix.map { Self.dropping(prefix: $0, from: virtualPath) } ?? virtualPath
    }

    /// Where a `MauiAsset` lands: its `LogicalName`, `Link`, or path in the project.
    private func logicalPath(of path: String, item: Item, glob: MSBuildGlob) -> String {
        guard let name = item.logicalName ?? item.link else { return path }
        return Self.slashed(expanded(name, path, glob))
    }

    /// `template` with the well-known metadata of the file at `path` filled in:
    /// `%(RecursiveDir)`, `%(Filename)`, `%(Extension)`.
    private func expanded(_ template: String, _ path: String, _ glob: MSBuildGlob) -> String {
        let name = fileName(of: path)
        let ext = fileExtension(of: name)
        let stem = ext.isEmpty ? name : String(name.dropLast(ext.count + 1))
        return template.replacing("%(RecursiveDir)", with: glob.recursiveDir(of: path) ?? "")
            .replacing("%(Filename)", with: stem).replacing("%(FileName)", with: stem)
            .replacing("%(Extension)", with: ext.isEmpty ? "" : "." + String(name.suffix(ext.count)))
    }

    /// `path` without the folder `prefix` it starts with (case-insensitively), or `path` itself.
    static func dropping(prefix: String, from path: String) -> String {
        let folder = slashed(prefix).lowercased()
        guard !folder.isEmpty, path.lowercased().hasPrefix(folder + "/") else { return path }
        return String(path.dropFirst(folder.count + 1))
    }

    /// `text` with `\` read as `/`, without `./` or a trailing `/`.
    static func slashed(_ text: String) -> String {
        var value = text.trimmingSpaces.replacing("\\", with: "/")
        while value.hasPrefix("./") { value.removeFirst(2) }
        while value.hasSuffix("/") { value.removeLast() }
        return value
    }

    /// True for a path with a hidden component (`.DS_Store`): every implicit item excludes them.
    private static func isHidden(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    // MARK: Reading the XML as text

    /// `text` without `<!-- … -->` comments.
    static func removingComments(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let open = rest.firstRange(of: "<!--") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: "-->") else { return result }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The text of every `<name …>text</name>` element.
    static func elementTexts(_ name: String, in text: String) -> [String] {
        var found: [String] = []
        for piece in text.split(separator: "<\(name)", omittingEmptySubsequences: false).dropFirst() {
            guard let first = piece.first, first == ">" || first == " " || first == "\t" || first == "\n" || first == "\r",
                let tagEnd = piece.firstIndex(of: ">"), tagEnd == piece.startIndex || piece[piece.index(before: tagEnd)] != "/",
                let close = piece.firstRange(of: "</\(name)>")
            else { continue }
            found.append(String(piece[piece.index(after: tagEnd)..<close.lowerBound]).trimmingSpaces)
        }
        return found
    }

    /// The first opening tag `<name …>` of `text`, or "".
    static func openingTag(_ name: String, in text: String) -> Substring {
        guard let start = text.firstRange(of: "<\(name)") else { return "" }
        let rest = text[start.upperBound...]
        return rest[..<(rest.firstIndex(of: ">") ?? rest.endIndex)]
    }

    /// The items that place files, in document order, with their item group's platform.
    static func items(in text: String) -> [Item] {
        var found: [Item] = []
        var groupPlatform: Platform?
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: "<") {
            let after = text.index(after: open)
            let rest = text[after...]
            let nameEnd = rest.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "/") } ?? rest.endIndex
            let name = String(rest[..<nameEnd])
            let tagEnd = rest.firstIndex(of: ">") ?? rest.endIndex
            let tag = rest[nameEnd..<tagEnd]
            index = tagEnd == rest.endIndex ? rest.endIndex : rest.index(after: tagEnd)
            if name == "ItemGroup" {
                groupPlatform = attribute("Condition", in: tag).flatMap(conditionPlatform)
                continue
            }
            if name == "/ItemGroup" {
                groupPlatform = nil
                continue
            }
            guard let type = ItemType(rawValue: name) else { continue }
            var link = attribute("Link", in: tag)
            var logicalName = attribute("LogicalName", in: tag)
            let selfClosing = tag.hasSuffix("/")
            if !selfClosing, let close = text[index...].firstRange(of: "</\(name)>") {
                let body = String(text[index..<close.lowerBound])
                link = link ?? elementTexts("Link", in: body).first
                logicalName = logicalName ?? elementTexts("LogicalName", in: body).first
                index = close.upperBound
            }
            let globs = { (name: String) in
                (attribute(name, in: tag) ?? "").split(separator: ";").compactMap { MSBuildGlob(String($0)) }
            }
            let platform = attribute("Condition", in: tag).flatMap(conditionPlatform) ?? groupPlatform
            found.append(
                Item(
                    type: type, include: globs("Include"), exclude: globs("Exclude"), remove: globs("Remove"),
                    link: link.map(xmlUnescaped), logicalName: logicalName.map(xmlUnescaped), conditionPlatform: platform))
        }
        return found
    }

    /// The platform a condition tests for (`'$(TargetPlatformIdentifier)' == 'ios'`,
    /// `$(TargetFramework.Contains('-android'))`), if it names exactly one.
    static func conditionPlatform(_ condition: String) -> Platform? {
        let lowered = condition.lowercased()
        let named = Platform.allCases.filter { platform in
            ["'\(platform.rawValue)'", "-\(platform.rawValue)'", "'-\(platform.rawValue)'"].contains { lowered.contains($0) }
        }
        return named.count == 1 ? named.first : nil
    }

    /// The value of `name="…"` (or `'…'`) in a tag's text.
    static func attribute(_ name: String, in tag: Substring) -> String? {
        var rest = tag
        while let found = rest.firstRange(of: name) {
            defer { rest = rest[found.upperBound...] }
            // A whole attribute name: after a space, then `=` and a quote.
            guard found.lowerBound > tag.startIndex, tag[tag.index(before: found.lowerBound)].isWhitespace else { continue }
            var at = found.upperBound
            while at < tag.endIndex, tag[at].isWhitespace { at = tag.index(after: at) }
            guard at < tag.endIndex, tag[at] == "=" else { continue }
            at = tag.index(after: at)
            while at < tag.endIndex, tag[at].isWhitespace { at = tag.index(after: at) }
            guard at < tag.endIndex, tag[at] == "\"" || tag[at] == "'" else { continue }
            let quote = tag[at]
            let start = tag.index(after: at)
            guard let end = tag[start...].firstIndex(of: quote) else { return nil }
            return xmlUnescaped(String(tag[start..<end]))
        }
        return nil
    }

    /// `text` with XML's five entities read.
    static func xmlUnescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacing("&quot;", with: "\"").replacing("&apos;", with: "'").replacing("&lt;", with: "<")
            .replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    }
}
