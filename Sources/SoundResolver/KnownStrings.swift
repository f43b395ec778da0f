/// A set of strings found by their UTF-8 bytes, without making a `String` of the bytes asked
/// about: an `InventoryResolver` holds its inventory's sound names in one, so that a push body
/// naming a shipped sound is read into that very `String` (a name over 15 bytes would otherwise
/// cost an allocation per body).
struct KnownStrings: Sendable {
    /// The strings by the low bits of their hash; a power of two of buckets.
    private let buckets: [[String]]

    init(_ strings: some Sequence<String>) {
        let unique = Set(strings)
        var count = 1
        while count < unique.count { count <<= 1 }
        var buckets = [[String]](repeating: [], count: count)
        for string in unique {
            var utf8 = string
            let hash = utf8.withUTF8 { Self.hash(UnsafeRawBufferPointer($0)) }
            buckets[hash & (count - 1)].append(string)
        }
        self.buckets = buckets
    }

    /// The string whose UTF-8 is `bytes`, byte for byte, if the set holds it.
    func string(spelled bytes: UnsafeRawBufferPointer) -> String? {
        for candidate in buckets[Self.hash(bytes) & (buckets.count - 1)] {
            var candidate = candidate
            if candidate.withUTF8({ Self.equal(UnsafeRawBufferPointer($0), bytes) }) { return candidate }
        }
        return nil
    }

    /// FNV-1a over the bytes: the same for a `String` and for bytes that spell it.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in 0..<bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash)
    }

    private static func equal(_ one: UnsafeRawBufferPointer, _ other: UnsafeRawBufferPointer) -> Bool {
        guard one.count == other.count else { return false }
        for index in 0..<one.count where one[index] != other[index] { return false }
        return true
    }
}
