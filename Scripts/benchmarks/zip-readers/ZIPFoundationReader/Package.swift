// swift-tools-version:6.0
// The zip-reader benchmark's ZIPFoundation candidate, built only by `Scripts/bench zip`.
import PackageDescription

let package = Package(
    name: "ZIPFoundationReader",
    dependencies: [.package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20")],
    targets: [.executableTarget(name: "ZIPFoundationReader", dependencies: ["ZIPFoundation"])]
)
