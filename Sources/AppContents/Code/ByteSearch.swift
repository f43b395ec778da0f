/// Substring search on UTF-8 bytes with the C library's `memmem`. `String.contains(_:)` builds a
/// search table of hashed Characters for every call: scanning an app's source files with it cost
/// 0.2 s of CPU for 3,000 small Dart files; a `memchr`-then-`memcmp` loop cost a third of a
/// repository run where a token's first letter is common.
enum ByteSearch {
    /// True when `needle` occurs in `bytes`.
    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { haystack in contains(haystack, needle) }
    }

    /// True when `needle` occurs in `text`.
    static func contains(_ text: Substring, _ needle: [UInt8]) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ contains(UnsafeRawBufferPointer($0), needle) }) {
            return found
        }
        return contains(Array(text.utf8), needle)
    }

    private static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
        return needle.withUnsafeBytes { cMemmem(base, haystack.count, $0.baseAddress, needle.count) } != nil
    }
}

/// `memmem(3)`, which glibc declares only under `_GNU_SOURCE` (so the Glibc module does not
/// export it); every C library soundcheck runs on has it.
@_silgen_name("memmem")
private func cMemmem(_ haystack: UnsafeRawPointer?, _ haystackLength: Int, _ needle: UnsafeRawPointer?, _ needleLength: Int)
    -> UnsafeMutableRawPointer?

/// A set of byte strings to find in one pass: at each position, a table of the strings' first
/// two bytes says whether any can start there, and only those are compared. Forty tokens over a
/// megabyte of code cost one pass, not forty.
struct TokenSet: Sendable {
    /// The tokens, each at least two bytes long.
    let tokens: [[UInt8]]
    /// Bit `pair` is set when a token starts with the two bytes `pair` (first byte high).
    private let startsPair: [UInt64]
    /// The tokens that start with each pair.
    private let byPair: [UInt16: [Int]]

    init(_ tokens: [String]) {
        self.tokens = tokens.map { Array($0.utf8) }
        var bits = [UInt64](repeating: 0, count: 65536 / 64)
        var byPair: [UInt16: [Int]] = [:]
        for (index, token) in self.tokens.enumerated() {
            precondition(token.count >= 2, "a token of fewer than two bytes: \(tokens[index])")
            let pair = UInt16(token[0]) << 8 | UInt16(token[1])
            bits[Int(pair) >> 6] |= 1 << (UInt64(pair) & 63)
            byPair[pair, default: []].append(index)
        }
        startsPair = bits
        self.byPair = byPair
    }

    /// True when any token occurs in `bytes`.
    func containsAny(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { containsAny($0) }
    }

    /// True when any token occurs in `text`.
    func containsAny(_ text: Substring) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ containsAny(UnsafeRawBufferPointer($0)) }) { return found }
        return containsAny(Array(text.utf8))
    }

    /// The indices of the tokens that occur in `bytes`, in token order.
    func present(in bytes: [UInt8]) -> [Int] {
        var found = [Bool](repeating: false, count: tokens.count)
        bytes.withUnsafeBytes { buffer in
            _ = scan(buffer) { index in
                found[index] = true
                return false
            }
        }
        return found.indices.filter { found[$0] }
    }

    private func containsAny(_ bytes: UnsafeRawBufferPointer) -> Bool {
        scan(bytes) { _ in true }
    }

    /// Calls `found` with each token met, in text order, until it returns true (then true).
    private func scan(_ bytes: UnsafeRawBufferPointer, found: (Int) -> Bool) -> Bool {
        guard bytes.count >= 2 else { return false }
        for position in 0..<(bytes.count - 1) {
            let pair = UInt16(bytes[position]) << 8 | UInt16(bytes[position + 1])
            guard startsPair[Int(pair) >> 6] & (1 << (UInt64(pair) & 63)) != 0 else { continue }
            for index in byPair[pair] ?? [] {
                let token = tokens[index]
                guard position + token.count <= bytes.count else { continue }
                var matches = true
                for offset in 2..<token.count where bytes[position + offset] != token[offset] {
                    matches = false
                    break
                }
                if matches, found(index) { return true }
            }
        }
        return false
    }
}
