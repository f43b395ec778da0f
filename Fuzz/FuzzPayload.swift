// libFuzzer entry point for the payload and push-provider body parser: any bytes give requests
// or a PayloadError, and a volume is always within 0…1. Built by Scripts/fuzz against the SoundResolver module.

@testable import SoundResolver

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPayload(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    for request in (try? SoundRequest.requests(inBody: data)) ?? [] {
        if let volume = request.volume {
            precondition((0...1).contains(volume), "volume \(volume) escaped the clamp")
        }
    }
    return 0
}
