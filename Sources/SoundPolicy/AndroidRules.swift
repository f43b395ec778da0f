import SoundContainers

/// Android's rules for a notification sound shipped as a raw resource (`res/raw/NAME.EXT`), from
/// Android's "App resources" and "Supported media formats" pages: a valid resource name, a format
/// the platform plays, a file that holds audio. Android has no length limit, but plays a
/// notification sound once: a long one gets a warning.
extension Policy {
    /// The resource name Android gives a raw file: its name up to the first dot (`chime.mp3` is
    /// `chime`, as aapt2 takes everything after the first dot as the extension).
    public static func androidResourceName(ofFile name: String) -> Substring {
        name.prefix { $0 != "." }
    }

    /// True when `name` is a valid file-based resource name: lower-case ASCII letters, digits and
    /// `_` (aapt refuses anything else: "Invalid file name: must contain only [a-z0-9_.]"), not
    /// starting with a digit (aapt packages `2tone`, but `R.raw.2tone` is no Java identifier, so
    /// the build fails when it compiles R).
    public static func isValidAndroidResourceName(_ name: Substring) -> Bool {
        guard let first = name.utf8.first, !isDigit(first) else { return false }
        return name.utf8.allSatisfy(isResourceNameByte)
    }

    /// A valid resource name made from `name`: lower-cased, every other character `_`, and
    /// `sound_` before one that starts with a digit.
    public static func suggestedAndroidResourceName(for name: Substring) -> String {
        var result = String(decoding: name.lowercased().utf8.map { isResourceNameByte($0) ? $0 : UInt8(ascii: "_") }, as: UTF8.self)
        if result.utf8.first.map(isDigit) ?? true { result = "sound_" + result }
        return result
    }

    /// `name` when it is a valid resource name, else the one `suggestedAndroidResourceName` makes of it.
    public static func validAndroidResourceName(for name: Substring) -> String {
        isValidAndroidResourceName(name) ? String(name) : suggestedAndroidResourceName(for: name)
    }

    /// A lower-case ASCII letter, a digit or `_`: what a file-based resource name is made of.
    private static func isResourceNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || isDigit(byte) || byte == UInt8(ascii: "_")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The findings Android's rules give the raw resource at `path`, whose header was read into
    /// `outcome`; a conversion makes Ogg Vorbis, or 16-bit WAV for a sound Apple's apps ship too
    /// (`forBothPlatforms`), the one format both play.
    func androidFindings(for outcome: Result<AudioDescription, ParseError>, path: String, forBothPlatforms: Bool = false) -> [Finding] {
        var findings: [Finding] = []
        let name = fileName(of: path)
        let resourceName = Self.androidResourceName(ofFile: name)
        if !Self.isValidAndroidResourceName(resourceName) {
            let suggested = Self.suggestedAndroidResourceName(for: resourceName)
            let renamed = String(path.dropLast(name.count)) + suggested + name.dropFirst(resourceName.count)
            findings.append(
                Finding(
                    code: .androidResourceName,
                    message: "'\(resourceName)' is not a valid Android resource name (lower-case a–z, 0–9 and _, not "
                        + "starting with a digit); the build fails on it",
                    fix: .rename(path: path, newPath: renamed)))
        }
        switch outcome {
        case .success(let description):
            findings += androidFindings(for: description, path: path, forBothPlatforms: forBothPlatforms)
        case .failure(.unsupportedContainer(let format)) where format == .lfsPointer || format == .text:
            // No sound is there to judge by Android's rules: the finding says what the file is.
            findings.append(finding(for: .unsupportedContainer(format), path: path))
        case .failure(.unsupportedContainer(let format)):
            if !Self.androidPlays(format) {
                findings.append(
                    Finding(
                        code: .androidUnsupportedFormat, message: "this is \(format.description), which Android does not play",
                        fix: Self.androidConversion(path, forBothPlatforms: forBothPlatforms)))
            }
        case .failure(let error):
            var finding = finding(for: error, path: path)
            if case .badMagic = error { finding.fix = Self.androidConversion(path, forBothPlatforms: forBothPlatforms) }
            findings.append(finding)
        }
        return findings
    }

    private func androidFindings(for description: AudioDescription, path: String, forBothPlatforms: Bool) -> [Finding] {
        var findings: [Finding] = []
        switch (description.container, description.encoding) {
        case (.wav, .linearPCM(let format)) where !format.isFloat && (format.bits == 8 || format.bits == 16):
            break
        case (.wav, .linearPCM), (.wav, .muLaw), (.wav, .aLaw):
            findings.append(
                Finding(
                    code: .androidUnsupportedFormat, severity: .warning,
                    message: "the audio is \(description.encoding.displayName); Android's supported formats list only 8- and "
                        + "16-bit Linear PCM in WAV, so some devices may not play it",
                    fix: Self.androidConversion(path, description, maxDuration: maxDuration, forBothPlatforms: forBothPlatforms)))
        case (.wav, _):
            findings.append(
                Finding(
                    code: .androidUnsupportedFormat,
                    message: "the audio is \(description.encoding.displayName) in WAV; Android plays only 8- and 16-bit Linear PCM in WAV",
                    fix: Self.androidConversion(path, description, maxDuration: maxDuration, forBothPlatforms: forBothPlatforms)))
        case (let container, _):
            findings.append(
                Finding(
                    code: .androidUnsupportedFormat,
                    message: "this is \(container == .caf ? "a" : "an") \(container.displayName) file, which Android does not play",
                    fix: Self.androidConversion(path, description, maxDuration: maxDuration, forBothPlatforms: forBothPlatforms)))
        }
        if let frames = description.frameCount {
            if frames == 0 {
                findings.append(Finding(code: .malformed, message: "the file holds no audio (0 frames)", fix: Self.damagedFileFix))
            } else if !isUnderLimit(frames: frames, sampleRate: description.sampleRate), let seconds = description.duration {
                findings.append(
                    Finding(
                        code: .tooLong, severity: .warning,
                        message: "\(formatSeconds(seconds)) is long for a notification, which Android plays once; "
                            + "keep it under \(formatLimit(maxDuration))"))
            }
        }
        if let problem = description.dataSizeProblem {
            findings.append(Finding(code: .truncated, message: dataSizeMessage(problem, description), fix: Self.androidConversion(path, description, maxDuration: maxDuration, forBothPlatforms: forBothPlatforms)))
        }
        return findings
    }

    /// True for the formats in Android's supported-media-formats table: MP3, AAC in MP4 or ADTS,
    /// FLAC, Vorbis, Opus and FLAC in Ogg, Vorbis and Opus in Matroska, AMR and MIDI.
    static func androidPlays(_ format: SniffedFormat) -> Bool {
        switch format {
        case .mpegAudio(let layer, _): return layer == 3
        case .mp4, .adtsAAC, .flac, .amr, .midi, .matroska: return true
        case .ogg(let codec): return codec == "Vorbis" || codec == "Opus" || codec == "FLAC"
        case .aiff, .wav, .caf, .au, .asf, .wave64, .otherRIFF, .otherIFF, .lfsPointer, .text: return false
        }
    }

    /// Converting `path` into Ogg Vorbis, Android's own format, under a valid resource name, with
    /// the audio's size now and about what it becomes (cut under `maxDuration`, as `convert`
    /// cuts) when `description` is known; into 16-bit
    /// WAV, which both play, `forBothPlatforms`. A file already so named is written beside itself
    /// first, to be moved over it.
    static func androidConversion(
        _ path: String, _ description: AudioDescription? = nil, maxDuration: Double = appleMaxDuration, forBothPlatforms: Bool
    ) -> Remedy {
        let name = fileName(of: path)
        let folder = String(path.dropLast(name.count))
        let stem = validAndroidResourceName(for: androidResourceName(ofFile: name))
        if forBothPlatforms {
            let target = folder + stem + ".wav"
            guard target == path else {
                return .advice("convert it to a format Android plays: soundcheck convert \(path) \(target) -f WAVE -d LEI16")
            }
            let converted = folder + stem + "_pcm16.wav"
            return .advice(
                "convert it to 16-bit Linear PCM: soundcheck convert \(path) \(converted) -f WAVE -d LEI16, then move it over \(name)")
        }
        var sizes = ""
        if let description, let duration = description.duration, description.audioByteCount > 0 {
            let after = estimatedOggVorbisBytes(
                seconds: min(duration, maxDuration), sampleRate: description.sampleRate, channels: description.channels)
            sizes = " (\(formatByteCount(Int64(description.audioByteCount))) of audio now, about \(formatByteCount(after)) as Ogg Vorbis)"
        }
        let target = folder + stem + ".ogg"
        guard target == path else {
            return .advice("convert it to Ogg Vorbis, which Android plays: soundcheck convert \(path) \(target) -f OGG\(sizes)")
        }
        let converted = folder + stem + "_vorbis.ogg"
        return .advice("convert it to Ogg Vorbis: soundcheck convert \(path) \(converted) -f OGG, then move it over \(name)\(sizes)")
    }

    /// About how many bytes `convert -f OGG` writes for `seconds` of audio: 3.5 KB of Vorbis
    /// headers, then the median bit rate of the real sounds in ../shared/corpus/real at the default
    /// quality (docs/performance.md): 50 kbit/s for mono at 32 kHz or more, 30 below, 12 under
    /// 16 kHz, and 1.6 times that for two channels or more. One sound may differ from it by half.
    public static func estimatedOggVorbisBytes(seconds: Double, sampleRate: Double, channels: Int) -> Int64 {
        let mono = sampleRate >= 32_000 ? 50_000.0 : sampleRate >= 16_000 ? 30_000 : 12_000
        let bitsPerSecond = channels > 1 ? mono * 1.6 : mono
        return 3_500 + Int64((seconds * bitsPerSecond / 8).rounded())
    }
}
