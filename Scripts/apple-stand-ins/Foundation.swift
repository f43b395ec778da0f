// The Foundation declarations swift-argument-parser's Utilities/Foundation.swift uses, as the
// macOS 13 and iOS 16 SDKs declare them. The Apple availability check compiles only that library
// against this module; any target of soundcheck's that imports Foundation is skipped and said so.
// The bodies never run.
public struct Data: Sendable {}

public protocol LocalizedError: Error {
    var errorDescription: String? { get }
    var failureReason: String? { get }
    var recoverySuggestion: String? { get }
    var helpAnchor: String? { get }
}

extension LocalizedError {
    public var errorDescription: String? { nil }
    public var failureReason: String? { nil }
    public var recoverySuggestion: String? { nil }
    public var helpAnchor: String? { nil }
}

open class NSError: Error {
    open var localizedDescription: String { fatalError("stand-in") }
}

extension Error {
    public var localizedDescription: String { fatalError("stand-in") }
}

open class JSONEncoder {
    public struct OutputFormatting: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
        @available(macOS 10.13, iOS 11.0, *)
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
        @available(macOS 10.15, iOS 13.0, *)
        public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 3)
    }
    open var outputFormatting: OutputFormatting = []
    public init() {}
    open func encode<T: Encodable>(_ value: T) throws -> Data { fatalError("stand-in") }
}

extension String {
    public struct Encoding: Equatable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let utf8 = Encoding(rawValue: 4)
    }
    public init?(data: Data, encoding: Encoding) { fatalError("stand-in") }
}

// What the plugins (Plugins/*/plugin.swift) and PackagePlugin's interface use, as the macOS 13 SDK
// declares it (Foundation's URL, FileManager and Process; Scripts/apple-plugins compiles them
// against this module).
public struct URL: Hashable, Sendable, Codable {
    public enum DirectoryHint: Sendable {
        case isDirectory, notDirectory, checkFileSystem, inferFromPath
    }
    public var path: String { fatalError("stand-in") }
    public var pathExtension: String { fatalError("stand-in") }
    public var lastPathComponent: String { fatalError("stand-in") }
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    public func appending<S: StringProtocol>(path: S, directoryHint: DirectoryHint = .inferFromPath) -> URL {
        fatalError("stand-in")
    }
}

open class FileManager {
    open class var `default`: FileManager { fatalError("stand-in") }
    open func fileExists(atPath path: String) -> Bool { fatalError("stand-in") }
    open func contentsOfDirectory(atPath path: String) throws -> [String] { fatalError("stand-in") }
}

@available(iOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
open class Process {
    public init() {}
    @available(macOS 10.13, *)
    open var executableURL: URL? {
        get { fatalError("stand-in") }
        set {}
    }
    open var arguments: [String]? {
        get { fatalError("stand-in") }
        set {}
    }
    @available(macOS 10.13, *)
    open func run() throws {}
    open func waitUntilExit() {}
    open var terminationStatus: Int32 { fatalError("stand-in") }
}
