import Foundation
import Vapor

/// Tokens and session ids are stored only as digests: a copy of the database
/// holds nothing that signs anyone in.
enum SecretDigest {
    static func sha256Hex(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).hex
    }
}
