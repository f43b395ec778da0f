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
public enum ByteSearch {
    /// True when `needle` occurs in `bytes`.
    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { haystack in contains(haystack, needle) }
    }

    /// True when `needle` occurs in `text`.
    public static func contains(_ text: Substring, _ needle: [UInt8]) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ contains(UnsafeRawBufferPointer($0), needle) }) {
            return found
        }
        return contains(Array(text.utf8), needle)
    }

    /// Where `needle` (not empty) starts in `bytes`, every time, ascending.
    static func positions(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBytes { positions(of: needle, in: $0) }
    }

    /// Where `needle` (not empty) starts in `haystack`, every time, ascending.
    static func positions(of needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> [Int] {
        guard !needle.isEmpty else { return [] }
        var found: [Int] = []
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
        return found
    }

    /// Where `needle` (not empty) first starts in `haystack`, or nil.
    static func firstPosition(of needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Int? {
        guard !needle.isEmpty, let base = haystack.baseAddress, haystack.count >= needle.count else { return nil }
        let hit = needle.withUnsafeBytes { cMemmem(base, haystack.count, $0.baseAddress, needle.count) }
        return hit.map { base.distance(to: UnsafeRawPointer($0)) }
    }

    /// True when `needle` occurs in `haystack`.
    static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
        return needle.withUnsafeBytes { cMemmem(base, haystack.count, $0.baseAddress, needle.count) } != nil
    }
}

/// The UTF-8 bytes of `text`, copied at once from a native string's storage: `Array(text.utf8)`
/// on a substring copies a byte at a time (8 % of a run at an Android app's root, where every
/// Kotlin file's text was copied so).
func utf8Bytes(of text: Substring) -> [UInt8] {
    text.utf8.withContiguousStorageIfAvailable { Array($0) } ?? Array(text.utf8)
}

/// `memmem(3)`, which glibc declares only under `_GNU_SOURCE` (so the Glibc module does not
/// export it); every C library soundcheck runs on has it.
@_silgen_name("memmem")
private func cMemmem(_ haystack: UnsafeRawPointer?, _ haystackLength: Int, _ needle: UnsafeRawPointer?, _ needleLength: Int)
    -> UnsafeMutableRawPointer?

/// A set of byte strings to find in one pass that looks at one position in `windowStep` (two to
/// four: the shortest token's length less three). A token holds the four bytes at a position
/// divisible by the step as its bytes 0–3, 1–4, … A bit table of hashes of those four-byte windows
/// says, at every step, whether a token may be there (in real code, a few windows in 1,000); a
/// second table, of the tokens' first four bytes, says which starts to try, and only the tokens
/// that start with that byte are compared. Tokens of fewer than five bytes (a sound named `bell`)
/// are found with `memmem`, one pass each. Forty tokens over a megabyte of code cost a fraction of
/// one pass, not forty: at every position the scan cost twice what it does at every other, and
/// the API tokens alone (seven bytes or more) are scanned at every fourth.
struct TokenSet: Sendable {
    /// The tokens.
    let tokens: [[UInt8]]
    /// Bit `hash(bytes k…k+3)` is set for each hashed token and each `k` below `windowStep`: 8 KiB.
    private let windowHash: [UInt64]
    /// Bit `hash(bytes 0–3)` is set for each hashed token: 8 KiB.
    private let startsHash: [UInt64]
    /// The tokens' bytes, one after the other, and where each starts (`tokens.count + 1` offsets).
    private let tokenBytes: [UInt8]
    private let tokenStarts: [Int]
    /// The hashed tokens' indices ordered by first byte, and where each first byte's run starts (257 offsets).
    private let byFirstByte: [Int]
    private let firstByteStarts: [Int]
    /// The indices of the tokens shorter than `hashedLength`, found with `memmem`.
    private let shortTokens: [Int]
    /// The distance between the windows the scan hashes: every hashed token holds at least one.
    private let windowStep: Int
    /// The shortest hashed token.
    private let shortestHashed: Int

    /// The shortest token the hashed scan finds; shorter ones are searched for one by one.
    static let hashedLength = 5

    init(_ tokens: [String]) {
        let bytes = tokens.map { Array($0.utf8) }
        precondition(bytes.allSatisfy { !$0.isEmpty }, "an empty token")
        self.tokens = bytes
        var windows = [UInt64](repeating: 0, count: 65536 / 64)
        var starts = [UInt64](repeating: 0, count: 65536 / 64)
        let long = bytes.indices.filter { bytes[$0].count >= Self.hashedLength }
        shortTokens = bytes.indices.filter { bytes[$0].count < Self.hashedLength }
        let shortest = long.map { bytes[$0].count }.min() ?? Self.hashedLength
        let step = min(4, shortest - 3)
        shortestHashed = shortest
        windowStep = step
        for index in long {
            bytes[index].withUnsafeBytes { bytes in
                for offset in 0..<step {
                    let hash = Self.hash(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                    windows[hash >> 6] |= 1 << UInt64(hash & 63)
                    if offset == 0 { starts[hash >> 6] |= 1 << UInt64(hash & 63) }
                }
            }
        }
        windowHash = windows
        startsHash = starts
        tokenBytes = bytes.flatMap { $0 }
        tokenStarts = bytes.reduce(into: [0]) { starts, token in starts.append(starts.last! + token.count) }
        let ordered = long.sorted { (bytes[$0][0], $0) < (bytes[$1][0], $1) }
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
        bytes.withUnsafeBytes { buffer in Set(matches(in: buffer).map(\.token)).sorted() }
    }

    /// Every occurrence of every token in `bytes`, in text order (at one position, in token order).
    func matches(in bytes: UnsafeRawBufferPointer) -> [(token: Int, position: Int)] {
        var found: [(token: Int, position: Int)] = []
        _ = scan(bytes) { index, position in
            found.append((index, position))
            return false
        }
        guard !shortTokens.isEmpty else { return found }
        for index in shortTokens {
            found += ByteSearch.positions(of: tokens[index], in: bytes).map { (index, $0) }
        }
        return found.sorted { ($0.position, $0.token) < ($1.position, $1.token) }
    }

    /// True when any token occurs in `bytes`.
    func containsAny(_ bytes: UnsafeRawBufferPointer) -> Bool {
        shortTokens.contains { ByteSearch.contains(bytes, tokens[$0]) } || scan(bytes) { _, _ in true }
    }

    /// Calls `found` with each hashed token met and where, in text order, until it returns true (then true).
    private func scan(_ bytes: UnsafeRawBufferPointer, found: (Int, Int) -> Bool) -> Bool {
        guard !byFirstByte.isEmpty, bytes.count >= shortestHashed, let base = bytes.baseAddress else { return false }
        let text = base.assumingMemoryBound(to: UInt8.self)
        let count = bytes.count
        let step = windowStep
        let shortest = shortestHashed
        return windowHash.withUnsafeBufferPointer { windows in
            startsHash.withUnsafeBufferPointer { starts in
                tokenBytes.withUnsafeBufferPointer { tokenBytes in
                    tokenStarts.withUnsafeBufferPointer { tokenStarts in
                        byFirstByte.withUnsafeBufferPointer { byFirstByte in
                            firstByteStarts.withUnsafeBufferPointer { firstByteStarts in
                                /// Compares the hashed tokens that may start at `position`.
                                func check(_ position: Int) -> Bool {
                                    guard position >= 0, position + shortest <= count else { return false }
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
                                    // The window is a token's bytes step−1 … step+2, …, or 0–3: try
                                    // each start, in text order.
                                    if windows[hash >> 6] & (1 << UInt64(hash & 63)) != 0 {
                                        for back in Swift.stride(from: step - 1, through: 0, by: -1) where check(window - back) {
                                            return true
                                        }
                                    }
                                    window += step
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
    /// their 1-based numbers and where each starts and ends (counted from `bytes`' start; the end is
    /// the byte's, which the decoded line's UTF-8 count is not where the bytes are not UTF-8).
    static func containing(
        _ positions: [Int], in bytes: some RandomAccessCollection<UInt8>
    ) -> [(number: Int, start: Int, end: Int, line: Substring)] {
        guard !positions.isEmpty else { return [] }
        let lines = bytes.withContiguousStorageIfAvailable { buffer in
            var lines: [(number: Int, start: Int, end: Int, line: Substring)] = []
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
                lines.append((number, start, end, Substring(SourceLines.text(of: buffer[start..<end]))))
            }
            return lines
        }
        return lines ?? containing(positions, in: Array(bytes))
    }

    /// A line's bytes as text whose UTF-8 is as long as the bytes, so that an offset into one is
    /// the same offset into the other: UTF-8 as it is, and where the line is not UTF-8 (a Latin-1
    /// source, damaged bytes), each byte past ASCII read as `?` instead of U+FFFD's three bytes.
    static func text(of bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.count != bytes.count else { return text }
        return String(decoding: bytes.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}
