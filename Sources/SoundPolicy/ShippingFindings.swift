/// The findings about how a sound gets into the app, rather than about its bytes: the policy's
/// wording for what an Xcode project, a built app or an Expo config shows.
extension Finding {
    /// A sound in the project folder that no target copies.
    public static func notBundled(by owner: String) -> Finding {
        Finding(
            code: .notBundled,
            message:
                "no target of \(owner) copies this sound, so the app does not contain it; add it to the app target's Copy Bundle Resources phase"
        )
    }

    /// A sound that lands at `bundlePath`, in a subfolder of the bundle.
    public static func notAtBundleRoot(bundlePath: String) -> Finding {
        let name = bundlePath.split(separator: "/").last.map(String.init) ?? bundlePath
        return Finding(
            code: .notAtBundleRoot,
            message: "lands at \(bundlePath) in the bundle; the system looks for '\(name)' only at the bundle root "
                + "(copy the file itself, not a folder reference)")
    }

    /// A sound the project copies that is not on disk.
    public static func missing(copiedBy owner: String) -> Finding {
        Finding(code: .missing, message: "\(owner) copies this sound, but there is no such file")
    }

    /// Two sounds of one target that land at the same place.
    public static func duplicateName(_ bundlePath: String, otherSources: [String]) -> Finding {
        Finding(
            code: .duplicateName,
            message: "lands at \(bundlePath) in the bundle, as does \(otherSources.joined(separator: ", ")); one overwrites the other")
    }

    /// A sound inside an asset catalog.
    public static func inAssetCatalog() -> Finding {
        Finding(
            code: .inAssetCatalog,
            message: "inside an asset catalog, which is compiled into Assets.car: it cannot be a notification sound; "
                + "add the file to the target as a resource instead")
    }

    /// A sound in a repository that no app found there ships.
    public static func notShipped() -> Finding {
        Finding(
            code: .notShipped,
            message: "no app in this repository ships this file (it is not copied by an Xcode target, listed by an Expo "
                + "config, nor in an Android res/raw folder), so no platform's rules were applied")
    }

    /// A Flutter asset: the app plays it itself.
    public static func flutterAsset() -> Finding {
        Finding(
            code: .appSound,
            message: "a Flutter asset (pubspec.yaml): it ships in flutter_assets, where the app plays it and no "
                + "notification looks, so notification rules were not applied")
    }

    /// A file of a Cordova or Capacitor app's web files (`framework`): it ships in the bundle's
    /// `bundleFolder` (`www`, `public`) and Android's assets, where the web view plays it.
    public static func webAppFile(of framework: String, bundleFolder: String) -> Finding {
        Finding(
            code: .appSound,
            message: "one of the \(framework) app's web files: it ships in the bundle's \(bundleFolder)/ folder and Android's "
                + "assets, where the web view plays it and a push notification's sound name never finds it (a local "
                + "notification plugin's file:// URI can name it), so notification rules were not applied")
    }

    /// A sound a JavaScript or TypeScript module requires or imports, at `place` (`file:line`):
    /// the bundler packs it into the app, which plays it itself.
    public static func bundledByScript(at place: String) -> Finding {
        Finding(
            code: .appSound,
            message: "bundled with the app's JavaScript (required at \(place)), where the app plays it and no notification "
                + "looks, so notification rules were not applied")
    }

    /// A .NET project's `EmbeddedResource` (`project` names the project file): compiled into the
    /// assembly, where the app reads it as a stream and plays it itself.
    public static func embeddedInAssembly(by project: String) -> Finding {
        Finding(
            code: .appSound,
            message: "an EmbeddedResource of \(project): it is compiled into the assembly, where the app reads it as a stream "
                + "and plays it itself and no notification can name it, so notification rules were not applied")
    }

    /// A .NET project's file that ships only in Android's `assets/` (an `AndroidAsset`, or a
    /// `MauiAsset` of an app that builds for Android alone), by `item` of `project`.
    public static func androidAsset(by item: String, of project: String) -> Finding {
        Finding(
            code: .appSound,
            message: "an \(item) of \(project): it ships in Android's assets/ folder, where the app plays it and no "
                + "notification looks (a notification sound is a res/raw resource), so notification rules were not applied")
    }

    /// A request for `name` of `platform` ("iOS", "Android") that the file at `path` answers, whose
    /// own finding `failure` says why the platform will not play it.
    public static func requestedSoundFails(_ name: String, platform: String, path: String, failure: Finding) -> Finding {
        Finding(
            code: .requestedSoundFails,
            message: "asks \(platform) for the sound '\(name)', which ships at \(path) but fails \(platform)'s rules "
                + "(\(failure.message) [\(failure.code.rawValue)]), so the default sound plays",
            fix: failure.fix)
    }

    /// A .NET project's `AndroidResource` that lands at `res/resourcePath`, outside `res/raw`
    /// (`drawable/`, `values/raw/`), by `project`: no notification can name it.
    public static func androidResourceOutsideRaw(_ resourcePath: String, of project: String) -> Finding {
        Finding(
            code: .appSound,
            message: "an AndroidResource of \(project) that lands at res/\(resourcePath), not in res/raw, where a notification's "
                + "sound name looks, so notification rules were not applied (to name it in a notification, put it in "
                + "Resources/raw)")
    }

    /// A sound in the folder of `project`, a .NET project that builds for none of iOS, Mac
    /// Catalyst and Android (`frameworks`: a Windows or desktop app, a server): no phone ships it.
    public static func dotNetOtherPlatform(of project: String) -> Finding {
        Finding(
            code: .appSound,
            message: "in the folder of \(project), which builds for none of iOS, Mac Catalyst and Android (a desktop app, a "
                + "server, a library), so no notification rules were applied")
    }

    /// A sound only the app's own playback code names, at `place` (`file:line`).
    public static func playedByApp(at place: String) -> Finding {
        Finding(
            code: .appSound,
            message: "played by the app itself (named at \(place), and by no notification API), so notification rules "
                + "were not applied")
    }

    /// A name the code asks `platform` ("iOS", "Android") for that no shipped sound answers. An
    /// API the scanner knows names it (an error); or, with `genericKey`, only that key does
    /// (`sound:` in a file about notifications): a warning that says so and how to settle it.
    public static func unknownSoundName(_ name: String, platform: String, hints: [String], genericKey: String? = nil) -> Finding {
        let hinted = hints.isEmpty ? "" : " (" + hints.joined(separator: "; ") + ")"
        guard let genericKey else {
            return Finding(
                code: .unknownSoundName,
                message: "asks \(platform) for the sound '\(name)', which no app here ships, so the default sound plays" + hinted,
                subject: name)
        }
        return Finding(
            code: .unknownSoundName, severity: .warning,
            message: "may ask \(platform) for the sound '\(name)', which no app here ships\(hinted): found only through the key "
                + "\(genericKey) in a file about notifications, in no call soundcheck knows; if it names a notification sound, "
                + "ship the sound or pass the name to the notification API on this line, else silence it with a "
                + "'soundcheck:ignore unknown-sound-name' comment; --strict, or unknown-sound-name: error in rules, makes it fail",
            subject: name)
    }

    /// An `android.resource://PACKAGE/raw/NAME` URI whose package is spelled out, and the variants
    /// (`name`, installed id) that install another id: there the URI names a package that is not
    /// installed, so the default sound plays.
    public static func androidResourcePackage(_ package: String, name: String, variants: [(variant: String, id: String)]) -> Finding {
        let listed = variants.map { "'\($0.variant)' installs \($0.id)" }.joined(separator: ", ")
        return Finding(
            code: .androidResourcePackage,
            message: "the URI names the package \(package), but \(listed): there no package \(package) is installed, so the "
                + "default sound plays",
            fix: .advice(
                "build it from the running app's package: \"android.resource://\" + context.packageName + \"/raw/\(name)\", or "
                    + "ContentResolver.SCHEME_ANDROID_RESOURCE + \"://\" + context.packageName + \"/raw/\(name)\""),
            subject: package)
    }

    /// A `file://` URI (cordova-plugin-local-notification: a file of the app's web assets) that
    /// names no file here, asked of `platform` when the app's platforms are known; a build step
    /// may write the file, so it is a warning.
    public static func unknownFileURI(_ uri: String, path: String, platform: String? = nil) -> Finding {
        Finding(
            code: .unknownSoundName, severity: .warning,
            message: "asks \(platform.map { $0 + " " } ?? "")for the sound '\(uri)', a file of the app's www folder "
                + "(cordova-plugin-local-notification), but no www/\(path) is here, so the default sound plays unless a build writes it",
            subject: uri)
    }

    /// A `file://` URI (cordova-plugin-local-notification) asked of `platform` that names a file
    /// no source of the app's web build holds, nor their copy in a native project, and that no
    /// build step of the app writes: the default sound plays.
    public static func missingWebAsset(_ uri: String, path: String, platform: String) -> Finding {
        Finding(
            code: .unknownSoundName,
            message: "asks \(platform) for the sound '\(uri)', a file of the app's web assets (cordova-plugin-local-notification), "
                + "but no source of the web build (www/, src/, src/assets/, public/, the webDir) nor its copy in the native project "
                + "holds \(path), and no build file names it, so the default sound plays: add it to the web assets",
            subject: uri)
    }

    /// `count` calls that name their sound at run time, the first in `file`.
    public static func namesAtRunTime(_ count: Int, firstIn file: String) -> Finding {
        Finding(
            code: .namesAtRunTime,
            message: "\(count) \(count == 1 ? "call names its" : "calls name their") sound at run time (the first in \(file)); not checked")
    }

    /// A shipped sound nothing asks for.
    public static func unusedSound() -> Finding {
        Finding(code: .unusedSound, message: "no code and no push body in this repository asks for this sound")
    }

    /// A shipped sound no code names; or, with `place` (`file:line`), one the code names only
    /// where no call shows what for (a table of names it reads at run time).
    public static func purposeUnknown(namedAt place: String? = nil) -> Finding {
        let outcome =
            "so what would fail it as a notification sound is a warning (notification-sounds: in .soundcheck.yml or --strict "
            + "makes it an error; see soundcheck explain purpose-unknown)"
        guard let place else {
            return Finding(code: .purposeUnknown, message: "no code, push body or config in this repository names it, \(outcome)")
        }
        return Finding(
            code: .purposeUnknown,
            message: "the code names it at \(place), where no call shows what for (a table of names read at run time?), \(outcome)")
    }

    /// A sound in the folder of a project soundcheck does not read: `shipper` says which
    /// ("a Unity project (Game/ProjectSettings/ProjectVersion.txt)").
    public static func shippedByUnreadProject(_ shipper: String) -> Finding {
        Finding(
            code: .configNotRead,
            message: "shipped by \(shipper), which soundcheck does not read, so no platform's rules were applied to it")
    }

    /// An app configuration that cannot be read without running it: `what` says which, `instead`
    /// what to do for a full check.
    public static func configNotRead(_ what: String, instead: String) -> Finding {
        Finding(code: .configNotRead, message: "\(what) cannot be read without running it; \(instead)")
    }

    /// A raw resource that release shrinking removes, when the repository's code was not read
    /// (`--no-names`): `reason` says where shrinking is turned on, `keepFile` where a keep rule would go.
    public static func androidRemovedInRelease(_ name: String, shrinking reason: String, keepFile: String) -> Finding {
        Finding(
            code: .androidRemovedInRelease,
            message: "release builds shrink resources (\(reason)) and nothing keeps raw/\(name): no R.raw.\(name) in Java or "
                + "Kotlin code and no tools:keep rule (a name in Dart, JavaScript or a push body is invisible to the "
                + "shrinker), so release builds ship without it and play the default sound",
            fix: keepAdvice(name, keepFile: keepFile))
    }

    /// A raw resource that release shrinking removes though the repository names it at `place`
    /// (`file:line`), where the shrinker does not look: the sound is asked for and will be missing.
    public static func androidRemovedInRelease(_ name: String, shrinking reason: String, keepFile: String, namedAt place: String) -> Finding
    {
        Finding(
            code: .androidRemovedInRelease,
            message: "release builds shrink resources (\(reason)) and nothing keeps raw/\(name): \(place) names it, "
                + "where the shrinker does not look (it keeps R.raw.\(name) in compiled Java or Kotlin code, @raw/\(name) in resource XML and tools:keep rules), so "
                + "release builds ship without it and play the default sound",
            fix: keepAdvice(name, keepFile: keepFile))
    }

    /// A raw resource that release shrinking removes and that nothing in the repository names (no
    /// code, XML or config): a warning, since it may be a leftover, or a name only a server sends.
    public static func androidUnnamedRemovedInRelease(_ name: String, shrinking reason: String, keepFile: String) -> Finding {
        Finding(
            code: .androidRemovedInRelease, severity: .warning,
            message: "release builds shrink resources (\(reason)) and no code, XML or config in this repository names raw/\(name), "
                + "so this file will be gone from release builds; if a server's push body names it, that notification plays "
                + "the default sound",
            fix: .advice(
                "if a server names it, keep it: write \(keepFile) holding <resources xmlns:tools=\"http://schemas.android.com/tools\" "
                    + "tools:keep=\"@raw/\(name)\" /> (or add @raw/\(name) to the tools:keep you have); if nothing does, delete it"))
    }

    private static func keepAdvice(_ name: String, keepFile: String) -> Remedy {
        .advice(
            "keep it: write \(keepFile) holding <resources xmlns:tools=\"http://schemas.android.com/tools\" "
                + "tools:keep=\"@raw/\(name)\" /> (or add @raw/\(name) to the tools:keep you have)")
    }

    /// A raw resource a built app holds as 0 bytes: what resource shrinking leaves of one it removes.
    public static func androidEmptiedInBuild(_ name: String) -> Finding {
        Finding(
            code: .androidRemovedInRelease,
            message: "raw/\(name) is 0 bytes in this build: resource shrinking emptied it (nothing kept it), so it plays "
                + "the default sound; keep it with tools:keep=\"@raw/\(name)\" in res/raw/keep.xml")
    }

    /// A raw resource a `tools:discard` rule removes from release builds.
    public static func androidDiscarded(_ name: String, by file: String) -> Finding {
        Finding(
            code: .androidRemovedInRelease,
            message: "tools:discard in \(file) removes raw/\(name) from release builds, so they play the default sound",
            fix: .advice("take @raw/\(name) out of the tools:discard of \(file)"))
    }

    /// Two raw resources of one folder with the same resource name.
    public static func androidDuplicateResource(_ name: String, otherFiles: [String]) -> Finding {
        Finding(
            code: .androidDuplicateResource,
            message: "the resource name '\(name)' is also \(otherFiles.joined(separator: ", ")); the build fails with "
                + "\"Resource entry \(name) is already defined\"")
    }
}
