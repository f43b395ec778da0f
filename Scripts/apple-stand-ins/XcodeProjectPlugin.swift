// XcodeProjectPlugin, the module Xcode gives a package plugin run on an Xcode project, cut down to
// what Plugins/ uses. Xcode ships it and no registry does; each declaration is written from:
//   [docs]   Apple's documentation, https://developer.apple.com/documentation/xcodeprojectplugin
//            (XcodePluginContext, XcodeProject, XcodeTarget, XcodeBuildToolPlugin,
//            XcodeCommandPlugin: the page of each is that URL followed by the name in lower case);
//   [swiftpm] SwiftPM 6.3.1's Sources/Runtimes/PackagePlugin/Plugin.swift, whose
//            XcodeProjectPluginInvocationRecord is what Xcode hands the plugin (the project's id,
//            displayName, directory URL and targets; each target's id, displayName, product and
//            inputFiles, a PackagePlugin.FileList), and its PackageManagerDocs
//            WritingBuildToolPlugin.md and WritingCommandPlugin.md (the two entry points, and
//            `context.tool(named:)`, `context.pluginWorkDirectoryURL`, `target.inputFiles`);
//   [xcode]  Xcode 14.1's own XcodeProjectPlugin.swiftinterface as published in a public gist
//            (ikesyo/f152bf8ee60b1c9bff2e757b01a95fa9): the protocols refine PackagePlugin.Plugin,
//            and XcodeTarget.displayName is a String beside its id.
// `directoryURL` and `pluginWorkDirectoryURL` are the URL forms Xcode 16 added beside the Path ones
// ([docs]; the invocation record's directoryPathURL and pluginWorkDirectoryURL, introduced with
// PackageDescription 5.11). For Scripts/apple-plugins only: the bodies never run.
@_exported import PackagePlugin
import Foundation

/// [docs] XcodePluginContext; [swiftpm] the invocation record's xcodeProject, pluginWorkDirectoryURL, tools.
public struct XcodePluginContext {
    public let xcodeProject: XcodeProject
    public let pluginWorkDirectoryURL: URL
    public func tool(named name: String) throws -> PluginContext.Tool { fatalError("stand-in") }
}

/// [docs] XcodeProject; [swiftpm] XcodeProjectPluginInvocationRecord.XcodeProject.
public struct XcodeProject {
    public typealias ID = String
    public let id: ID
    public let displayName: String
    public let directoryURL: URL
    public let targets: [XcodeTarget]
}

/// [docs] XcodeTarget; [swiftpm] XcodeProjectPluginInvocationRecord.XcodeTarget; [xcode] XcodeTarget.
public struct XcodeTarget {
    public typealias ID = String
    public let id: ID
    /// The target's name as Xcode shows it ([swiftpm] WritingCommandPlugin.md: Xcode passes the
    /// chosen targets' names as `--target` arguments).
    public let displayName: String
    public let inputFiles: FileList
}

/// [docs] XcodeBuildToolPlugin; [xcode] refines PackagePlugin.Plugin.
public protocol XcodeBuildToolPlugin: Plugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]
}

/// [docs] XcodeCommandPlugin; [xcode] refines PackagePlugin.Plugin.
public protocol XcodeCommandPlugin: Plugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws
}
