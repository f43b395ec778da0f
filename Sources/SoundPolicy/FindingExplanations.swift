/// What each finding code means, in words: the one text behind `soundcheck codes`, `soundcheck
/// explain` and the rule descriptions of SARIF reports.
extension FindingCode {
    /// One line: what the code says about a sound.
    public var summary: String {
        switch self {
        case .unreadable: return "The file cannot be opened or read."
        case .unsupportedContainer: return "The file is not AIFF, AIFF-C, WAV or CAF."
        case .lfsPointer: return "A Git LFS pointer stands where the sound should be: the checkout did not fetch LFS objects."
        case .malformed: return "The file's structure is broken or holds impossible values."
        case .truncated: return "The declared audio size is not what the file holds."
        case .unsupportedEncoding: return "The audio is not Linear PCM, IMA4, µLaw or aLaw."
        case .tooLong: return "The sound is not under the duration limit (30 s)."
        case .extensionMismatch: return "The extension names another container than the file holds."
        case .unusualFormat: return "More than two channels, a rate outside 8–48 kHz, or 64-bit samples."
        case .longForBanner: return "Longer than the banner duration asked for with --warn-over."
        case .shadowed: return "A folder searched earlier holds a file of the same name, so this one never plays."
        case .caseConflict: return "Two sounds whose names differ only by case."
        case .notBundled: return "A sound in the project folder that no target copies."
        case .notAtBundleRoot: return "The sound lands in a subfolder of the bundle."
        case .missing: return "A sound the project copies is not on disk."
        case .duplicateName: return "Two sounds of one target land at the same name."
        case .inAssetCatalog: return "A sound inside an asset catalog."
        case .notShipped: return "A sound in the repository that no app found there ships."
        case .configNotRead: return "An app configuration that cannot be read without running it."
        case .appSound: return "A sound the app plays itself, such as a Flutter asset: notification rules do not apply."
        case .purposeUnknown: return "A sound no code names: what would fail it as a notification sound is a warning."
        case .unknownSoundName: return "The code or a push body asks for a sound name that no shipped sound answers."
        case .androidResourcePackage:
            return "An android.resource:// URI names a package that a build variant does not install, so it plays the default sound."
        case .namesAtRunTime: return "Calls that name their sound at run time: not checked."
        case .unusedSound: return "A shipped sound that nothing asks for (shown with --strict or a rule)."
        case .androidResourceName: return "An Android raw resource whose name is not a valid resource name."
        case .androidDuplicateResource: return "Two Android raw resources of one folder share a resource name."
        case .androidUnsupportedFormat: return "An Android raw resource in a format Android does not play."
        case .androidRemovedInRelease: return "An Android raw resource that release builds' resource shrinking removes."
        case .requestedSoundFails: return "The code asks for a sound that ships but fails the platform's rules."
        case .silent: return "No sample rises above -60 dBFS: nothing is heard (a note for a sound played as silence)."
        case .quiet: return "The integrated loudness is more than 10 LU below the target (--listen)."
        case .clipped: return "The true peak is above 0 dBTP, or samples sit at full scale in runs (--listen)."
        case .lateStart: return "The sound starts after more than 0.5 s of silence (--listen)."
        case .notHeard: return "The audio could not be decoded, so --listen did not measure it."
        }
    }

    /// A paragraph: why it matters on a device, and what fixes it.
    public var explanation: String {
        switch self {
        case .unreadable:
            return "The system cannot play what it cannot read: a missing file, a folder or FIFO named like a sound, "
                + "or a file without read permission. The notification plays the default sound. Fix the path or the permissions."
        case .unsupportedContainer:
            return "iOS, watchOS and tvOS play notification sounds only from AIFF, AIFF-C, WAV or CAF files. An MP3, "
                + "M4A, FLAC or Ogg file is skipped and the default sound plays. `soundcheck fix FILE` converts it to an IMA4 CAF."
        case .lfsPointer:
            return "The file is the small text Git LFS commits in place of a file it tracks (its first line is "
                + "`version https://git-lfs.github.com/spec/v1`), not the sound: the checkout did not fetch the LFS "
                + "objects, so nothing of the sound can be checked. Fetch them where soundcheck runs: `git lfs pull`, "
                + "or in GitHub Actions `actions/checkout` with `lfs: true`. A build from such a checkout ships the "
                + "pointer, which plays nothing."
        case .malformed:
            return "A header chunk is missing, cut short or holds impossible values (no channels, a zero rate), so no "
                + "decoder can be sure what the audio is. Export the sound again from its source."
        case .truncated:
            return "The header declares more audio than the file holds, or a streaming placeholder size. The system may "
                + "play it cut short or refuse it; soundcheck counts only the whole frames present. `soundcheck fix` rewrites it."
        case .unsupportedEncoding:
            return "The container is right but the audio inside is AAC, ALAC, MS ADPCM, GSM or another codec the "
                + "notification system does not decode. `soundcheck fix FILE` re-encodes it as IMA4."
        case .tooLong:
            return "A notification sound must last under 30 seconds; exactly 30.000 s is not under. A longer sound "
                + "is not played and the default sound plays instead. `soundcheck fix FILE` cuts it with a short fade."
        case .extensionMismatch:
            return "The name's extension says one container and the bytes another. The system reads the bytes, but "
                + "tools and people read the name; rename the file to its real extension (and use the new name in the app)."
        case .unusualFormat:
            return "Valid, but outside what devices are tested with: more than two channels, a sample rate outside "
                + "8–48 kHz, or 64-bit samples. Convert it to mono or stereo, 16-bit, at a common rate."
        case .longForBanner:
            return "Longer than the duration given with --warn-over: the sound goes on after the banner has gone."
        case .shadowed:
            return "The system searches the app container's Library/Sounds, then each app group's, then the bundle, "
                + "and plays the first file of the name it finds. This file comes after another of the same name, so it never plays."
        case .caseConflict:
            return "Two sounds whose names differ only by case: a device's file system tells them apart, but the "
                + "Simulator's and a Mac's may not. Give them distinct names."
        case .notBundled:
            return "The file is in the project folder but no target's Copy Bundle Resources phase (or synchronized "
                + "folder) copies it, so the app does not contain it and a payload naming it plays the default sound. "
                + "Add it to the app target, or delete it."
        case .notAtBundleRoot:
            return "The system looks for a sound only at the root of the bundle (and in Library/Sounds). A folder "
                + "reference (a blue folder) or a bundle copies the file into a subfolder, where it is never found. "
                + "Add the file itself to the target."
        case .missing:
            return "The project (or the Expo config) copies a sound that is not on disk: the build fails or the app "
                + "ships without it. Restore the file or remove the reference."
        case .duplicateName:
            return "Two files of one target land at the same name in the bundle: one overwrites the other, and which "
                + "one ships depends on the build order. Rename one of them."
        case .inAssetCatalog:
            return "Asset catalogs are compiled into Assets.car, so a sound inside one is no file of the bundle and "
                + "cannot be named in a notification. Add the sound file to the target as a resource instead."
        case .notShipped:
            return "`validate` on a repository judges each sound by the platform that ships it: an Xcode target's copies "
                + "by Apple's rules, an Android res/raw folder's by Android's, an Expo config's sounds by both. This file "
                + "is shipped by no app found there (documentation, tests, a designer's source files), so neither set of "
                + "rules applies. Ship it, delete it, or exclude its folder (--exclude, or exclude: in .soundcheck.yml); "
                + "--platform ios judges every sound by Apple's rules instead."
        case .configNotRead:
            return "An Expo config in JavaScript or TypeScript (app.config.js, app.config.ts), or a Tuist Project.swift, "
                + "is a program: soundcheck does not run it, and reads it as text only where it spells out its sounds "
                + "(the expo-notifications plugin's sounds; each Tuist target's name, product and resources) as literals. "
                + "Else the sounds it names are checked only where the repository's folders show them (ios/, android/, a "
                + "prebuilt project). For a full check, write the JSON it evaluates to (`npx expo config --json > "
                + "app.config.json`) and validate that, or run `tuist generate` and validate the project. A note never "
                + "fails a run."
        case .appSound:
            return "A sound the app plays itself is no notification sound: a call tone played with AVAudioPlayer, a UI sound "
                + "played with AudioServices, a Flutter asset played with audioplayers. soundcheck tells them apart by the "
                + "code that names them (see purpose-unknown); `--strict` holds them to the notification rules all the same. "
                + "Flutter bundles the assets its pubspec.yaml lists into flutter_assets, inside the app, where the app "
                + "plays them itself (audioplayers, just_audio). Neither platform's notifications look there: a notification "
                + "sound must be in the iOS bundle's root (added in Xcode) and in Android's res/raw. So notification rules "
                + "are not applied to the asset; copy it to both places if a notification should play it. Likewise a sound "
                + "a React Native or Expo app's JavaScript requires or imports (require(\"./tap.mp3\")): Metro packs it "
                + "with the JavaScript bundle's assets, not where a notification looks. And a Cordova app's www/ files "
                + "(the bundle's www/ folder) and a Capacitor app's web files (the bundle's public/ folder), which a "
                + "<resource-file> in config.xml, or the Xcode target and res/raw, must copy to where notifications look."
        case .unknownSoundName:
            return "validate reads the names the code asks for (UNNotificationSound(named:), R.raw.name, "
                + "RawResourceAndroidNotificationSound, a JavaScript or server body's sound:, android_sound, ios_sound) and "
                + "resolves each against what the platform ships: an iOS name is a file name in the bundle (with its "
                + "extension, exact case), an Android name a raw resource name (no extension). A name nothing answers plays "
                + "the default sound. The hint says what is near: another extension, another case, a path, or a sound only "
                + "the other platform ships. Each name goes to the platform its API serves (a channel is Android's, "
                + "DarwinNotificationDetails iOS's) or that a Platform.OS test around it selects. A name a known API or a push "
                + "body's platform field asks for is an error; one found only through a generic sound: key in a file about "
                + "notifications is a warning (--strict or a rule raises it). --no-names turns the cross-check off."
        case .androidResourcePackage:
            return "Android resolves android.resource://PACKAGE/raw/NAME in the app installed as PACKAGE. A build type or "
                + "product flavor with applicationIdSuffix (\".debug\") or its own applicationId installs another id, and "
                + "there a URI that spells the package plays the default sound, since the package it names is not there. "
                + "validate reads the module's build.gradle or build.gradle.kts (defaultConfig's applicationId, else its "
                + "namespace; each variant's suffix and id) and reports the URI's line, naming each variant that installs "
                + "another id. Build the URI from the running app's package instead: \"android.resource://\" + "
                + "context.packageName + \"/raw/NAME\", or Uri.Builder().scheme(ContentResolver.SCHEME_ANDROID_RESOURCE)"
                + ".authority(context.packageName).appendPath(\"raw\").appendPath(\"NAME\")."
        case .namesAtRunTime:
            return "A call that names its sound with a variable, a constant defined elsewhere or a server value cannot be "
                + "checked by reading the code; the count says how much the cross-check did not cover. Check those names "
                + "with `soundcheck resolve --names -` or `resolve --payload` on real bodies."
        case .unusedSound:
            return "A sound the apps ship that no code names and no push body sample asks for: dead weight in the bundle, or "
                + "a name the code builds at run time. Off by default; --strict shows it, and rules: unused-sound: warning "
                + "in .soundcheck.yml makes it count."
        case .purposeUnknown:
            return "In a repository, soundcheck reads the app's code for what each shipped sound is for: a string literal "
                + "naming it in a file that calls a notification API (UNNotificationSound, a NotificationChannel, "
                + "flutter_local_notifications, expo-notifications, notifee) makes it a notification sound; one only in files "
                + "that play sounds themselves (AVAudioPlayer, AudioServices, a bundle lookup, MediaPlayer, audioplayers) makes "
                + "it the app's own, judged by no notification rule. No code, push body or config named this one, so it is "
                + "judged as a notification sound, but what would fail it as one (its format, its length, its place in the "
                + "bundle) is a warning, not an error: it may be a game's effect or a ringtone the app plays itself. A name "
                + "built by concatenation ('calls_' + tone) names every shipped file it can build. What breaks the build "
                + "(a missing file, an invalid Android resource name) stays an error. Evidence raises the warnings to "
                + "errors: `notification-sounds:` globs in .soundcheck.yml that cover the sound, or --strict. A file name "
                + "spelled only where no call shows what for (a table of names the code reads at run time) is named in the "
                + "note."
        case .androidResourceName:
            return "Android names a raw resource by its file name up to the first dot, and a file-based resource name "
                + "may hold only lower-case a–z, 0–9 and _, and cannot start with a digit (R.raw.2tone is no Java identifier): aapt refuses anything else (\"Invalid "
                + "file name: must contain only [a-z0-9_.]\") and the build fails. Rename the file, and the names that ask for it."
        case .androidDuplicateResource:
            return "Two files of one res/raw folder with the same name before the first dot (chime.mp3 and chime.ogg) are "
                + "one resource twice: aapt2 fails with \"Resource entry chime is already defined\". Keep one of them."
        case .androidRemovedInRelease:
            return "With shrinkResources on in the release build type (Flutter's Gradle plugin turns it on for apps unless the "
                + "module's build file turns it off), the resource shrinker removes every resource compiled code does not "
                + "reference. It sees R.raw.name in Java or Kotlin, a keep rule, and (in safe mode, when code calls "
                + "getIdentifier) a string constant spelling the name. It cannot see a name in Dart, JavaScript or a push "
                + "body: the sound works in debug and is missing, or empty, in release, and the default sound plays. Keep it "
                + "with res/raw/keep.xml: <resources xmlns:tools=\"http://schemas.android.com/tools\" tools:keep=\"@raw/name\" />. "
                + "A tools:discard rule that names it removes it on purpose. When the repository names the sound only where the "
                + "shrinker does not look (a string in any code, a push body, a URI built from a template), it is an error on "
                + "that place; when no code, XML or config names it at all, it is a warning: it may be a leftover, or a name "
                + "only a server's push body sends, and then it needs the same keep rule."
        case .requestedSoundFails:
            return "A notification API asks for a sound by name, and the app ships a file of that name, but the file fails "
                + "the rules of the platform asked (an MP3 in the iOS bundle, a sound of 30 s or more, a CAF as an Android "
                + "raw resource): the notification plays the default sound. The file has its own error; this finding puts "
                + "the same failure on the line that asks for it, which is the line a developer reads. Fix the file (its own "
                + "finding says how), or ask for a file that passes."
        case .androidUnsupportedFormat:
            return "Android plays the formats in its supported-media-formats table: 8- and 16-bit Linear PCM WAV, MP3, AAC "
                + "in MP4/M4A/3GP or ADTS, FLAC, Vorbis and Opus in Ogg, AMR and MIDI. AIFF and CAF are not among them: "
                + "a notification naming such a file plays the default sound, or none. Other WAV encodings (24-bit, float, "
                + "µLaw) play on some devices only (a warning). Convert it to 16-bit WAV, which both platforms play."
        case .silent:
            return "With --listen (or listen: true in .soundcheck.yml) soundcheck decodes each sound and looks for a sample "
                + "above -60 dBFS. A notification sound with none plays nothing the user can hear, and the app cannot turn it "
                + "up: iOS plays a notification's sound at the ringer's volume, Android at the channel's. Some sounds are "
                + "silent on purpose, such as a silent.mp3 given to CallKit as a ringtone or a silence an app plays itself: a "
                + "sound the code shows the app plays itself, or whose file name says silent, silence or mute, gets a note "
                + "instead of a warning. Otherwise export the sound again from its source."
        case .quiet:
            return "soundcheck measures a sound's integrated loudness as ITU-R BS.1770-4 defines it (K-weighted, gated, in "
                + "LUFS) and compares it with the target (--loudness-target, loudness-target: in .soundcheck.yml; the default "
                + "and why are in docs/loudness.md). A sound more than --quiet-margin LU (default 10) below the target is "
                + "barely heard beside the system's own sounds, and the app cannot raise its volume: the device plays it at "
                + "the ringer's or the channel's. `soundcheck fix --loudness TARGET FILE` brings it to the target: by gain "
                + "alone where that keeps the true peak at or under -1 dBTP, else by gain and a true-peak limiter."
        case .clipped:
            return "The true peak is the signal's highest level between its samples (ITU-R BS.1770-4 Annex 2, measured 4x "
                + "oversampled). Above 0 dBTP (--max-true-peak) a device's converter or resampler clips it, heard as "
                + "distortion on a phone's small speaker; runs of consecutive samples at full scale show it was clipped when "
                + "it was made. `soundcheck fix --loudness TARGET FILE` brings it to the target under a -1 dBTP ceiling; "
                + "samples already clipped stay flat, so export it again from its source for a clean sound."
        case .lateStart:
            return "A notification's banner shows before its sound starts: a sound whose first sample above -60 dBFS comes "
                + "more than 0.5 s (--late-start) after its start is heard late, or after the banner is gone. "
                + "`soundcheck fix --trim-silence FILE` removes the leading silence down to 10 ms before the first audible "
                + "sample, and the trailing silence after the last, and says how many frames it removed from each end."
        case .notHeard:
            return "--listen decodes each sound to measure it. This one could not be decoded (a damaged or cut-short audio "
                + "stream, a codec no installed library reads), so its loudness, silence and peaks are unknown; the "
                + "message says why. A note never fails a run."
        }
    }
}
