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
