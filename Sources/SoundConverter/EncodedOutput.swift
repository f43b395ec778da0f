import SoundContainers

/// Where a conversion's samples go, block by block: a file being written under its temporary name.
protocol EncodedOutput: AnyObject {
    /// Encodes `samples` (whole interleaved frames) and writes them.
    func write(_ samples: ArraySlice<Float>) throws(ConversionError)
    /// Writes what is still buffered and completes the file; returns the frames written (before
    /// any padding of the last packet).
    func finish() throws(ConversionError) -> Int64
}

/// A CAF, AIFF, AIFF-C or WAV file: our header writer's header, written with zero sizes first and
/// again over itself at the end, around the samples `SampleEncoder` encodes.
final class ContainerOutput: EncodedOutput {
    private let file: AtomicOutput
    private let writer: any ContainerHeaderWriter
    private let layout: StreamLayout
    private var encoder: SampleEncoder
    private let placeholderLength: Int
    private var audioBytes: UInt64 = 0
    private var bytes: [UInt8] = []

    init(file: AtomicOutput, writer: any ContainerHeaderWriter, layout: StreamLayout, encoder: SampleEncoder) throws(ConversionError) {
        self.file = file
        self.writer = writer
        self.layout = layout
        self.encoder = encoder
        let placeholder = writer.header(for: layout, audioBytes: 0, frames: 0)
        placeholderLength = placeholder.count
        try file.append(placeholder)
        bytes.reserveCapacity(Converter.blockFrames * layout.channels * 8)
    }

    func write(_ samples: ArraySlice<Float>) throws(ConversionError) {
        bytes.removeAll(keepingCapacity: true)
        encoder.encode(samples, into: &bytes)
        try append(bytes)
    }

    func finish() throws(ConversionError) -> Int64 {
        bytes.removeAll(keepingCapacity: true)
        encoder.finish(into: &bytes)
        try append(bytes)
        let written = encoder.frames
        guard written > 0 else { return 0 }
        try file.append(writer.trailer(audioBytes: audioBytes))
        let header = writer.header(for: layout, audioBytes: audioBytes, frames: written)
        guard header.count == placeholderLength else { throw .writeFailed("the header changed length") }
        try file.write(header, at: 0)
        return written
    }

    private func append(_ bytes: [UInt8]) throws(ConversionError) {
        try file.append(bytes)
        audioBytes += UInt64(bytes.count)
    }
}
