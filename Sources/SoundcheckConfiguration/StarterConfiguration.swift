extension Configuration {
    /// The commented starting file `soundcheck init` writes: every key, with its default or an
    /// example, so that reading it teaches the format. It parses to an empty-but-for-defaults
    /// configuration (a test holds it to that).
    public static let starterText = """
        # soundcheck's settings for this folder and the folders below it. soundcheck reads the nearest
        # .soundcheck.yml from the current folder upward (--config FILE names another, --no-config
        # reads none). A flag given on the command line wins over a setting here; paths here are
        # relative to this file's folder.

        # Sounds must last strictly under this many seconds (Apple's limit is 30).
        max-duration: 30

        # Warn about sounds longer than this many seconds (the time a banner stays on screen).
        # warn-over: 5

        # Fail files that have warnings too.
        strict: false

        # What `soundcheck validate` checks when it is given no path: files, folders, Xcode
        # projects, Expo configs, built .app folders or .ipa archives.
        # paths:
        #   - Sounds
        #   - App.xcodeproj

        # Only check files in folders whose path or name matches one of these globs; never those in
        # folders matching an exclude glob.
        # include: ["*/Sounds"]
        # exclude: ["*/Pods/*"]

        # The app's sound folders, checked as the system searches them: data container, app groups
        # (in search order), bundle (.app or .ipa).
        # container: Build/Container
        # groups: [Build/GroupContainer]
        # bundle: Build/Products/App.app

        # Which platforms' sounds to judge in a repository: ios, android, or all (each sound by the
        # platform that ships it).
        # platforms: all

        # Sounds that are notification sounds: in a repository, what fails them is an error even
        # where no code names them (else a warning) or the code shows the app plays them itself
        # (globs, relative to this folder). --strict holds every sound to the rules.
        # notification-sounds: ["Sounds/*.caf"]

        # A finding code's severity: error, warning or off. `soundcheck codes` lists the codes.
        rules:
        #   long-for-banner: error
        #   unusual-format: off

        # Findings accepted for known files: a glob (relative to this folder, or a file name) and
        # the codes to accept for the files it matches.
        # ignore:
        #   - path: Sounds/legacy-alarm.caf
        #     codes: [too-long]

        # Decode every sound and measure it as ITU-R BS.1770 does (validate --listen): silent (no
        # sample above -60 dBFS), quiet (loudness more than quiet-margin LU below loudness-target,
        # in LUFS), clipped (true peak above max-true-peak dBTP, or runs of full-scale samples),
        # late-start (more than late-start seconds of silence first). Without it only headers are read.
        # listen: true
        # loudness-target: -16
        # quiet-margin: 10
        # late-start: 0.5
        # max-true-peak: 0

        # The findings this repository had when it adopted soundcheck, which `validate` accepts:
        # only new ones fail. `soundcheck validate --write-baseline soundcheck-baseline.json`
        # records them.
        # baseline: soundcheck-baseline.json

        """
}
