extension String {
    /// The text `bytes` encode, or nil when they are not well-formed UTF-8. The standard library's
    /// `String(validating:as:)` does the same but needs macOS 15 and iOS 18; this runs on macOS 13
    /// and iOS 16. Decoding replaces each ill-formed sequence with U+FFFD, so the text's UTF-8 is
    /// `bytes` exactly when there was none.
    package init?(validUTF8 bytes: some Collection<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return nil }
        self = text
    }
}
