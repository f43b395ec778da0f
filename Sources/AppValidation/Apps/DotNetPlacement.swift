import AppContents
import AppRepository
import SoundContainers
import SoundPolicy

extension RepositoryCheck {
    /// `placed` (a sound inside the folder of `project`, at `relativePath` below it) with the
    /// platform and purpose the project gives it (`DotNetProject.shipments(ofFile:)`), or nil when
    /// `--platform` leaves it out: an iOS bundle resource and an Android raw resource are judged
    /// by their platform's rules and their purpose in the code; an `EmbeddedResource` and a file
    /// only in Android's `assets/` are the app's own sounds; a file the project ships nowhere is
    /// shipped by no app (`not-shipped`).
    func placingDotNet(
        _ placed: SoundCandidate, in project: DotNetProject, at relativePath: String, usage: SoundUsage
    ) -> SoundCandidate? {
        var placed = placed
        let shipments = project.shipments(ofFile: relativePath)
        let projectName = fileName(of: project.path)
        var bundlePath: String?
        var isRawResource = false
        var assetItem: String?
        var isEmbedded = false
        var otherResource: String?
        for shipment in shipments {
            switch shipment {
            // A file two items copy lands twice: the copy at the bundle's root is the one a notification finds.
            case .appleBundle(let path, _): if bundlePath == nil || bundlePath?.contains("/") == true { bundlePath = path }
            case .androidResource(let path):
                if Self.isRawResource(path) { isRawResource = true } else { otherResource = otherResource ?? path }
            case .androidAsset(let item): assetItem = assetItem ?? item
            case .embedded: isEmbedded = true
            }
        }
        if bundlePath != nil || isRawResource {
            let shipped: SoundPlatform = bundlePath != nil && isRawResource ? .both : bundlePath != nil ? .ios : .android
            guard let platform = choice.judging(shipped) else { return nil }
            placed.platform = platform
            placed.bundlePath = bundlePath
            placed.buildLowercasesName = isRawResource
            switch usage.evidence(forSoundNamed: fileName(of: placed.path)) {
            case .notification?: placed.purpose = .notification
            case .app(let use)?:
                placed.purpose = .app
                placed.addedFindings = [.playedByApp(at: "\(use.file):\(use.line)")]
                return placed
            case .named(let use)?: placed.unknownPurposeNote = .purposeUnknown(namedAt: "\(use.file):\(use.line)")
            case nil: placed.unknownPurposeNote = .purposeUnknown()
            }
            // The system looks for a notification's sound at the bundle's root only.
            if let bundlePath, platform.usesAppleRules, bundlePath.contains("/") {
                placed.addedFindings.append(.notAtBundleRoot(bundlePath: bundlePath))
            }
            return placed
        }
        if isEmbedded {
            guard let platform = choice.judging(project.isPlatformProject ? Self.shipped(by: project) : .both) else { return nil }
            placed.platform = platform
            placed.purpose = .app
            placed.addedFindings = [.embeddedInAssembly(by: projectName)]
            return placed
        }
        if let assetItem {
            guard let platform = choice.judging(.android) else { return nil }
            placed.platform = platform
            placed.purpose = .app
            placed.addedFindings = [.androidAsset(by: assetItem, of: projectName)]
            return placed
        }
        if let otherResource {
            guard let platform = choice.judging(.android) else { return nil }
            placed.platform = platform
            placed.purpose = .app
            placed.addedFindings = [.androidResourceOutsideRaw(otherResource, of: projectName)]
            return placed
        }
        placed.platform = .none
        if !project.isPlatformProject {
            placed.purpose = .app
            placed.addedFindings = [.dotNetOtherPlatform(of: projectName)]
        }
        return placed
    }

    /// True for a path below `res/` that is a raw resource: `raw/NAME`, or a qualified raw folder's.
    private static func isRawResource(_ resourcePath: String) -> Bool {
        let parts = resourcePath.split(separator: "/")
        return parts.count == 2 && (parts[0].lowercased() == "raw" || parts[0].lowercased().hasPrefix("raw-"))
    }

    /// The platforms a project builds for, as one shipping platform.
    private static func shipped(by project: DotNetProject) -> SoundPlatform {
        project.buildsApple && project.buildsAndroid ? .both : project.buildsApple ? .ios : .android
    }
}
