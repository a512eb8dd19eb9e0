import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The encoding `TextDecoding.decode` found.
public enum TextEncodingDetected: String, Sendable, CaseIterable {
    case utf8, utf8BOM, utf16LE, utf16BE, cp949
}

/// Bytes that are not text in any encoding Maeil reads. `offset` is the 0-based byte offset
/// of the first byte that could not be decoded (in the whole file, BOM included).
public struct DecodingFailure: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { message }
    public var errorDescription: String? { message }
}

/// Turns uploaded bytes into text: UTF-8 (with or without BOM), UTF-16 with a BOM, else
/// CP949 (the Windows superset of EUC-KR, which Korean Excel writes). CP949 goes through
/// glibc's iconv, because Foundation's EUC-KR on Linux silently drops bytes it cannot map.
public enum TextDecoding {
    public static func decode(_ data: Data) throws -> (text: String, encoding: TextEncodingDetected)
    {
        if data.isEmpty { return ("", .utf8) }
        let bytes = [UInt8](data)
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            let body = bytes[3...]
            if let text = String(validating: body, as: UTF8.self) { return (text, .utf8BOM) }
            let offset = firstInvalidUTF8Offset(body) ?? 3
            throw DecodingFailure(
                offset: offset,
                message:
                    "the file starts with a UTF-8 byte order mark but has invalid UTF-8 at byte offset \(offset)"
            )
        }
        if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE {
            return (try decodeUTF16(bytes, littleEndian: true), .utf16LE)
        }
        if bytes.count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF {
            return (try decodeUTF16(bytes, littleEndian: false), .utf16BE)
        }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, .utf8) }
        do {
            return (try decodeCP949(bytes), .cp949)
        } catch let cp949Failure {
            // Report whichever reading got further: a UTF-8 file with one broken byte is
            // better described by its UTF-8 offset than by where CP949 gave up.
            let utf8Offset = firstInvalidUTF8Offset(bytes[...]) ?? 0
            if utf8Offset > cp949Failure.offset {
                throw DecodingFailure(
                    offset: utf8Offset,
                    message:
                        "the file is not valid UTF-8 (invalid byte at offset \(utf8Offset)) nor CP949/EUC-KR text (invalid at offset \(cp949Failure.offset))"
                )
            }
            throw cp949Failure
        }
    }

    /// Offset (in the base collection's indices) of the first byte of the first invalid
    /// UTF-8 sequence, or nil when all is valid.
    static func firstInvalidUTF8Offset(_ bytes: ArraySlice<UInt8>) -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = bytes.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
            case .emptyInput:
                return nil
            case .error(let length):
                _ = length
                return offset
            }
        }
    }

    static func decodeUTF16(_ bytes: [UInt8], littleEndian: Bool) throws -> String {
        let name = littleEndian ? "UTF-16LE" : "UTF-16BE"
        if bytes.count % 2 != 0 {
            throw DecodingFailure(
                offset: bytes.count - 1,
                message:
                    "the file is \(name) (it has a byte order mark) but ends in the middle of a character at byte offset \(bytes.count - 1)"
            )
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 - 1)
        var i = 2
        while i + 1 < bytes.count {
            let a = UInt16(bytes[i])
            let b = UInt16(bytes[i + 1])
            units.append(littleEndian ? (b << 8 | a) : (a << 8 | b))
            i += 2
        }
        var scalars = String.UnicodeScalarView()
        var iterator = units.makeIterator()
        var parser = Unicode.UTF16.ForwardParser()
        var unitOffset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                scalars.append(Unicode.UTF16.decode(encoded))
                unitOffset += encoded.count
            case .emptyInput:
                return String(scalars)
            case .error:
                let offset = 2 + unitOffset * 2
                throw DecodingFailure(
                    offset: offset,
                    message:
                        "the file is \(name) (it has a byte order mark) but has an unpaired surrogate at byte offset \(offset)"
                )
            }
        }
    }

    /// Converts CP949 bytes to a String with iconv; throws at the first invalid or
    /// incomplete sequence with its byte offset.
    static func decodeCP949(_ bytes: [UInt8]) throws(DecodingFailure) -> String {
        let utf8 = try iconvConvert(bytes, from: "CP949", to: "UTF-8")
        // iconv produced UTF-8; validate anyway rather than trust it blindly.
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw DecodingFailure(offset: 0, message: "the file could not be decoded as CP949 text")
        }
        return text
    }

    static func iconvConvert(_ input: [UInt8], from source: String, to target: String)
        throws(DecodingFailure) -> [UInt8]
    {
        let descriptor = iconv_open(target, source)
        guard let descriptor, descriptor != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw DecodingFailure(
                offset: 0,
                message:
                    "the file is not UTF-8 and the \(source) converter is not available on this system"
            )
        }
        defer { iconv_close(descriptor) }

        var output = [UInt8]()
        output.reserveCapacity(input.count + input.count / 2 + 16)
        var chunk = [UInt8](repeating: 0, count: max(64, min(input.count * 2, 1 << 20)))

        var consumed = 0
        var failure: DecodingFailure?
        input.withUnsafeBufferPointer { inputBuffer in
            guard let base = inputBuffer.baseAddress else { return }
            chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                guard let chunkBase = chunkBuffer.baseAddress else { return }
                let chunkSize = chunkBuffer.count
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
                    mutating: base
                )
                .assumingMemoryBound(to: CChar.self)
                var inLeft = inputBuffer.count
                var flushing = false
                while true {
                    var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(
                        chunkBase
                    )
                    .assumingMemoryBound(to: CChar.self)
                    var outLeft = chunkSize
                    let result: Int
                    if flushing {
                        result = iconv(descriptor, nil, nil, &outPointer, &outLeft)
                    } else {
                        result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                    }
                    let code = errno
                    let produced = chunkSize - outLeft
                    if produced > 0 {
                        output.append(
                            contentsOf: UnsafeBufferPointer(start: chunkBase, count: produced))
                    }
                    consumed = inputBuffer.count - inLeft
                    if result != -1 {
                        if flushing { return }
                        flushing = true
                        continue
                    }
                    switch code {
                    case E2BIG:
                        continue  // the chunk was full; it has been copied out, go on
                    case EILSEQ:
                        failure = DecodingFailure(
                            offset: consumed,
                            message:
                                "the file is not valid UTF-8 nor CP949/EUC-KR text: invalid byte sequence at byte offset \(consumed)"
                        )
                        return
                    case EINVAL:
                        failure = DecodingFailure(
                            offset: consumed,
                            message:
                                "the file is not valid UTF-8 nor CP949/EUC-KR text: incomplete character at byte offset \(consumed)"
                        )
                        return
                    default:
                        failure = DecodingFailure(
                            offset: consumed,
                            message:
                                "the file could not be decoded as CP949 text (error \(code)) at byte offset \(consumed)"
                        )
                        return
                    }
                }
            }
        }
        if let failure { throw failure }
        return output
    }
}
