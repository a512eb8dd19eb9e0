// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Maeil",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "maeil", targets: ["maeil"]),
        .library(name: "Hangul", targets: ["Hangul"]),
        .library(name: "Kana", targets: ["Kana"]),
        .library(name: "FSRS", targets: ["FSRS"]),
        .library(name: "Lotto", targets: ["Lotto"]),
        .library(name: "VocabCore", targets: ["VocabCore"]),
        .library(name: "Imaging", targets: ["Imaging"]),
        .library(name: "AnkiPackage", targets: ["AnkiPackage"]),
        .library(name: "MaeilAPI", targets: ["MaeilAPI"]),
        .library(name: "MaeilServer", targets: ["MaeilServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/vapor/vapor.git", from: "4.122.0"),
        .package(url: "https://github.com/vapor/fluent.git", from: "4.13.0"),
        .package(url: "https://github.com/vapor/fluent-sqlite-driver.git", from: "4.9.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", from: "2.14.0"),
        .package(url: "https://github.com/vapor/leaf.git", from: "4.5.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/async-kit.git", from: "1.22.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
    ],
    targets: [
        .target(name: "Hangul"),
        // Romaji ↔ kana with WanaKana's rules; no dependencies.
        .target(name: "Kana"),
        .target(name: "FSRS"),
        // Lotto 6/45: ticket QR codes, ranks and prizes, the draw schedule; no dependencies.
        .target(name: "Lotto"),
        // Image files read to their structure (format, size) and stripped of metadata; no dependencies.
        .target(name: "Imaging"),
        .target(name: "VocabCore", dependencies: ["Hangul", "Kana", "FSRS"]),
        // C libraries opened at run time (dlopen), so that the build never needs them.
        .target(name: "SystemLibraries"),
        // Commands run to their end (posix_spawn) without Foundation's Process; no dependencies.
        .target(name: "ChildProcess", dependencies: ["CChildProcess"]),
        .target(name: "CChildProcess"),
        // Anki's .apkg and .colpkg files read to their parts (collection, media), their
        // fields to text, their review history to FSRS; the collection's SQL is read by the server.
        .target(
            name: "AnkiPackage",
            dependencies: [
                "VocabCore", "FSRS", "SystemLibraries",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // SHA-1 for the notes' checksums (Anki's duplicate check).
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // The wire types of /api/v1: plain Codable, shared by the server, the CLI and the OpenAPI document.
        .target(name: "MaeilAPI"),
        .target(
            name: "MaeilServer",
            dependencies: [
                "MaeilAPI",
                "VocabCore",
                "FSRS",
                "Hangul",
                "Kana",
                "Lotto",
                "Imaging",
                "AnkiPackage",
                "SystemLibraries",
                "ChildProcess",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Vapor", package: "vapor"),
                .product(name: "Fluent", package: "fluent"),
                .product(name: "FluentSQLiteDriver", package: "fluent-sqlite-driver"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Leaf", package: "leaf"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "AsyncKit", package: "async-kit"),
            ],
            resources: [.copy("Resources")]
        ),
        .executableTarget(
            name: "maeil",
            dependencies: [
                "MaeilServer",
                "MaeilAPI",
                "VocabCore",
                "Hangul",
                "Kana",
                "Lotto",
                "Imaging",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What several test targets share: a seeded generator, the shared reference folder.
        .target(
            name: "MaeilTestSupport", dependencies: ["ChildProcess"], path: "Tests/MaeilTestSupport"
        ),
        .testTarget(
            name: "HangulTests", dependencies: ["Hangul", "MaeilTestSupport", "ChildProcess"]),
        .testTarget(name: "ChildProcessTests", dependencies: ["ChildProcess"]),
        .testTarget(name: "KanaTests", dependencies: ["Kana", "MaeilTestSupport"]),
        .testTarget(name: "FSRSTests", dependencies: ["FSRS", "MaeilTestSupport"]),
        .testTarget(name: "LottoTests", dependencies: ["Lotto", "MaeilTestSupport"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "MaeilTestSupport"]),
        .testTarget(name: "VocabCoreTests", dependencies: ["VocabCore", "MaeilTestSupport"]),
        .testTarget(
            name: "AnkiPackageTests",
            dependencies: [
                "AnkiPackage", "MaeilTestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        .testTarget(
            name: "MaeilServerTests",
            dependencies: [
                "MaeilServer",
                "MaeilAPI",
                "VocabCore",
                "MaeilTestSupport",
                "AnkiPackage",
                "Kana",
                "Lotto",
                "Imaging",
                "SystemLibraries",
                "ChildProcess",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "VaporTesting", package: "vapor"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The parsers' libFuzzer binary (`scripts/fuzz.sh`), only when asked for: it links
// libFuzzer, so it builds only with -sanitize=fuzzer.
if Context.environment["MAEIL_FUZZ"] == "1" {
    package.targets += [
        .target(name: "FuzzDriver", path: "Fuzz/Driver"),
        .executableTarget(
            name: "maeil-fuzz",
            dependencies: ["FuzzDriver", "AnkiPackage", "VocabCore", "Hangul", "Kana", "Lotto"],
            path: "Fuzz/Targets"),
    ]
    package.products.append(.executable(name: "maeil-fuzz", targets: ["maeil-fuzz"]))
}
