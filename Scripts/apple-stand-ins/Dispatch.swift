// The Swift part of Dispatch (the overlay over the C module, whose headers are Apple's own:
// Scripts/darwin_sdk.py), cut down to what soundcheck uses, with the signatures of
// swiftlang/swift-corelibs-libdispatch's src/swift: Time.swift (DispatchTime, DispatchTimeoutResult),
// Dispatch.swift (DispatchQoS, DispatchTimeoutResult), Block.swift (DispatchWorkItemFlags),
// Wrapper.swift (DispatchObject, DispatchGroup, DispatchSemaphore, DispatchQueue), Queue.swift and
// DispatchGroup's and DispatchSemaphore's files (their methods). On a Mac these classes are the C
// objects themselves (Objective-C interop, which this check disables). For the Apple availability
// check only: the bodies never run.
@_exported import Dispatch

public struct DispatchTime: Comparable, Sendable {
    public let rawValue: UInt64
    public static func now() -> DispatchTime { fatalError("stand-in") }
    public static let distantFuture = DispatchTime(rawValue: .max)
    public init(uptimeNanoseconds: UInt64) { rawValue = uptimeNanoseconds }
    private init(rawValue: UInt64) { self.rawValue = rawValue }
    public var uptimeNanoseconds: UInt64 { rawValue }
    public static func < (lhs: DispatchTime, rhs: DispatchTime) -> Bool { lhs.rawValue < rhs.rawValue }
}

public enum DispatchTimeoutResult: Sendable {
    case success
    case timedOut
}

public struct DispatchQoS: Equatable, Sendable {
    public enum QoSClass: Sendable {
        case background, utility, `default`, userInitiated, userInteractive, unspecified
    }
    public static let `default` = DispatchQoS()
    public static let userInitiated = DispatchQoS()
    public static let utility = DispatchQoS()
    public static let background = DispatchQoS()
    public static let unspecified = DispatchQoS()
}

public struct DispatchWorkItemFlags: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let barrier = DispatchWorkItemFlags(rawValue: 1)
}

public class DispatchObject: @unchecked Sendable {}

public final class DispatchGroup: DispatchObject, @unchecked Sendable {
    public override init() {}
    public func enter() {}
    public func leave() {}
    public func wait() {}
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { fatalError("stand-in") }
    public func notify(
        qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue,
        execute work: @escaping @Sendable () -> Void
    ) {}
}

public final class DispatchSemaphore: DispatchObject, @unchecked Sendable {
    public init(value: Int) {}
    @discardableResult public func signal() -> Int { fatalError("stand-in") }
    public func wait() {}
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { fatalError("stand-in") }
}

public final class DispatchQueue: DispatchObject, @unchecked Sendable {
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt64
        public init(rawValue: UInt64) { self.rawValue = rawValue }
        public static let concurrent = Attributes(rawValue: 1 << 1)
    }
    public init(
        label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [], target: DispatchQueue? = nil
    ) {}
    public class var main: DispatchQueue { fatalError("stand-in") }
    public class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue { fatalError("stand-in") }
    public class func concurrentPerform(iterations: Int, execute work: (Int) -> Void) {}
    public func async(
        group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {}
    public func sync<T>(execute work: () throws -> T) rethrows -> T { fatalError("stand-in") }
    public func asyncAfter(
        deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {}
}
