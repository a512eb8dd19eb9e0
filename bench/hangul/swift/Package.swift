// swift-tools-version:6.0
// The Swift side of bench/hangul: a release-built executable that times the `Hangul`
// product of the main package. Build it through bench/hangul/run.sh, which uses its own
// scratch path (bench/hangul/.build) so it never waits for the main checkout's lock.
import Foundation
import PackageDescription

// A path dependency is known by the name of its folder (lower-cased), which depends on
// where the repository was checked out ("main", "maeil" …): work it out.
let mainPackage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().appendingPathComponent("../../..").standardizedFileURL
let mainIdentity = mainPackage.lastPathComponent.lowercased()

let package = Package(
    name: "HangulBench",
    dependencies: [.package(path: mainPackage.path)],
    targets: [
        .executableTarget(
            name: "hangul-bench",
            dependencies: [.product(name: "Hangul", package: mainIdentity)]
        )
    ],
    swiftLanguageModes: [.v6]
)
