// libFuzzer entry point for the Xcode project reader and the Expo config reader: any bytes give a
// project (or config) or an error naming the file, never a crash or a hang. Built by Scripts/fuzz
// against the AppContents module.

import AppContents

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProject(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let project = try? XcodeProject(parsing: bytes, path: "Fuzz.xcodeproj") {
        for target in project.targets {
            for case .localized(_, let bundlePath) in target.resources {
                precondition(!bundlePath.isEmpty, "a localized resource with no place in the bundle")
            }
        }
    }
    _ = try? ExpoConfig(parsing: bytes, path: "app.json")
    return 0
}
