import Foundation
import Vapor

/// Tokens and session ids are stored only as digests: a copy of the database
/// holds nothing that signs anyone in.
enum SecretDigest {
    /// The SHA-256 of the secret's UTF-8, in lower-case hex. Every API request
    /// digests its token: written out here, as Vapor's generic `hex` was a
    /// fifth of the token check.
    static func sha256Hex(_ secret: String) -> String {
        let digest = SHA256.hash(data: Data(secret.utf8))
        let digits: StaticString = "0123456789abcdef"
        return digest.withUnsafeBytes { bytes in
            String(unsafeUninitializedCapacity: bytes.count * 2) { out in
                digits.withUTF8Buffer { hex in
                    for (index, byte) in bytes.enumerated() {
                        out[2 * index] = hex[Int(byte >> 4)]
                        out[2 * index + 1] = hex[Int(byte & 0x0F)]
                    }
                }
                return bytes.count * 2
            }
        }
    }
}
