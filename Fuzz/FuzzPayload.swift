// libFuzzer entry point for the payload and push-provider body reader: any bytes give requests
// or a PayloadError, a volume is always within 0…1, and the one-pass scanner agrees with the tree
// reader it replaced (Tests/SoundResolverTests/Reference, compiled beside this file) on the
// requests, the error's words and an inventory's answer; read as a JSON or YAML data file, the push
// bodies' names (CodeLexer, PushBodyDocument) lie on the file's lines. Built by Scripts/fuzz
// against the SoundResolver and AppContents modules.

@testable import AppContents
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
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let disagreement = PushBodyAgreement.disagreement(on: bytes) {
        preconditionFailure("the scanner and the tree reader disagree: \(disagreement)")
    }
    let lines = bytes.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    for file in ["push.json", "push.yml"] {
        for use in PushBodyDocument.uses(in: bytes[...], file: file) {
            precondition(!use.name.isEmpty && use.line >= 1 && use.line <= lines, "a name off the file's lines")
        }
    }
    return 0
}
