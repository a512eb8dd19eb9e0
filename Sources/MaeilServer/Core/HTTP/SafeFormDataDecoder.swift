import NIOCore
import Vapor

/// multipart/form-data decoded by MultipartKit, after a check of what its
/// parser would trip on: MultipartKit (4.7.1) looks up every byte of a part's
/// header name in a 128-entry table, so a byte of 0x80 or more there is an
/// index out of range that stops the whole server. One such request, from any
/// signed-in user (the long schemathesis run sent it), or through the sign-in
/// form's CSRF check from anyone, was enough. Registered for every multipart
/// body the app decodes (`ContentConfiguration`).
struct SafeFormDataDecoder: ContentDecoder {
    private let decoder = FormDataDecoder()

    func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders)
        throws -> D
    {
        try decode(decodable, from: body, headers: headers, userInfo: [:])
    }

    func decode<D: Decodable>(
        _ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders,
        userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> D {
        if let boundary = headers.contentType?.parameters["boundary"],
            !MultipartHeaderNames.areSafe(Array(body.readableBytesView), boundary: boundary)
        {
            throw Abort(
                .badRequest, reason: "a part of the form has a header name that is not ASCII")
        }
        return try decoder.decode(decodable, from: body, headers: headers, userInfo: userInfo)
    }
}

/// Whether every part header name in a multipart body is ASCII. The header
/// lines after *every* `--boundary` followed by a line break are checked, up
/// to the empty line, whether or not MultipartKit's parser would take that
/// boundary (its matching has quirks: it skips some, and in the preamble
/// takes one without a line break before it); a well-formed body never has
/// the boundary inside a part, so nothing good is refused.
enum MultipartHeaderNames {
    static func areSafe(_ body: [UInt8], boundary: String) -> Bool {
        let dashes = Array("--\(boundary)".utf8)
        let cr = UInt8(ascii: "\r")
        var search = 0
        while let found = find(dashes, in: body, from: search) {
            search = found + 1
            var at = found + dashes.count
            guard at + 1 < body.count, body[at] == cr, body[at + 1] == UInt8(ascii: "\n") else {
                continue
            }
            at += 2
            // Header lines: a name up to ":", until the empty line.
            lines: while at < body.count {
                var end = at
                while end < body.count, body[end] != UInt8(ascii: ":"), body[end] != cr {
                    if body[end] >= 0x80 { return false }
                    end += 1
                }
                guard end < body.count, body[end] != cr else { break lines }
                guard let lineEnd = find([cr], in: body, from: end) else { break lines }
                at = lineEnd + 2
            }
        }
        return true
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            guard let hit = haystack[index...].firstIndex(of: first),
                hit + needle.count <= haystack.count
            else { return nil }
            if haystack[hit..<hit + needle.count].elementsEqual(needle) { return hit }
            index = hit + 1
        }
        return nil
    }
}
