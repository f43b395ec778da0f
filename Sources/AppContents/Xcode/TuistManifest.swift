import SoundContainers

/// A Tuist `Project.swift` read as text and never run, as an `app.config.js` is: its
/// `Project(…)` call's `targets:`, each a target written out (`.target(…)`, `Target(…)`,
/// `Target.target(…)`, or a `let` of this file bound to one), with its `name:`, `product:`,
/// `destinations:` or `platform:`, and `resources:` spelled as literals. Resources follow
/// ProjectDescription's `ResourceFileElements`: an array (or `.resources([…])`) of glob strings,
/// `.glob(pattern:excluding:)` and `.folderReference(path:)` (Tuist's project-description
/// reference, "ResourceFileElement"). A manifest that computes any of it (a helper such as
/// `Project.app(…)`, a variable, a function, string interpolation) is nil: only Tuist can say
/// what it evaluates to.
public struct TuistManifest: Sendable, Equatable {
    /// One entry of a target's `resources`, its paths relative to the manifest's folder.
    public enum Resource: Sendable, Equatable {
        /// Files matching a glob (`*`, `**`, `?`, `{a,b}`), less those matching an `excluding` glob.
        case glob(pattern: String, excluding: [String])
        /// A folder copied whole, as a folder of the bundle.
        case folderReference(path: String)
    }

    /// One target.
    public struct Target: Sendable, Equatable {
        /// The target's `name:`, as written.
        public let name: String
        /// The Xcode product type its `product:` makes (`com.apple.product-type.application`).
        public let productType: String
        /// True when `destinations: .macOS` (or `[.mac]`) or `platform: .macOS`.
        public let buildsForMacOS: Bool
        /// Its `resources:`, in the order written.
        public let resources: [Resource]
    }

    /// The manifest, as given.
    public let path: String
    /// Its targets, in the order `targets:` lists them.
    public let targets: [Target]

    /// ProjectDescription's `Product` cases that make a bundle which plays sounds, with the Xcode
    /// product type Tuist generates for each; every other product (frameworks, libraries, tests,
    /// bundles, command-line tools) ships no sound of an app's.
    static let productTypes: [String: String] = [
        "app": "com.apple.product-type.application",
        "appClip": "com.apple.product-type.application.on-demand-install-capable",
        "watch2App": "com.apple.product-type.application.watchapp2",
        "appExtension": "com.apple.product-type.app-extension",
        "messagesExtension": "com.apple.product-type.app-extension.messages",
        "stickerPackExtension": "com.apple.product-type.app-extension.messages-sticker-pack",
        "tvTopShelfExtension": "com.apple.product-type.tv-app-extension",
        "watch2Extension": "com.apple.product-type.watchkit2-extension",
        "extensionKitExtension": "com.apple.product-type.extensionkit-extension",
    ]

    /// Reads the manifest at `path`; nil when it cannot be read or computes what is needed.
    public static func read(_ path: String) -> TuistManifest? {
        guard let bytes = try? readWholeFile(atPath: path, limit: 16 << 20) else { return nil }
        return TuistManifest(bytes, path: path)
    }

    /// The manifest in `bytes`, from `path`; nil when it does not spell its targets out.
    init?(_ bytes: [UInt8], path: String) {
        let reader = Reader(tokens: ScriptTokens(bytes, language: .swift).all)
        guard let targets = reader.targets() else { return nil }
        self.path = path
        self.targets = targets
    }

    /// Reads targets out of a manifest's tokens.
    private struct Reader {
        typealias Token = ScriptTokens.Token
        let tokens: [Token]

        /// The targets of the file's one `Project(…)` call; nil when anything needed is computed.
        func targets() -> [Target]? {
            let calls = tokens.indices.filter { index in
                tokens[index] == .word("Project") && index + 1 < tokens.count && tokens[index + 1] == .punctuation("(")
                    && (index == 0 || tokens[index - 1] != .punctuation("."))
            }
            guard calls.count == 1, let project = arguments(ofCallAt: calls[0] + 1),
                let list = project.first(where: { $0.label == "targets" })?.range,
                let elements = arrayElements(list)
            else { return nil }
            var targets: [Target] = []
            for element in elements {
                let constructor = isTargetConstructor(element) ? element : boundTarget(element)
                guard let constructor, let target = target(constructor) else { return nil }
                targets.append(target)
            }
            return targets
        }

        /// The target a `let` of this file binds to the single word of `element`.
        private func boundTarget(_ element: Range<Int>) -> Range<Int>? {
            guard element.count == 1, case .word(let name) = tokens[element.lowerBound] else { return nil }
            for index in tokens.indices.dropLast(2) where tokens[index] == .word("let") && tokens[index + 1] == .word(name) {
                var value = index + 2
                // `let app: Target = …`
                if tokens[value] == .punctuation(":") { value += 2 }
                guard value + 1 < tokens.count, tokens[value] == .punctuation("=") else { continue }
                let start = value + 1
                guard let open = constructorParenthesis(at: start), let close = closing(open) else { return nil }
                return start..<(close + 1)
            }
            return nil
        }

        /// True when `range` is exactly one target constructor call.
        private func isTargetConstructor(_ range: Range<Int>) -> Bool {
            guard let open = constructorParenthesis(at: range.lowerBound) else { return false }
            return closing(open) == range.upperBound - 1
        }

        /// The index of the `(` of a target constructor starting at `start`: `.target(`,
        /// `Target(`, `Target.target(`.
        private func constructorParenthesis(at start: Int) -> Int? {
            let shapes: [[Token]] = [
                [.punctuation("."), .word("target"), .punctuation("(")],
                [.word("Target"), .punctuation("(")],
                [.word("Target"), .punctuation("."), .word("target"), .punctuation("(")],
            ]
            for shape in shapes where start + shape.count <= tokens.count && Array(tokens[start..<(start + shape.count)]) == shape {
                return start + shape.count - 1
            }
            return nil
        }

        /// The target a constructor call spells out; nil when a field it needs is computed.
        private func target(_ call: Range<Int>) -> Target? {
            guard let open = constructorParenthesis(at: call.lowerBound), let arguments = arguments(ofCallAt: open) else { return nil }
            func argument(_ label: String) -> Range<Int>? { arguments.first { $0.label == label }?.range }
            guard let nameRange = argument("name"), nameRange.count == 1, case .string(let name) = tokens[nameRange.lowerBound],
                let productRange = argument("product"), let product = caseName(productRange)
            else { return nil }
            var macOS = false
            if let platform = argument("platform") {
                macOS = caseName(platform) == "macOS"
            } else if let destinations = argument("destinations") {
                let spelled = Array(tokens[destinations])
                macOS =
                    spelled == [.punctuation("."), .word("macOS")]
                    || spelled == [.punctuation("["), .punctuation("."), .word("mac"), .punctuation("]")]
            }
            var resources: [Resource] = []
            if let range = argument("resources"), tokens[range] != [.word("nil")] {
                guard let read = self.resources(range) else { return nil }
                resources = read
            }
            return Target(
                name: name, productType: TuistManifest.productTypes[product] ?? "org.tuist.product-type.\(product)",
                buildsForMacOS: macOS, resources: resources)
        }

        /// A `resources:` value: `[…]`, `.resources([…], …)`, or one glob string.
        private func resources(_ range: Range<Int>) -> [Resource]? {
            if range.count == 1, case .string(let pattern) = tokens[range.lowerBound] { return [.glob(pattern: pattern, excluding: [])] }
            var list = range
            if tokens[range].starts(with: [.punctuation("."), .word("resources"), .punctuation("(")]) {
                guard let arguments = arguments(ofCallAt: range.lowerBound + 2), let first = arguments.first, first.label == nil else {
                    return nil
                }
                list = first.range
            }
            guard let elements = arrayElements(list) else { return nil }
            var resources: [Resource] = []
            for element in elements {
                guard let resource = resource(element) else { return nil }
                resources.append(resource)
            }
            return resources
        }

        /// One `ResourceFileElement`: a glob string, `.glob(pattern:excluding:…)`, `.folderReference(path:…)`.
        private func resource(_ range: Range<Int>) -> Resource? {
            if range.count == 1, case .string(let pattern) = tokens[range.lowerBound] { return .glob(pattern: pattern, excluding: []) }
            guard range.count >= 3, tokens[range.lowerBound] == .punctuation("."), case .word(let kind) = tokens[range.lowerBound + 1],
                let arguments = arguments(ofCallAt: range.lowerBound + 2), closing(range.lowerBound + 2) == range.upperBound - 1
            else { return nil }
            switch kind {
            case "glob":
                guard let pattern = arguments.first(where: { $0.label == "pattern" || $0.label == nil }).flatMap({ string($0.range) })
                else { return nil }
                var excluded: [String] = []
                if let excluding = arguments.first(where: { $0.label == "excluding" })?.range {
                    guard let elements = arrayElements(excluding) else { return nil }
                    for element in elements {
                        guard let glob = string(element) else { return nil }
                        excluded.append(glob)
                    }
                }
                return .glob(pattern: pattern, excluding: excluded)
            case "folderReference":
                return arguments.first { $0.label == "path" }.flatMap { string($0.range) }.map { .folderReference(path: $0) }
            default:
                return nil
            }
        }

        /// The string literal that is all of `range`.
        private func string(_ range: Range<Int>) -> String? {
            guard range.count == 1, case .string(let value) = tokens[range.lowerBound] else { return nil }
            return value
        }

        /// The case an enum value `.name` (all of `range`) names.
        private func caseName(_ range: Range<Int>) -> String? {
            guard range.count == 2, tokens[range.lowerBound] == .punctuation("."), case .word(let name) = tokens[range.lowerBound + 1]
            else { return nil }
            return name
        }

        /// The elements of the array literal that is all of `range`; nil for anything else.
        private func arrayElements(_ range: Range<Int>) -> [Range<Int>]? {
            guard !range.isEmpty, tokens[range.lowerBound] == .punctuation("["), closing(range.lowerBound) == range.upperBound - 1
            else { return nil }
            return split(range.lowerBound + 1..<(range.upperBound - 1)).map(\.range)
        }

        /// The arguments of the call whose `(` is at `open`, each with its label.
        private func arguments(ofCallAt open: Int) -> [(label: String?, range: Range<Int>)]? {
            guard open < tokens.count, tokens[open] == .punctuation("("), let close = closing(open) else { return nil }
            return split(open + 1..<close)
        }

        /// `range` split at its top-level commas (a trailing comma ends nothing), each part with
        /// its label (`name:`) taken off.
        private func split(_ range: Range<Int>) -> [(label: String?, range: Range<Int>)] {
            var parts: [(String?, Range<Int>)] = []
            var start = range.lowerBound
            var index = range.lowerBound
            func finish(_ end: Int) {
                guard start < end else { return }
                if end - start >= 2, case .word(let label) = tokens[start], tokens[start + 1] == .punctuation(":") {
                    parts.append((label, (start + 2)..<end))
                } else {
                    parts.append((nil, start..<end))
                }
            }
            while index < range.upperBound {
                if let close = closing(index) {
                    index = close + 1
                    continue
                }
                if tokens[index] == .punctuation(",") {
                    finish(index)
                    start = index + 1
                }
                index += 1
            }
            finish(range.upperBound)
            return parts
        }

        /// The index of the bracket closing the one at `open`; nil when `open` is no opening bracket.
        private func closing(_ open: Int) -> Int? {
            guard open < tokens.count, Self.depthChange(tokens[open]) == 1 else { return nil }
            var depth = 0
            for index in open..<tokens.count {
                depth += Self.depthChange(tokens[index])
                if depth == 0 { return index }
            }
            return nil
        }

        /// 1 for an opening bracket, -1 for a closing one, 0 for any other token.
        private static func depthChange(_ token: Token) -> Int {
            switch token {
            case .punctuation("("), .punctuation("["), .punctuation("{"): return 1
            case .punctuation(")"), .punctuation("]"), .punctuation("}"): return -1
            default: return 0
            }
        }
    }
}
