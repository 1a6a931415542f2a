@testable import GridEditCheck
import Testing

/// The check cache's SHA-256 (OpenSSL's) against FIPS 180-4's examples, streamed in uneven
/// chunks as `CheckCache.save` streams the index.
struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined() }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownDigests(_ text: String, _ digest: String) {
        #expect(Self.hex(SHA256.hash(data: Array(text.utf8))) == digest)
        #expect(Self.hex(SHA256.hash(data: Array(text.utf8)[...])) == digest, "a slice")
    }

    @Test func aMillionAsStreamedInUnevenChunks() {
        var hash = SHA256()
        var left = 1_000_000, size = 1
        while left > 0 {
            let n = min(size, left)
            hash.update(data: [UInt8](repeating: UInt8(ascii: "a"), count: n))
            left -= n
            size = size * 7 % 65_537 + 1
        }
        #expect(Self.hex(hash.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
