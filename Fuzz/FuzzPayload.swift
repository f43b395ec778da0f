// libFuzzer entry point for the aps payload parser: any bytes give a SoundRequest or a
// PayloadError, and a volume is always within 0…1. Built by Scripts/fuzz against the SoundResolver module.

@testable import SoundResolver

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPayload(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if let request = try? SoundRequest(payload: data), let volume = request.volume {
        precondition((0...1).contains(volume), "volume \(volume) escaped the clamp")
    }
    return 0
}
