// swift-tools-version:6.0
// A package that uses soundcheck's build-tool plugin: `swift build --target GoodSounds` passes;
// `swift build --target BadSounds` fails, with the diagnostic on Sounds/long.aifc;
// `swift build --target NamedSounds` fails, with the diagnostic on the line of NamedSounds.swift
// that asks for a sound the target does not ship. `soundcheck`
// here is a link to this repository, so that the dependency's identity is "soundcheck" wherever
// the repository is cloned. Scripts/test builds both.
import PackageDescription

let package = Package(
    name: "PluginExample",
    dependencies: [.package(path: "soundcheck")],
    targets: [
        .target(
            name: "GoodSounds", resources: [.process("Sounds")],
            plugins: [.plugin(name: "SoundcheckBuildToolPlugin", package: "soundcheck")]),
        .target(
            name: "BadSounds", resources: [.process("Sounds")],
            plugins: [.plugin(name: "SoundcheckBuildToolPlugin", package: "soundcheck")]),
        .target(
            name: "NamedSounds", resources: [.process("Sounds")],
            plugins: [.plugin(name: "SoundcheckBuildToolPlugin", package: "soundcheck")]),
    ]
)
