import Testing

@testable import AppContents

/// A Tuist `Project.swift` is read, never run, where its `Project(…)` lists targets written out
/// with literal names, products and resources; a manifest that computes any of them is not read.
@Suite("Tuist manifests")
struct TuistManifestTests {
    private func targets(_ text: String) -> [TuistManifest.Target]? {
        TuistManifest(Array(text.utf8), path: "Project.swift")?.targets
    }

    @Test("Tuist 4's .target(…): globs, .glob(pattern:excluding:), .folderReference(path:), other arguments computed")
    func tuist4() throws {
        // As public manifests write it: bundleId, dependencies and settings from constants.
        let read = try #require(
            targets(
                """
                import ProjectDescription

                let bundleID = "com.example.app"
                let project = Project(
                    name: "App",
                    targets: [
                        .target(
                            name: "App",
                            destinations: .iOS,
                            product: .app,
                            bundleId: bundleID,
                            infoPlist: .extendingDefault(with: infoPlist),
                            sources: ["App/Sources/**"],
                            resources: [
                                "App/Resources/**", // every file
                                .glob(pattern: "Sounds/*.{caf,wav}", excluding: ["Sounds/draft-*"]),
                                .folderReference(path: "Tones"),
                            ],
                            dependencies: [.target(name: "NotificationService")],
                            settings: .settings(base: ["CODE_SIGN_STYLE": "Automatic"])
                        ),
                        .target(name: "NotificationService", destinations: .iOS, product: .appExtension, bundleId: "\\(bundleID).nse", sources: ["NSE/**"]),
                        .target(name: "Mac", destinations: .macOS, product: .app, bundleId: "m", resources: nil),
                        .target(name: "AppTests", destinations: .iOS, product: .unitTests, bundleId: "t"),
                    ]
                )
                """))
        #expect(read.map(\.name) == ["App", "NotificationService", "Mac", "AppTests"])
        #expect(read.map(\.productType).prefix(2) == ["com.apple.product-type.application", "com.apple.product-type.app-extension"])
        #expect(!ProjectTarget.buildsApp(productType: read[3].productType), "a test bundle ships no app")
        #expect(read.map(\.buildsForMacOS) == [false, false, true, false])
        #expect(
            read[0].resources == [
                .glob(pattern: "App/Resources/**", excluding: []),
                .glob(pattern: "Sounds/*.{caf,wav}", excluding: ["Sounds/draft-*"]),
                .folderReference(path: "Tones"),
            ])
        #expect(read[1].resources.isEmpty && read[2].resources.isEmpty)
    }

    @Test("Tuist 3's Target(…) and a let bound to it; .resources([…], privacyManifest:); a single glob string")
    func olderShapes() throws {
        let read = try #require(
            targets(
                """
                import ProjectDescription
                import ProjectDescriptionHelpers

                let widget: Target = Target.target(name: "Widget", destinations: [.iPhone], product: .appExtension, bundleId: "w", resources: "Widget/Resources/**")
                let project = Project(
                    name: "DemoApp",
                    organizationName: "some.org",
                    targets: [
                        Target(
                            name: "DemoApp",
                            platform: .iOS,
                            product: .app,
                            bundleId: "com.demoapp",
                            resources: .resources(["Resources/**"], privacyManifest: .privacyManifest(tracking: false)),
                            dependencies: [.external(name: "FirebaseAnalytics")]
                        ),
                        widget,
                    ]
                )
                """))
        #expect(read.map(\.name) == ["DemoApp", "Widget"])
        #expect(read[0].resources == [.glob(pattern: "Resources/**", excluding: [])])
        #expect(read[1].resources == [.glob(pattern: "Widget/Resources/**", excluding: [])])
    }

    @Test("computed manifests are not read: a helper, a variable, a function, interpolation, a helper-made target")
    func computed() {
        /// A manifest whose `targets:` array holds `list`.
        func project(_ list: String) -> String { "let project = Project(name: \"A\", targets: [\(list)])" }
        let app = ".target(name: \"A\", destinations: .iOS, product: .app, bundleId: \"a\""
        #expect(targets("import ProjectDescription\nimport ProjectDescriptionHelpers\nlet project = Project.app(name: \"App\")\n") == nil)
        #expect(targets(project(app + ", resources: appResources)")) == nil)
        #expect(targets(project(app + ", resources: [.glob(pattern: root + \"/**\")])")) == nil)
        #expect(targets(project(".target(name: \"\\(prefix)App\", destinations: .iOS, product: .app, bundleId: \"a\")")) == nil)
        #expect(targets(project(".target(name: \"A\", destinations: .iOS, product: product, bundleId: \"a\")")) == nil)
        #expect(targets(project(".app(name: \"A\", resources: [\"R/**\"])")) == nil)
        #expect(targets("let project = Project(name: \"A\", targets: makeTargets())") == nil)
        #expect(targets(project(app + ")"))?.map(\.name) == ["A"])
        // A comment that holds a target is no target.
        #expect(targets(project("/* .app(name: \"B\") */"))?.isEmpty == true)
    }

    @Test("strings and comments as Swift reads them: nested comments, raw strings, escapes, back-quoted names")
    func lexed() throws {
        func project(_ list: String) -> String { "let project = Project(name: \"A\", targets: [\(list)])" }
        let app = ".target(name: \"A\", destinations: .iOS, product: .app, bundleId: \"a\""
        // Swift nests block comments: the target inside is commented out.
        let old = ".target(name: \"B\", destinations: .iOS, product: .app, bundleId: \"b\")"
        let nested = project("/* old: /* nested */ " + old + " */ " + app + ")")
        #expect(targets(nested)?.map(\.name) == ["A"])
        // A string holding `//` and `/*`, a comment holding a quote, an escaped quote, a raw string.
        let read = try #require(
            targets(
                project(
                    app + """
                        , resources: [
                            "Sounds//*.caf", // don't ship "Drafts/**"
                            .glob(pattern: "Say \\"hi\\"/*.wav"),
                            #"Raw\\d/**"#,
                        ])
                        """)))
        #expect(
            read.first?.resources == [
                .glob(pattern: "Sounds//*.caf", excluding: []), .glob(pattern: #"Say "hi"/*.wav"#, excluding: []),
                .glob(pattern: #"Raw\d/**"#, excluding: []),
            ])
        // Interpolation, plain or raw, is computed; a back-quoted name is a variable's.
        #expect(targets(project(app + ", resources: [#\"\\#(root)/**\"#])")) == nil)
        #expect(targets(project(".target(name: `default`, destinations: .iOS, product: .app, bundleId: \"a\")")) == nil)
    }
}
