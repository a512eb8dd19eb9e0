import Foundation
import Leaf
import Vapor

/// The files under `Public/`, each with a short hash of its content. Pages
/// link `/css/app.css?v=<hash>` (the `#asset("/css/app.css")` tag), so a
/// browser may keep a file for a year without asking again: a changed file
/// gets a new address. Read once at start.
struct StaticAssets: Sendable {
    /// "/css/app.css" → the first 12 hex digits of its SHA-256.
    let versions: [String: String]

    init(publicDirectory: String) {
        let root = URL(fileURLWithPath: publicDirectory).standardizedFileURL
        var versions: [String: String] = [:]
        let files = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let file = files?.nextObject() as? URL {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
                let data = try? Data(contentsOf: file)
            else { continue }
            let path = String(file.standardizedFileURL.path.dropFirst(root.path.count))
            versions[path.hasPrefix("/") ? path : "/" + path] = String(
                SHA256.hash(data: data).hex.prefix(12))
        }
        self.versions = versions
    }

    /// The address to link: versioned when the file exists.
    func url(_ path: String) -> String {
        versions[path].map { "\(path)?v=\($0)" } ?? path
    }
}

/// `#asset("/js/app.js")` in a template: the file's versioned address.
struct AssetTag: LeafTag {
    let assets: StaticAssets

    func render(_ ctx: LeafContext) throws -> LeafData {
        try ctx.requireParameterCount(1)
        guard let path = ctx.parameters[0].string else {
            throw Abort(.internalServerError, reason: "#asset takes the file's path")
        }
        return .string(assets.url(path))
    }
}

/// Serves the files `StaticAssets` found under `Public/`; any other request
/// goes on to the routes without touching the disk (Vapor's `FileMiddleware`
/// alone asked the file system about every request, API calls included: a
/// hop to its thread pool and a `stat` each).
///
/// A request for the current version of a file may be cached for good
/// (`immutable`); any other request for a static file revalidates with its
/// ETag (answered 304 when unchanged).
struct PublicFilesMiddleware: Middleware {
    let assets: StaticAssets
    let files: FileMiddleware

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard let version = assets.versions[request.url.path] else {
            return next.respond(to: request)
        }
        return files.respond(to: request, chainingTo: next).map { response in
            guard response.status == .ok || response.status == .notModified else { return response }
            let current = (try? request.query.get(String.self, at: "v")) == version
            response.headers.replaceOrAdd(
                name: .cacheControl,
                value: current ? "public, max-age=31536000, immutable" : "no-cache")
            return response
        }
    }
}
