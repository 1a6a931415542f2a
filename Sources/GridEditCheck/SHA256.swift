import GridEditCore
import CCrypto

/// SHA-256, streamed or in one call: OpenSSL's (Debian's libcrypto), for `gridedit check`'s content
/// cache (`CheckCache`): a file's key and the index's checksum.
struct SHA256 {
    private var context = SHA256_CTX()

    init() { SHA256_Init(&context) }

    mutating func update<Bytes: Collection<UInt8>>(data: Bytes) {
        let done = data.withContiguousStorageIfAvailable { buffer in SHA256_Update(&context, buffer.baseAddress, buffer.count) }
        if done == nil { let copy = Array(data); SHA256_Update(&context, copy, copy.count) }
    }

    /// The 32 bytes of the digest; the hash is spent.
    mutating func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        SHA256_Final(&digest, &context)
        return digest
    }

    static func hash<Bytes: Collection<UInt8>>(data: Bytes) -> [UInt8] {
        var hash = SHA256()
        hash.update(data: data)
        return hash.finalize()
    }
}
