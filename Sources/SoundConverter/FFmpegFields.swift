internal import CFFmpeg

/// The fields of FFmpeg's structures, which soundcheck declares opaque: each is reached at its
/// offset in the release loaded (`soundcheck_ffmpeg_layout`, Sources/CFFmpeg/shim.h), so one
/// build reads FFmpeg 5.1 to 8.x. Every offset names its field after FFmpeg's own
/// (`layout.stream_duration` is AVStream's `duration`); the value's type is the field's.
extension soundcheck_ffmpeg {
    /// The field of `object` at `offset`, as `type`.
    func field<Value>(_ object: OpaquePointer, _ offset: Int32, as type: Value.Type) -> Value {
        UnsafeRawPointer(object).load(fromByteOffset: Int(offset), as: type)
    }

    /// Sets the field of `object` at `offset` to `value`.
    func setField<Value>(_ object: OpaquePointer, _ offset: Int32, to value: Value) {
        UnsafeMutableRawPointer(object).storeBytes(of: value, toByteOffset: Int(offset), as: Value.self)
    }

    /// The address of the field of `object` at `offset`, for FFmpeg's functions that fill one in.
    func fieldAddress<Value>(_ object: OpaquePointer, _ offset: Int32, as type: Value.Type) -> UnsafeMutablePointer<Value> {
        (UnsafeMutableRawPointer(object) + Int(offset)).assumingMemoryBound(to: type)
    }

    /// The channel count of the AVChannelLayout at `offset` in `object` (a codec context or frame).
    func channelCount(_ object: OpaquePointer, _ offset: Int32) -> Int32 {
        field(object, offset, as: AVChannelLayout.self).nb_channels
    }

    /// The stream at `index` of a format context.
    func stream(_ format: OpaquePointer, _ index: Int) -> OpaquePointer? {
        guard index >= 0, index < Int(field(format, layout.format_nb_streams, as: UInt32.self)) else { return nil }
        return field(format, layout.format_streams, as: UnsafeMutablePointer<OpaquePointer?>?.self)?[index]
    }
}
