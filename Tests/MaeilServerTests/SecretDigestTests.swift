import Testing

@testable import MaeilServer

@Suite("Secret digests")
struct SecretDigestTests {
    /// FIPS 180-2's example, the empty text and UTF-8 (as `sha256sum` gives them): the
    /// digest is what the database stores, so it must never change form.
    @Test func sha256IsLowerCaseHex() {
        #expect(
            SecretDigest.sha256Hex("abc")
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SecretDigest.sha256Hex("")
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SecretDigest.sha256Hex("사과")
                == "46fc35121d1a4b332863d80ba24c26f7d9152636ef04f04b818236b4732f1531")
    }
}
