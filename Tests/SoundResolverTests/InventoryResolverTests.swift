import SoundContainers
import SoundPolicy
import SoundResolver
import Testing

@Suite("InventoryResolver: the inventory's JSON round-trips, and answers are the same from every thread")
struct InventoryResolverTests {
    static func inventory() -> SoundInventory {
        let pcm = AudioDescription(
            container: .wav, encoding: .linearPCM(LinearPCMFormat(bits: 24, bytesPerSample: 4, isBigEndian: false)), sampleRate: 44100,
            channels: 2, bitsPerChannel: 24, frameCount: 44100, dataRange: 0..<0)
        let ima4 = AudioDescription(
            container: .caf, encoding: .ima4, sampleRate: 22050, channels: 1, bitsPerChannel: 0, frameCount: nil, dataRange: 0..<0)
        let failing = Finding(code: .tooLong, severity: .error, message: "lasts 31 s \"quoted\"\n", fix: .convert(path: "Src/long.caf", maxDuration: 29.5))
        let ios = SoundInventory.App(
            platform: .ios, name: "App", identifier: "com.example", version: "1.0", build: "7", bundle: "App.app",
            sounds: [
                SoundInventory.Sound(name: "chime.wav", location: .bundle, path: "App.app/chime.wav", passed: true, findings: [], audio: .init(pcm)),
                SoundInventory.Sound(name: "long.caf", location: .bundle, path: "App.app/long.caf", passed: false, findings: [failing], audio: .init(ima4)),
                SoundInventory.Sound(name: "deep.caf", location: .bundleSubfolder, path: "App.app/Sounds/deep.caf", passed: true, findings: [], audio: .init(ima4)),
            ])
        let android = SoundInventory.App(
            platform: .android, name: "app", identifier: "com.example", sounds: [
                SoundInventory.Sound(name: "chime", location: .raw, path: "app/src/main/res/raw/chime.wav", passed: true, findings: [], audio: .init(pcm)),
                SoundInventory.Sound(
                    name: "ring", location: .raw, path: "app/src/main/res/raw/ring.wav", passed: false,
                    findings: [
                        Finding(
                            code: .tooLong, severity: .error, message: "lasts 31 s",
                            fix: .convert(path: "assets/ring.wav", maxDuration: 30, forBothPlatforms: true))
                    ],
                    audio: .init(pcm)),
            ])
        return SoundInventory(generator: "test", input: "ünï \u{1}", apps: [ios, android])
    }

    @Test("JSON out and in again gives the same inventory; every PCM name comes back as the same layout")
    func roundTrip() throws {
        let inventory = Self.inventory()
        #expect(try SoundInventory(json: Array(inventory.json.utf8)) == inventory)
        for bits in [8, 16, 24, 32] {
            for float in bits == 32 ? [false, true] : [false] {
                // One byte has no byte order: I8 and UI8 are its two layouts.
                for (bigEndian, signed) in bits == 8 ? [(false, true), (false, false)] : [(false, true), (true, true)] {
                    let format = LinearPCMFormat(bits: bits, isFloat: float, isBigEndian: bigEndian, isSigned: signed)
                    #expect(AudioEncoding(inventoryName: format.name) == .linearPCM(format), "\(format.name)")
                }
            }
        }
        #expect(AudioEncoding(inventoryName: "LEI24in32") == .linearPCM(LinearPCMFormat(bits: 24, bytesPerSample: 4, isBigEndian: false)))
        #expect(AudioEncoding(inventoryName: "aac") == .other("aac"))
    }

    @Test("a macOS app: read and written as macos; Apple's answers come from it where no iOS app is, or by name")
    func macOS() throws {
        let pcm = AudioDescription(
            container: .wav, encoding: .linearPCM(LinearPCMFormat(bits: 16, bytesPerSample: 2, isBigEndian: false)), sampleRate: 22050,
            channels: 1, bitsPerChannel: 16, frameCount: 22050, dataRange: 0..<0)
        func app(_ platform: SoundPlatform, _ name: String, _ sound: String) -> SoundInventory.App {
            SoundInventory.App(
                platform: platform, name: name, bundle: name + ".app",
                sounds: [
                    SoundInventory.Sound(
                        name: sound, location: .bundle, path: "\(name).app/\(sound)", passed: true, findings: [], audio: .init(pcm))
                ])
        }
        let mac = app(.macos, "Runner (macos/Runner.xcodeproj)", "mac.wav")
        let phone = app(.ios, "Runner (ios/Runner.xcodeproj)", "phone.wav")
        let both = SoundInventory(generator: "test", input: ".", apps: [phone, mac])
        #expect(both.json.contains(#""platform":"macos""#))
        #expect(try SoundInventory(json: Array(both.json.utf8)) == both)
        // The iOS app answers by default; the macOS one by name, or alone.
        #expect(try InventoryResolver(inventory: both).resolve(name: "phone.wav").file != nil)
        #expect(try InventoryResolver(inventory: both, app: mac.name).resolve(name: "mac.wav").file != nil)
        let alone = SoundInventory(generator: "test", input: ".", apps: [mac])
        #expect(try InventoryResolver(inventory: alone).app?.name == mac.name)
        let other = both.json.replacing(#""platform":"macos""#, with: #""platform":"windows""#)
        #expect(throws: InventoryError.self) { try SoundInventory(json: Array(other.utf8)) }
    }

    @Test("eight tasks resolving at once get the answers one task gets")
    func concurrent() async throws {
        let resolver = try InventoryResolver(inventory: Self.inventory())
        let names = ["chime.wav", "Chime.wav", "chime", "long.caf", "deep.caf", "missing.caf", "default", "a/b.caf"]
        let serial = names.map { resolver.resolve(name: $0) }
        #expect(serial[0].file?.path == "App.app/chime.wav")
        #expect(serial[3].reason == .invalidFile)
        #expect(serial[4].hints.contains("'Sounds/deep.caf' is in a subfolder of the bundle App.app; the system looks for sounds only at the bundle root"))
        #expect(resolver.resolve(AndroidSoundRequest(name: "chime")).outcome == .file("app/src/main/res/raw/chime.wav"))
        try await withThrowingTaskGroup(of: [ResolvedSound].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<2_000).map { resolver.resolve(name: names[$0 % names.count]) } }
            }
            for try await answers in group {
                #expect(answers.enumerated().allSatisfy { $1 == serial[$0 % names.count] })
            }
        }
    }
}
