// Yams 6's declarations that soundcheck uses (Node and its scalar, mapping and sequence, Mark,
// YamlError, compose), with Yams' own signatures and conformances. Yams itself needs Foundation,
// which has no stand-in: this lets the Apple availability check compile soundcheck's calls into
// it, not Yams' own code. The bodies never run.
public enum Node: Hashable {
    case scalar(Scalar)
    case mapping(Mapping)
    case sequence(Sequence)
    case alias(Alias)

    public struct Scalar: Hashable {
        public enum Style: UInt32 {
            case any = 0
            case plain
            case singleQuoted
            case doubleQuoted
            case literal
            case folded
        }
        public var string: String
        public var style: Style
        public var mark: Mark?
        public static func == (lhs: Scalar, rhs: Scalar) -> Bool { fatalError("stand-in") }
        public func hash(into hasher: inout Hasher) {}
    }

    public struct Mapping: Hashable, MutableCollection, ExpressibleByDictionaryLiteral {
        public typealias Element = (key: Node, value: Node)
        public typealias Index = Array<Element>.Index
        private var pairs: [Element]
        public var mark: Mark?
        public var startIndex: Index { pairs.startIndex }
        public var endIndex: Index { pairs.endIndex }
        public func index(after index: Index) -> Index { pairs.index(after: index) }
        public subscript(index: Index) -> Element {
            get { pairs[index] }
            set { pairs[index] = newValue }
        }
        public var keys: LazyMapCollection<Node.Mapping, Node> { lazy.map { $0.key } }
        public var values: LazyMapCollection<Node.Mapping, Node> { lazy.map { $0.value } }
        public subscript(string: String) -> Node? { fatalError("stand-in") }
        public subscript(node: Node) -> Node? { fatalError("stand-in") }
        public init(dictionaryLiteral elements: (Node, Node)...) { fatalError("stand-in") }
        public static func == (lhs: Mapping, rhs: Mapping) -> Bool { fatalError("stand-in") }
        public func hash(into hasher: inout Hasher) {}
    }

    public struct Sequence: Hashable, MutableCollection, RandomAccessCollection, ExpressibleByArrayLiteral {
        private var nodes: [Node]
        public var mark: Mark?
        public var startIndex: Int { nodes.startIndex }
        public var endIndex: Int { nodes.endIndex }
        public subscript(index: Int) -> Node {
            get { nodes[index] }
            set { nodes[index] = newValue }
        }
        public init(arrayLiteral elements: Node...) { fatalError("stand-in") }
        public static func == (lhs: Sequence, rhs: Sequence) -> Bool { fatalError("stand-in") }
        public func hash(into hasher: inout Hasher) {}
    }

    public struct Alias: Hashable {
        public var mark: Mark?
        public static func == (lhs: Alias, rhs: Alias) -> Bool { fatalError("stand-in") }
        public func hash(into hasher: inout Hasher) {}
    }

    public var scalar: Scalar? { fatalError("stand-in") }
    public var mapping: Mapping? { fatalError("stand-in") }
    public var sequence: Sequence? { fatalError("stand-in") }
    public var alias: Alias? { fatalError("stand-in") }
    public var mark: Mark? { fatalError("stand-in") }
    public var string: String? { fatalError("stand-in") }
    public subscript(string: String) -> Node? { fatalError("stand-in") }
    public subscript(node: Node) -> Node? { fatalError("stand-in") }
}

public struct Mark: Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public var description: String { "\(line):\(column)" }
}

public enum YamlError: Error {
    public struct Context: CustomStringConvertible, Sendable {
        public let text: String
        public let mark: Mark
        public var description: String { text }
    }
    case no
    case memory
    case reader(problem: String, offset: Int?, value: Int32, yaml: String)
    case scanner(context: Context?, problem: String, Mark, yaml: String)
    case parser(context: Context?, problem: String, Mark, yaml: String)
    case composer(context: Context?, problem: String, Mark, yaml: String)
    case writer(problem: String)
    case emitter(problem: String)
    case representer(problem: String)
    case duplicatedKeysInMapping(duplicates: [String], context: Context)
}

public final class Resolver: Sendable {
    public static let basic = Resolver()
    public static let `default` = Resolver()
}

public final class Constructor {
    public static let `default` = Constructor()
}

public final class Parser {
    public enum Encoding: String {
        case utf8
        case utf16
        public static var `default`: Encoding { .utf8 }
    }
}

public func compose(
    yaml: String, _ resolver: Resolver = .default, _ constructor: Constructor = .default,
    _ encoding: Parser.Encoding = .default
) throws -> Node? {
    fatalError("stand-in")
}
