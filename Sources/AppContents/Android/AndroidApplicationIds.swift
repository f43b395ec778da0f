/// The application ids an Android module's build installs, read from its Gradle build file as
/// text (Groovy or Kotlin DSL, never run): `defaultConfig`'s `applicationId` (else the module's
/// `namespace`, which the Android Gradle plugin takes for it), and each build type's and product
/// flavor's `applicationIdSuffix` and flavor's own `applicationId`. A variant installs the
/// flavor's id (or the default one) followed by the flavor's suffix and the build type's
/// (developer.android.com/build/build-variants, "Change the application ID for build variants";
/// developer.android.com/build/configure-app-module, "Set the application ID"). A value a script
/// computes is not seen.
public struct AndroidApplicationIds: Sendable, Equatable {
    /// A build type or product flavor that changes the id.
    public struct Variant: Sendable, Equatable {
        /// Its name (`debug`, `staging`).
        public let name: String
        /// True for a product flavor, false for a build type.
        public let isFlavor: Bool
        /// Its `applicationIdSuffix`, if it sets one.
        public var suffix: String?
        /// A flavor's own `applicationId`, if it sets one.
        public var applicationId: String?
    }

    /// The default application id: `applicationId`, else `namespace`; nil when neither is a literal.
    public let base: String?
    /// The build types and flavors that set a suffix or an id, in the file's order.
    public let variants: [Variant]

    /// Reads `text`, a build file in `language` (Groovy, or Kotlin for a `.gradle.kts`).
    public init(buildFile text: String, language: CodeLanguage = .groovy) {
        let bytes = Array(text.utf8)
        let lexer = CodeLexer(bytes[...], language: language)
        let code = lexer.blankingComments(in: bytes.indices)
        var blocks: [String] = []
        var applicationId: String?
        var namespace: String?
        var variants: [Variant] = []
        var segmentStart = 0
        var index = 0
        func readSettings(in segment: Range<Int>) {
            var at = segment.lowerBound
            while at < segment.upperBound,
                code[at] == UInt8(ascii: " ") || code[at] == UInt8(ascii: "\t")
                    || code[at] == UInt8(ascii: "\n") || code[at] == UInt8(ascii: "\r") || code[at] == UInt8(ascii: ";")
            {
                at += 1
            }
            for setting in ["applicationIdSuffix", "applicationId", "namespace"] {
                let name = Array(setting.utf8)
                guard code[at...].starts(with: name), lexer.isCode(at: at) else { continue }
                let after = at + name.count
                guard after >= code.count || !CallContext.isIdentifierByte(code[after]) else { continue }
                var valueAt = after
                while valueAt < code.count,
                    [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "="), UInt8(ascii: "(")].contains(code[valueAt])
                {
                    valueAt += 1
                }
                guard let literal = lexer.literal(at: valueAt), let value = lexer.text(of: literal), !value.isEmpty else { return }
                let parent = blocks.count >= 2 ? blocks[blocks.count - 2] : nil
                let isVariant = parent == "buildTypes" || parent == "productFlavors"
                if isVariant, setting != "namespace", let variantName = blocks.last {
                    let isFlavor = parent == "productFlavors"
                    var variant =
                        variants.first { $0.name == variantName && $0.isFlavor == isFlavor }
                        ?? Variant(name: variantName, isFlavor: isFlavor)
                    if setting == "applicationIdSuffix" { variant.suffix = value } else { variant.applicationId = value }
                    variants.removeAll { $0.name == variantName && $0.isFlavor == isFlavor }
                    variants.append(variant)
                } else if setting == "applicationId", !isVariant, applicationId == nil {
                    applicationId = value
                } else if setting == "namespace", namespace == nil {
                    namespace = value
                }
                return
            }
        }
        while index < code.count {
            let byte = code[index]
            let isBrace = byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
            let isLineEnd = byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            if let span = lexer.span(around: index), span.kind == .string {
                index = max(index + 1, span.end)
                continue
            }
            if isBrace || isLineEnd {
                readSettings(in: segmentStart..<index)
                if byte == UInt8(ascii: "{") {
                    blocks.append(Self.blockName(String(decoding: code[segmentStart..<index], as: UTF8.self)))
                } else if byte == UInt8(ascii: "}"), !blocks.isEmpty {
                    blocks.removeLast()
                }
                segmentStart = index + 1
            }
            index += 1
        }
        readSettings(in: segmentStart..<code.count)
        base = applicationId ?? namespace
        self.variants = variants
    }

    /// The name of a block whose opening text (before its `{`) is `text`: `debug`, or the quoted
    /// name of `create("staging")`, `getByName("debug")`, `register("x")`, `maybeCreate("x")`.
    static func blockName(_ text: String) -> String {
        let trimmed = text.trimmingSpaces
        if let open = trimmed.firstRange(of: "(\""), let close = trimmed[open.upperBound...].firstIndex(of: "\"") {
            return String(trimmed[open.upperBound..<close])
        }
        if let open = trimmed.firstRange(of: "('"), let close = trimmed[open.upperBound...].firstIndex(of: "'") {
            return String(trimmed[open.upperBound..<close])
        }
        return String(trimmed.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
    }

    /// Every id the module installs, by variant (`debug`, `stagingRelease`): each flavor (or the
    /// default, when none sets an id) with each build type (and the build types with no suffix,
    /// as `release`). Empty when the default id is not known and no flavor sets one.
    public var installedIds: [(variant: String, id: String)] {
        let flavors = variants.filter(\.isFlavor)
        let buildTypes = variants.filter { !$0.isFlavor }
        var ids: [(String, String)] = []
        // The default id is what a flavor that sets nothing installs, and a build with no flavors.
        let flavorIds: [(String?, String?)] =
            [(nil, base)] + flavors.map { flavor in (flavor.name, (flavor.applicationId ?? base).map { $0 + (flavor.suffix ?? "") }) }
        for (flavor, id) in flavorIds {
            guard let id else { continue }
            let plain = flavor ?? "the default build"
            ids.append((plain, id))
            for type in buildTypes {
                let name = flavor.map { $0 + type.name.prefix(1).uppercased() + type.name.dropFirst() } ?? type.name
                ids.append((name, id + (type.suffix ?? "")))
            }
        }
        return ids
    }
}
