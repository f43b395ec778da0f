// libFuzzer entry point for the decoder layer: any bytes must parse or throw a ParseError.
// Built by Scripts/fuzz against the SoundContainers module (swiftc -sanitize=fuzzer,address).

import SoundContainers

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContainers(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let description = try? AudioFileParser.describe(MemoryByteSource(bytes)) {
        precondition(description.dataRange.upperBound <= UInt64(count), "audio range past the end")
        precondition(description.frameCount.map { $0 >= 0 } ?? true, "negative frame count")
    }
    return 0
}
