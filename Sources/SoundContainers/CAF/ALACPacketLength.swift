/// How many frames an ALAC stream in CAF really holds, from its last packet. An ALAC packet that
/// holds fewer frames than the stream's packet size says how many in its own header (ALAC's
/// "has size" bit and a 32-bit sample count, after the element type, instance tag and 12 unused
/// bits), and every decoder outputs that many. FFmpeg's CAF writer fills `pakt` with
/// `packets × framesPerPacket` valid frames and no remainder, which counts the short last packet
/// as full: a 0.5 s sound reads as 0.557 s from the table, 0.5 s decoded. afconvert writes the
/// real count and the rest as remainder frames, as the CAF specification defines them, so the
/// two agree there.
enum ALACPacketLength {
    /// The most packet-table bytes read to find the last packet (a 30 s sound has about 330
    /// packets, a few bytes each).
    static let tableLimit = 1 << 20

    /// The frames the packets hold (priming excluded), or nil when the table or the last packet's
    /// header cannot say: the packet sizes from the `pakt` entries at `tableOffset` (one
    /// variable-length size per packet, as ALAC's constant frames per packet has it), then the
    /// header of the last packet in the audio data at `audioStart`.
    static func frames(
        table: PacketTableSummary, tableOffset: UInt64, tableBytes: Int, framesPerPacket: Int, audioStart: UInt64, audioEnd: UInt64,
        reader: HeaderReader
    ) -> Int64? {
        guard table.packetCount > 0, framesPerPacket > 0, tableBytes > 0, tableBytes <= tableLimit,
            let entries = try? reader.bytes(at: tableOffset, length: tableBytes, context: "the pakt entries")
        else { return nil }
        var offset = 0
        var lastStart: UInt64 = 0
        var position = audioStart
        for _ in 0..<table.packetCount {
            var size: UInt64 = 0
            var more = true
            while more {
                guard offset < entries.count, size < 1 << 40 else { return nil }
                let byte = entries.u8(offset)
                offset += 1
                size = size << 7 | UInt64(byte & 0x7F)
                more = byte & 0x80 != 0
            }
            lastStart = position
            position += size
        }
        guard position <= audioEnd, lastStart + 7 <= audioEnd, let header = try? reader.bytes(at: lastStart, length: 7, context: "the last packet")
        else { return nil }
        // Bits, first byte high: element type (3), instance tag (4), unused (12), has size (1),
        // shift bytes (2), not compressed (1), then the 32-bit frame count when it has a size.
        let bits = (0..<7).reduce(UInt64(0)) { $0 << 8 | UInt64(header.u8($1)) }  // 56 bits
        func field(_ start: Int, _ width: Int) -> UInt64 { bits >> UInt64(56 - start - width) & (1 << UInt64(width) - 1) }
        guard field(0, 3) != 7 else { return nil }  // the END element: no audio
        let lastFrames = field(19, 1) == 1 ? Int64(field(23, 32)) : Int64(framesPerPacket)
        guard lastFrames <= Int64(framesPerPacket) else { return nil }
        let total = (table.packetCount - 1) * Int64(framesPerPacket) + lastFrames - Int64(table.primingFrames)
        return total >= 0 ? total : nil
    }
}
