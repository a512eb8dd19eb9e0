import Foundation
import NIOCore
import Vapor

/// Rendered web pages, handed out again while what they show is unchanged.
///
/// The caller names a page by `Key` and says what it shows by `Version`, read
/// from the database on every request (a book's revision, say), before the
/// page's own data is read: a kept page is never older than the version it is
/// kept under, and a process behind a load balancer never hands out a page
/// another process's write has changed. The cache adds to the key what every
/// page depends on: the signed-in user, the interface language and the name in
/// the top bar.
///
/// The session's CSRF token is in a page's forms but is not kept: a page is
/// rendered with a random placeholder in its place, kept as the pieces
/// between placeholders, and joined around the requesting session's token.
/// The placeholder is letters and digits, which HTML escaping leaves as they
/// are, and is never sent, so no stored text can forge it.
struct RenderedPageCache<Key: Hashable & Sendable, Version: Equatable & Sendable>: Sendable {
    private struct FullKey: Hashable, Sendable {
        let page: Key
        let userID: UUID
        let language: String
    }

    private struct Page: Sendable {
        let version: Version
        let shownName: String?
        let pieces: [ByteBuffer]
    }

    private let pages: ByteLimitedCache<FullKey, Page>
    let placeholder = "csrf" + [UInt8].random(count: 16).hex

    init(byteLimit: Int) {
        pages = ByteLimitedCache(byteLimit: byteLimit)
    }

    /// The page kept for `key` at `version`, or one rendered from `data()`
    /// and kept. A page with a one-time flash message is rendered and not kept.
    func page<D: Encodable & Sendable>(
        _ key: Key, at version: Version, for req: Request, template: String, title: String,
        nav: String, data: () async throws -> D
    ) async throws -> Response {
        guard let (fullKey, user) = keepable(key, for: req) else {
            return try await req.renderPage(
                template, title: title, nav: nav, data: try await data())
        }
        if let kept = kept(fullKey, for: user, at: version, req) { return kept }
        let token = CSRFMiddleware.token(for: req)
        let html = try await req.renderedPage(
            template, title: title, nav: nav, data: try await data(), csrf: placeholder)
        let pieces = Self.split(html, at: placeholder)
        pages.set(
            Page(version: version, shownName: user.shownName, pieces: pieces),
            bytes: html.readableBytes, for: fullKey)
        return req.pageResponse(Self.joined(pieces, around: token), status: .ok)
    }

    /// The page kept for `key` at `version`, if there is one to hand out
    /// now: nothing is read or rendered, so it can go out without a task.
    func keptPage(_ key: Key, at version: Version, for req: Request) -> Response? {
        guard let (fullKey, user) = keepable(key, for: req) else { return nil }
        return kept(fullKey, for: user, at: version, req)
    }

    /// The page kept under `fullKey` at `version`, joined around the
    /// session's token; nil when none is kept for it.
    private func kept(_ fullKey: FullKey, for user: User, at version: Version, _ req: Request)
        -> Response?
    {
        guard let page = pages.value(for: fullKey), page.version == version,
            page.shownName == user.shownName
        else { return nil }
        let token = CSRFMiddleware.token(for: req)
        return req.pageResponse(Self.joined(page.pieces, around: token), status: .ok)
    }

    /// What `key`'s page is kept under for this request, and for whom; nil
    /// when it is not kept: no one signed in, or a flash message to show once.
    private func keepable(_ key: Key, for req: Request) -> (FullKey, User)? {
        guard let user = req.auth.get(User.self), let userID = user.id, req.hasSession,
            req.session.data["flash"] == nil, req.session.data["flashError"] == nil
        else { return nil }
        let fullKey = FullKey(
            page: key, userID: userID, language: Localizer.language(for: req).rawValue)
        return (fullKey, user)
    }

    var statistics: (bytes: Int, count: Int, hits: Int, misses: Int) { pages.statistics }

    /// The page's pieces around each `placeholder`, found with `memchr`
    /// (a byte-by-byte walk over the buffer's view was 4.6% of a made page).
    static func split(_ html: ByteBuffer, at placeholder: String) -> [ByteBuffer] {
        let mark = Array(placeholder.utf8)
        guard let first = mark.first else { return [html] }
        let found: [Int] = html.withUnsafeReadableBytes { bytes in
            guard let base = bytes.baseAddress else { return [] }
            var offsets: [Int] = []
            var index = 0
            while index + mark.count <= bytes.count,
                let hit = memchr(base + index, Int32(first), bytes.count - index - mark.count + 1)
            {
                let offset = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(hit, mark, mark.count) == 0 {
                    offsets.append(offset)
                    index = offset + mark.count
                } else {
                    index = offset + 1
                }
            }
            return offsets
        }
        var pieces: [ByteBuffer] = []
        var start = 0
        for offset in found {
            pieces.append(
                html.getSlice(at: html.readerIndex + start, length: offset - start) ?? ByteBuffer())
            start = offset + mark.count
        }
        pieces.append(
            html.getSlice(at: html.readerIndex + start, length: html.readableBytes - start)
                ?? ByteBuffer())
        return pieces
    }

    static func joined(_ pieces: [ByteBuffer], around token: String) -> ByteBuffer {
        var out = ByteBuffer()
        out.reserveCapacity(
            pieces.reduce(0) { $0 + $1.readableBytes } + (pieces.count - 1) * token.utf8.count)
        for (index, piece) in pieces.enumerated() {
            if index > 0 { out.writeString(token) }
            out.writeImmutableBuffer(piece)
        }
        return out
    }
}
