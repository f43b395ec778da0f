// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "soundcheck-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "soundcheck", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "HotPaths",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NotificationSounds", package: "soundcheck"),
            ],
            path: "Benchmarks/HotPaths",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
