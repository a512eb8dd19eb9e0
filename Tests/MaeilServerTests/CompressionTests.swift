import Foundation
import Testing
import Vapor
import VaporTesting

@testable import MaeilServer

@Suite("Compression")
struct CompressionTests {
    /// Text answers (JSON, HTML, CSS, SVG) are gzipped for clients that ask.
    @Test func textIsGzippedWhenAsked() async throws {
        try await withMaeilApp { app in
            let api = try await API.signUp(app)
            let book = try await api.createBook("Fruit")
            for i in 1...30 { _ = try await api.addWord(book.id, "apple\(i)", "사과 \(i)") }
            let token = try #require(api.token)
            try await LiveServer.run(app) { server in
                for (path, type) in [
                    ("/api/v1/books/\(book.id)/words", "application/json"),
                    ("/login", "text/html"), ("/css/app.css", "text/css"),
                    ("/favicon.svg", "image/svg+xml"),
                ] {
                    let asked = try await server.send(
                        .GET, path,
                        headers: ["Authorization": "Bearer \(token)", "Accept-Encoding": "gzip"])
                    #expect(asked.status == .ok, "\(path)")
                    #expect(asked.headers.first(name: .contentType)?.hasPrefix(type) == true)
                    #expect(asked.headers.first(name: .contentEncoding) == "gzip", "\(path)")
                    let plain = try await server.send(
                        .GET, path, headers: ["Authorization": "Bearer \(token)"])
                    #expect(plain.headers.first(name: .contentEncoding) == nil, "\(path)")
                    #expect((asked.body?.readableBytes ?? 0) < (plain.body?.readableBytes ?? 0))
                }
            }
        }
    }
}

@Suite("Static assets")
struct StaticAssetTests {
    /// Pages link each script and stylesheet by its content's hash; that
    /// address may be cached for good, any other revalidates by ETag.
    @Test func versionedAddressesAreImmutableOthersRevalidate() async throws {
        try await withMaeilApp { app in
            let login = try await app.testing().sendRequest(.GET, "/login")
            let html = login.body.string
            let linked = html.matches(
                of: /(?:src|href)="(\/(?:css|js)\/[a-z-]+\.(?:css|js))\?v=([0-9a-f]{12})"/
            )
            .map { (String($0.output.1), String($0.output.2)) }
            #expect(linked.contains { $0.0 == "/css/app.css" }, "\(html.prefix(600))")
            #expect(linked.contains { $0.0 == "/js/app.js" })
            #expect(!html.contains("\"/js/app.js\""), "every script is linked by version")
            for (path, version) in linked {
                let file = try #require(
                    FileManager.default.contents(
                        atPath: app.directory.publicDirectory + String(path.dropFirst())))
                let digest = SHA256.hash(data: file).map { String(format: "%02x", $0) }.joined()
                #expect(digest.hasPrefix(version), "\(path)")

                let current = try await app.testing().sendRequest(.GET, "\(path)?v=\(version)")
                #expect(current.status == .ok)
                #expect(
                    current.headers.first(name: .cacheControl)
                        == "public, max-age=31536000, immutable")
                let etag = try #require(current.headers.first(name: .eTag))

                let stale = try await app.testing().sendRequest(.GET, "\(path)?v=000000000000")
                #expect(stale.headers.first(name: .cacheControl) == "no-cache")
                let again = try await app.testing().sendRequest(
                    .GET, path, headers: ["If-None-Match": etag])
                #expect(again.status == .notModified, "\(path)")
            }
        }
    }
}
