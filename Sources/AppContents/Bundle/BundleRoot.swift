/// True when a file at `bundlePath` (relative to a bundle's resources folder) is where the system
/// looks for a notification sound: at the root, or in a localization folder (`xx.lproj/name`),
/// which the bundle's resource lookup also searches. The one rule for projects, built apps and
/// archives.
public func isAtBundleRoot(_ bundlePath: String) -> Bool {
    let parts = bundlePath.split(separator: "/")
    return parts.count == 1 || (parts.count == 2 && parts[0].hasSuffix(".lproj"))
}
