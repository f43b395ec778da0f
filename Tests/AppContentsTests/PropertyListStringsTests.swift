import AppContents
import Foundation
import Testing

@Suite("Info.plist strings, binary and XML")
struct PropertyListStringsTests {
    static var info: [String: Any] { [
        "CFBundleIdentifier": "com.example.app", "CFBundleShortVersionString": "2.1", "CFBundleVersion": "42",
        "CFBundleDisplayName": "Ünïcode ✓", "UIBackgroundModes": ["remote-notification"], "LSRequiresIPhoneOS": true,
        "Nested": ["CFBundleIdentifier": "not.this.one"],
    ] }

    static let expected = [
        "CFBundleIdentifier": "com.example.app", "CFBundleShortVersionString": "2.1", "CFBundleVersion": "42", "CFBundleDisplayName": "Ünïcode ✓",
    ]

    @Test("both forms, as Foundation writes them, give the top level's strings and nothing nested")
    func forms() throws {
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let data = try PropertyListSerialization.data(fromPropertyList: Self.info, format: format, options: 0)
            #expect(PropertyListStrings.strings(in: Array(data)) == Self.expected, "\(format)")
        }
        #expect(PropertyListStrings.strings(in: Array("not a plist".utf8)).isEmpty)
    }

    @Test("every prefix and every one-byte change of a binary list reads without trapping")
    func damaged() throws {
        let bytes = Array(try PropertyListSerialization.data(fromPropertyList: Self.info, format: .binary, options: 0))
        for length in 0...bytes.count { _ = PropertyListStrings.strings(in: Array(bytes.prefix(length))) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            var changed = bytes
            changed[Int.random(in: 0..<changed.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            _ = PropertyListStrings.strings(in: changed)
        }
    }
}
