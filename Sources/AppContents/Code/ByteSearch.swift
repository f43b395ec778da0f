#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// Where `needle` (not empty) starts in `bytes`, every time, ascending.
    static func positions(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard !needle.isEmpty else { return [] }
        var found: [Int] = []
        bytes.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { pattern in
                guard let base = haystack.baseAddress else { return }
                var from = 0
                while haystack.count - from >= pattern.count,
                    let hit = cMemmem(base + from, haystack.count - from, pattern.baseAddress, pattern.count)
                {
                    let offset = base.distance(to: UnsafeRawPointer(hit))
                    found.append(offset)
                    from = offset + 1
                }
            }
        }
        return found
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

/// A set of byte strings to find in one pass that looks at one position in two. Every token is
/// at least five bytes long, so an occurrence holds the four bytes at an even position as its
/// bytes 0–3 or 1–4. A bit table of hashes of those four-byte windows says, at every other
/// position, whether a token may be there (in real code, 4 positions in 1,000); a second table,
/// of the tokens' first four bytes, says which of the two starts to try, and only the tokens that
/// start with that byte are compared. Forty tokens over a megabyte of code cost half a pass, not
/// forty (one position in every one cost twice the time: a two-byte table lets through one in 30).
struct TokenSet: Sendable {
    /// The tokens, each at least five bytes long.
    let tokens: [[UInt8]]
    /// Bit `hash(bytes 0–3)` and bit `hash(bytes 1–4)` are set for each token: 8 KiB.
    private let windowHash: [UInt64]
    /// Bit `hash(bytes 0–3)` is set for each token: 8 KiB.
    private let startsHash: [UInt64]
    /// The tokens' bytes, one after the other, and where each starts (`tokens.count + 1` offsets).
    private let tokenBytes: [UInt8]
    private let tokenStarts: [Int]
    /// The token indices ordered by first byte, and where each first byte's run starts (257 offsets).
    private let byFirstByte: [Int]
    private let firstByteStarts: [Int]

    /// The shortest token a set takes.
    static let minimumLength = 5

    init(_ tokens: [String]) {
        self.tokens = tokens.map { Array($0.utf8) }
        var windows = [UInt64](repeating: 0, count: 65536 / 64)
        var starts = [UInt64](repeating: 0, count: 65536 / 64)
        for (index, token) in self.tokens.enumerated() {
            precondition(token.count >= Self.minimumLength, "a token of fewer than five bytes: \(tokens[index])")
            let (first, second) = token.withUnsafeBytes {
                (Self.hash($0.loadUnaligned(as: UInt32.self)), Self.hash($0.loadUnaligned(fromByteOffset: 1, as: UInt32.self)))
            }
            starts[first >> 6] |= 1 << UInt64(first & 63)
            windows[first >> 6] |= 1 << UInt64(first & 63)
            windows[second >> 6] |= 1 << UInt64(second & 63)
        }
        windowHash = windows
        startsHash = starts
        tokenBytes = self.tokens.flatMap { $0 }
        tokenStarts = self.tokens.reduce(into: [0]) { starts, token in starts.append(starts.last! + token.count) }
        let bytes = self.tokens
        let ordered = bytes.indices.sorted { (bytes[$0][0], $0) < (bytes[$1][0], $1) }
        byFirstByte = ordered
        firstByteStarts = (0...256).map { byte in ordered.firstIndex { Int(bytes[$0][0]) >= byte } ?? ordered.count }
    }

    /// Sixteen bits of four bytes (Fibonacci hashing).
    @inline(__always)
    private static func hash(_ word: UInt32) -> Int {
        Int((word &* 0x9E37_79B1) >> 16)
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
            _ = scan(buffer) { index, _ in
                found[index] = true
                return false
            }
        }
        return found.indices.filter { found[$0] }
    }

    /// Every occurrence of every token in `bytes`, in text order (at one position, in token order).
    func matches(in bytes: UnsafeRawBufferPointer) -> [(token: Int, position: Int)] {
        var found: [(token: Int, position: Int)] = []
        _ = scan(bytes) { index, position in
            found.append((index, position))
            return false
        }
        return found
    }

    private func containsAny(_ bytes: UnsafeRawBufferPointer) -> Bool {
        scan(bytes) { _, _ in true }
    }

    /// Calls `found` with each token met and where, in text order, until it returns true (then true).
    private func scan(_ bytes: UnsafeRawBufferPointer, found: (Int, Int) -> Bool) -> Bool {
        guard bytes.count >= Self.minimumLength, let base = bytes.baseAddress else { return false }
        let text = base.assumingMemoryBound(to: UInt8.self)
        let count = bytes.count
        return windowHash.withUnsafeBufferPointer { windows in
            startsHash.withUnsafeBufferPointer { starts in
                tokenBytes.withUnsafeBufferPointer { tokenBytes in
                    tokenStarts.withUnsafeBufferPointer { tokenStarts in
                        byFirstByte.withUnsafeBufferPointer { byFirstByte in
                            firstByteStarts.withUnsafeBufferPointer { firstByteStarts in
                                /// Compares the tokens that may start at `position`.
                                func check(_ position: Int) -> Bool {
                                    guard position >= 0, position + Self.minimumLength <= count else { return false }
                                    let hash = Self.hash(base.loadUnaligned(fromByteOffset: position, as: UInt32.self))
                                    guard starts[hash >> 6] & (1 << UInt64(hash & 63)) != 0 else { return false }
                                    let first = Int(text[position])
                                    for slot in firstByteStarts[first]..<firstByteStarts[first + 1] {
                                        let index = byFirstByte[slot]
                                        let start = tokenStarts[index]
                                        let length = tokenStarts[index + 1] - start
                                        guard position + length <= count else { continue }
                                        var offset = 1
                                        while offset < length, text[position + offset] == tokenBytes[start + offset] { offset += 1 }
                                        if offset == length, found(index, position) { return true }
                                    }
                                    return false
                                }
                                var window = 0
                                while window + 4 <= count {
                                    let hash = Self.hash(base.loadUnaligned(fromByteOffset: window, as: UInt32.self))
                                    // The window is a token's bytes 1–4 or 0–3: try both starts, in text order.
                                    if windows[hash >> 6] & (1 << UInt64(hash & 63)) != 0, check(window - 1) || check(window) {
                                        return true
                                    }
                                    window += 2
                                }
                                return false
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The lines of a file that hold given byte positions: a file is searched once as bytes, and only
/// the lines where something was found become text.
enum SourceLines {
    /// The lines holding `positions` (ascending, counted from `bytes`' start), each once, with
    /// their 1-based numbers.
    static func containing(_ positions: [Int], in bytes: some RandomAccessCollection<UInt8>) -> [(number: Int, line: Substring)] {
        guard !positions.isEmpty else { return [] }
        let lines = bytes.withContiguousStorageIfAvailable { buffer in
            var lines: [(number: Int, line: Substring)] = []
            var number = 1
            var counted = 0  // newlines before `counted` are in `number`
            var lineEnd = -1  // the end of the last line taken
            for position in positions where position >= lineEnd {
                for index in counted..<position where buffer[index] == UInt8(ascii: "\n") { number += 1 }
                counted = position
                var start = position
                while start > 0, buffer[start - 1] != UInt8(ascii: "\n") { start -= 1 }
                var end = position
                while end < buffer.count, buffer[end] != UInt8(ascii: "\n") { end += 1 }
                lineEnd = end
                lines.append((number, Substring(String(decoding: buffer[start..<end], as: UTF8.self))))
            }
            return lines
        }
        return lines ?? containing(positions, in: Array(bytes))
    }
}
