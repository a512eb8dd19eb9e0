import Foundation
import LeafKit
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
/// The pages of one list differ only in a few parts (its rows, its pager, the
/// address its forms return to). The rest, the frame, is rendered once with a
/// placeholder in each part and kept under the list's `Frame`; each page is
/// its frame joined around its own parts, so paging through a list renders no
/// template. The session's CSRF token is one more placeholder, in pages and
/// frames alike: it is never kept, and each session gets its own.
///
/// A placeholder is letters and digits, which HTML escaping leaves as they
/// are, random for the process and never sent, so no stored text can forge it.
struct RenderedPageCache<
    Key: Hashable & Sendable, Frame: Hashable & Sendable, Version: Equatable & Sendable
>: Sendable {
    /// A part of a list's page that changes from one page to the next.
    enum Part: Sendable, Equatable {
        /// HTML, which the template writes as it is (`#unsafeHTML`).
        case html(String)
        /// Text, which the template escapes (`#(…)`).
        case text(String)

        /// What the template is given.
        var value: String {
            switch self {
            case .html(let html): html
            case .text(let text): text
            }
        }

        /// What the page shows: text escaped as Leaf escapes it, so a page
        /// joined from its frame is the page Leaf would render.
        var html: String {
            switch self {
            case .html(let html): html
            case .text(let text): text.htmlEscaped()
            }
        }
    }

    private struct FullKey<Name: Hashable & Sendable>: Hashable, Sendable {
        let name: Name
        let userID: UUID
        let language: String
    }

    /// A rendered page or frame: the pieces between its placeholders, and
    /// which placeholder each gap between two pieces is (0 the CSRF token,
    /// `n` the `n`th part).
    struct Pieces: Sendable, Equatable {
        var pieces: [ByteBuffer]
        var gaps: [Int]
    }

    private struct Kept: Sendable {
        let version: Version
        let shownName: String?
        let pieces: Pieces
    }

    private let pages: ByteLimitedCache<FullKey<Key>, Kept>
    private let frames: ByteLimitedCache<FullKey<Frame>, Kept>
    /// The start of every placeholder; a letter after it says which.
    let mark = "slot" + [UInt8].random(count: 16).hex

    init(byteLimit: Int, frameByteLimit: Int = 0) {
        pages = ByteLimitedCache(byteLimit: byteLimit)
        frames = ByteLimitedCache(byteLimit: frameByteLimit)
    }

    /// Placeholder `index`: 0 for the CSRF token, `n` for the `n`th part.
    func placeholder(_ index: Int) -> String {
        mark + String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index)))
    }

    /// The page joined from the frame kept for `frame` around `parts`, or
    /// rendered from `data`, given the strings to show in place of the parts
    /// (their values, or placeholders), and kept for `key`. The caller asks
    /// `keptPage` first, before it reads the page's data. A page with a
    /// one-time flash message is rendered and not kept.
    func page<D: Encodable & Sendable>(
        _ key: Key, frame: Frame, parts: [Part], at version: Version, for req: Request,
        template: String, title: String, nav: String, data: ([String]) -> D
    ) async throws -> Response {
        precondition(parts.count < 26, "a placeholder is one letter")
        guard let (userID, language, user) = keepable(req) else {
            return try await req.renderPage(
                template, title: title, nav: nav, data: data(parts.map(\.value)))
        }
        let frameKey = FullKey(name: frame, userID: userID, language: language)
        let framed: Pieces
        if let kept = Self.current(frames, frameKey, at: version, for: user) {
            framed = kept
        } else {
            let html = try await req.renderedPage(
                template, title: title, nav: nav,
                data: data(parts.indices.map { placeholder($0 + 1) }), csrf: placeholder(0))
            framed = Self.split(html, at: mark)
            frames.set(
                Kept(version: version, shownName: user.shownName, pieces: framed),
                bytes: html.readableBytes, for: frameKey)
        }
        let page = Self.filled(framed, with: [nil] + parts.map(\.html))
        pages.set(
            Kept(version: version, shownName: user.shownName, pieces: page),
            bytes: page.pieces.reduce(0) { $0 + $1.readableBytes },
            for: FullKey(name: key, userID: userID, language: language))
        return response(page, req)
    }

    /// The page kept for `key` at `version`, if there is one to hand out
    /// now: nothing is read or rendered, so it can go out without a task.
    func keptPage(_ key: Key, at version: Version, for req: Request) -> Response? {
        guard let (userID, language, user) = keepable(req),
            let page = Self.current(
                pages, FullKey(name: key, userID: userID, language: language), at: version,
                for: user)
        else { return nil }
        return response(page, req)
    }

    /// What `cache` keeps under `key`, if it was made at `version` for the
    /// name `user` has now in the top bar.
    private static func current<Name>(
        _ cache: ByteLimitedCache<FullKey<Name>, Kept>, _ key: FullKey<Name>,
        at version: Version, for user: User
    ) -> Pieces? {
        guard let kept = cache.value(for: key), kept.version == version,
            kept.shownName == user.shownName
        else { return nil }
        return kept.pieces
    }

    /// `page` with the session's CSRF token in its gaps, as the answer.
    private func response(_ page: Pieces, _ req: Request) -> Response {
        let token = CSRFMiddleware.token(for: req)
        let html = Self.filled(page, with: [token]).pieces[0]
        return req.pageResponse(html, status: .ok)
    }

    /// Who a page is kept for; nil when it is not kept: no one signed in, or
    /// a flash message to show once.
    private func keepable(_ req: Request) -> (UUID, String, User)? {
        guard let user = req.auth.get(User.self), let userID = user.id, req.hasSession,
            req.session.data["flash"] == nil, req.session.data["flashError"] == nil
        else { return nil }
        return (userID, Localizer.language(for: req).rawValue, user)
    }

    var statistics: (bytes: Int, count: Int, hits: Int, misses: Int) { pages.statistics }
    var frameStatistics: (bytes: Int, count: Int, hits: Int, misses: Int) { frames.statistics }

    /// The pieces of `html` around each placeholder (`mark` and one letter),
    /// found with `memchr` (a byte-by-byte walk over the buffer's view was
    /// 4.6% of a made page).
    static func split(_ html: ByteBuffer, at mark: String) -> Pieces {
        let mark = Array(mark.utf8)
        guard let first = mark.first else { return Pieces(pieces: [html], gaps: []) }
        let found: [(offset: Int, gap: Int)] = html.withUnsafeReadableBytes { bytes in
            guard let base = bytes.baseAddress else { return [] }
            var found: [(Int, Int)] = []
            var index = 0
            while index + mark.count < bytes.count,
                let hit = memchr(base + index, Int32(first), bytes.count - index - mark.count)
            {
                let offset = base.distance(to: UnsafeRawPointer(hit))
                let letter = bytes[offset + mark.count]
                if memcmp(hit, mark, mark.count) == 0, letter >= UInt8(ascii: "a"),
                    letter <= UInt8(ascii: "z")
                {
                    found.append((offset, Int(letter - UInt8(ascii: "a"))))
                    index = offset + mark.count + 1
                } else {
                    index = offset + 1
                }
            }
            return found
        }
        var pieces: [ByteBuffer] = []
        var start = 0
        for (offset, _) in found {
            pieces.append(
                html.getSlice(at: html.readerIndex + start, length: offset - start) ?? ByteBuffer())
            start = offset + mark.count + 1
        }
        pieces.append(
            html.getSlice(at: html.readerIndex + start, length: html.readableBytes - start)
                ?? ByteBuffer())
        return Pieces(pieces: pieces, gaps: found.map(\.gap))
    }

    /// `pieces` with each gap `values` has a value for written in; the others
    /// stay gaps. The pieces are slices of one buffer of the page's size: kept
    /// pages count their bytes, and a buffer per piece, each grown by
    /// doubling, held two to three times what was counted.
    static func filled(_ pieces: Pieces, with values: [String?]) -> Pieces {
        var out = ByteBuffer()
        out.reserveCapacity(
            pieces.pieces.reduce(0) { $0 + $1.readableBytes }
                + pieces.gaps.reduce(0) {
                    $0 + ($1 < values.count ? values[$1]?.utf8.count ?? 0 : 0)
                })
        var open: [(offset: Int, gap: Int)] = []
        out.writeImmutableBuffer(pieces.pieces[0])
        for (index, gap) in pieces.gaps.enumerated() {
            if gap < values.count, let value = values[gap] {
                out.writeString(value)
            } else {
                open.append((out.readableBytes, gap))
            }
            out.writeImmutableBuffer(pieces.pieces[index + 1])
        }
        guard !open.isEmpty else { return Pieces(pieces: [out], gaps: []) }
        var start = 0
        var slices: [ByteBuffer] = []
        for (offset, _) in open {
            slices.append(out.getSlice(at: start, length: offset - start) ?? ByteBuffer())
            start = offset
        }
        slices.append(out.getSlice(at: start, length: out.readableBytes - start) ?? ByteBuffer())
        return Pieces(pieces: slices, gaps: open.map(\.gap))
    }
}
