/// FNV-1a, 64 bits: a cheap, stable fingerprint (the same on every machine and every run), for
/// "is this still the same file" and for spreading files over CI shards. Not a cryptographic hash.
public enum FNV1a {
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The hash as 16 hex digits.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let hex = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
