// libFuzzer entry point for the IMA4 decoder: the first byte picks 1 or 2 channels, the rest are
// packets; every packet decodes to 64 frames or throws IMA4Error. Built by Scripts/fuzz against the IMA4Codec module.

import IMA4Codec

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIMA4(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let channels = Int(bytes[0] % 2) + 1
    var decoder = IMA4Decoder(channels: channels)
    var output: [Int16] = []
    let size = IMA4.bytesPerPacket(channels: channels)
    var offset = 1
    while offset + size <= count {
        let before = output.count
        do {
            try decoder.decodePacket(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + size)]), into: &output)
        } catch {
            return 0
        }
        precondition(output.count - before == 64 * channels, "a packet must decode to 64 frames")
        offset += size
    }
    return 0
}
