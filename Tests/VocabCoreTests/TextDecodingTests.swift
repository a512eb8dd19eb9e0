import Foundation
import Testing

@testable import VocabCore

/// `printf '사과,apple\n똠방각하,x\n' | iconv -f UTF-8 -t CP949`
let cp949AppleAndTtom: [UInt8] = [
    0xBB, 0xE7, 0xB0, 0xFA, 0x2C, 0x61, 0x70, 0x70, 0x6C, 0x65, 0x0A,
    0x8C, 0x63, 0xB9, 0xE6, 0xB0, 0xA2, 0xC7, 0xCF, 0x2C, 0x78, 0x0A,
]
/// `printf '샾햏\n' | iconv -f UTF-8 -t CP949` (both outside EUC-KR)
let cp949Syapp: [UInt8] = [0x98, 0xDE, 0xC1, 0x64, 0x0A]

func utf16Bytes(_ text: String, littleEndian: Bool, bom: Bool = true) -> Data {
    var bytes: [UInt8] = bom ? (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
    for unit in text.utf16 {
        let high = UInt8(unit >> 8)
        let low = UInt8(unit & 0xFF)
        bytes += littleEndian ? [low, high] : [high, low]
    }
    return Data(bytes)
}

@Suite struct TextDecodingTests {
    @Test func emptyDataIsEmptyText() throws {
        let result = try TextDecoding.decode(Data())
        #expect(result.text == "")
        #expect(result.encoding == .utf8)
    }

    @Test func plainUTF8() throws {
        let result = try TextDecoding.decode(Data("사과,apple\n".utf8))
        #expect(result.text == "사과,apple\n")
        #expect(result.encoding == .utf8)
    }

    @Test func utf8ByteOrderMarkIsStripped() throws {
        let result = try TextDecoding.decode(Data([0xEF, 0xBB, 0xBF] + Array("단어,뜻".utf8)))
        #expect(result.text == "단어,뜻")
        #expect(result.encoding == .utf8BOM)
        #expect(result.text.unicodeScalars.first != "\u{FEFF}")
    }

    @Test func utf16WithByteOrderMark() throws {
        let text = "사과\tapple\n똠방각하\t😀\n"
        let le = try TextDecoding.decode(utf16Bytes(text, littleEndian: true))
        #expect(le.text == text)
        #expect(le.encoding == .utf16LE)
        let be = try TextDecoding.decode(utf16Bytes(text, littleEndian: false))
        #expect(be.text == text)
        #expect(be.encoding == .utf16BE)
    }

    @Test func utf16WithOddLengthOrLoneSurrogateFails() {
        var odd = utf16Bytes("ab", littleEndian: true)
        odd.append(0x41)
        #expect(throws: DecodingFailure.self) { try TextDecoding.decode(odd) }
        // BOM, "a", then a lone high surrogate D800 followed by "b".
        let lone = Data([0xFF, 0xFE, 0x61, 0x00, 0x00, 0xD8, 0x62, 0x00])
        do {
            _ = try TextDecoding.decode(lone)
            Issue.record("expected a failure")
        } catch let failure as DecodingFailure {
            #expect(failure.offset == 4)
            #expect(failure.message.contains("offset 4"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func cp949IncludingExtensionSyllables() throws {
        let result = try TextDecoding.decode(Data(cp949AppleAndTtom))
        #expect(result.encoding == .cp949)
        #expect(result.text == "사과,apple\n똠방각하,x\n")
        let more = try TextDecoding.decode(Data(cp949Syapp))
        #expect(more.text == "샾햏\n")
        #expect(more.encoding == .cp949)
    }

    @Test func largeCP949IsDecodedCompletely() throws {
        var bytes: [UInt8] = []
        for _ in 0..<20_000 { bytes += cp949AppleAndTtom }
        let result = try TextDecoding.decode(Data(bytes))
        #expect(result.encoding == .cp949)
        #expect(result.text.utf8.count == 20_000 * "사과,apple\n똠방각하,x\n".utf8.count)
        #expect(result.text.hasSuffix("똠방각하,x\n"))
    }

    @Test func invalidBytesThrowWithOffset() {
        do {
            _ = try TextDecoding.decode(Data([0x61, 0x62, 0xFF, 0xFF, 0x63]))
            Issue.record("expected a failure")
        } catch let failure as DecodingFailure {
            #expect(failure.offset == 2)
            #expect(failure.message.contains("offset 2"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func truncatedCP949Throws() {
        // "사" then half of "과".
        do {
            _ = try TextDecoding.decode(Data([0xBB, 0xE7, 0xB0]))
            Issue.record("expected a failure")
        } catch let failure as DecodingFailure {
            #expect(failure.offset == 2)
            #expect(failure.message.contains("incomplete"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func mostlyUTF8WithOneBadByteReportsTheUTF8Offset() {
        var bytes = Array("사과,apple\n배,pear\n".utf8)
        bytes.append(0xC0)  // never valid in UTF-8
        bytes += Array("x".utf8)
        do {
            _ = try TextDecoding.decode(Data(bytes))
            Issue.record("expected a failure")
        } catch let failure as DecodingFailure {
            #expect(failure.offset == bytes.count - 2)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func byteOrderMarkFollowedByInvalidUTF8Throws() {
        #expect(throws: DecodingFailure.self) {
            try TextDecoding.decode(Data([0xEF, 0xBB, 0xBF, 0x61, 0xFF]))
        }
    }
}
