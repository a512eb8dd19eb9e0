// The Swift side of bench/hangul (release build, run by ../run.sh):
//
//   hangul-bench ic FILE [REPEAT]          keys through HangulInputContext.process + commit
//   hangul-bench type FILE [REPEAT]        HangulInputContext.type(keys, backspace: nil)
//   hangul-bench decompose FILE [REPEAT]   Hangul.decompose(text)
//   hangul-bench conjoining FILE [REPEAT]  Hangul.decomposeToConjoining(text)
//   hangul-bench choseong FILE [REPEAT]    Hangul.choseong(text)
//
// The file is read before the clock starts; only the hot loop is timed, REPEAT times
// (default 5), best kept. Prints the same line as libhangul_bench.c:
// mode<TAB>items<TAB>best seconds<TAB>crc32 of the output as UTF-8.
import Foundation
import Hangul

let args = CommandLine.arguments
guard args.count >= 3, let data = FileManager.default.contents(atPath: args[2]) else {
    FileHandle.standardError.write(Data("usage: hangul-bench ic|type|decompose|conjoining|choseong FILE [REPEAT]\n".utf8))
    exit(2)
}
let mode = args[1]
let repeats = args.count > 3 ? Int(args[3]) ?? 5 : 5

func seconds(_ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    body()
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

let crcTable: [UInt32] = (0..<256).map { i -> UInt32 in
    var c = UInt32(i)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
}

/// CRC-32 (IEEE, as zlib) of UTF-8 bytes.
func crc32<S: Sequence<UInt8>>(_ bytes: S) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for b in bytes { crc = crcTable[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
}

var best = Double.infinity
var items = 0
var checksum: UInt32 = 0

switch mode {
case "ic":
    // Key by key, as an editor drives an input method: the text gets every commit string
    // and every key the context did not use. As in the C harness, the text is a buffer of
    // code points allocated once, outside the clock, and made UTF-8 after it.
    let keys = [UInt8](data)
    items = keys.count
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(keys.count + 16)
    for _ in 0..<repeats {
        scalars.removeAll(keepingCapacity: true)
        let t = seconds {
            var ic = HangulInputContext()
            for key in keys {
                let used = ic.process(key)
                ic.appendCommit(to: &scalars)
                if !used { scalars.append(Unicode.Scalar(key)) }
            }
            scalars.append(contentsOf: ic.flush().unicodeScalars)
        }
        best = min(best, t)
    }
    let text = String(String.UnicodeScalarView(scalars))
    checksum = crc32(text.utf8)
case "type", "decompose", "conjoining", "choseong":
    let text = String(decoding: data, as: UTF8.self)
    items = mode == "type" ? text.utf8.count : text.unicodeScalars.count { $0.value >= 0xAC00 && $0.value <= 0xD7A3 }
    var result = ""
    for _ in 0..<repeats {
        result = ""
        let t = seconds {
            switch mode {
            case "type": result = HangulInputContext.type(text, backspace: nil)
            case "decompose": result = Hangul.decompose(text)
            case "conjoining": result = Hangul.decomposeToConjoining(text)
            default: result = Hangul.choseong(text)
            }
        }
        best = min(best, t)
    }
    checksum = crc32(result.utf8)
default:
    FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
    exit(2)
}
print("\(mode)\t\(items)\t\(String(format: "%.6f", best))\t\(String(checksum, radix: 16).leftPadding(8))")

extension String {
    func leftPadding(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
