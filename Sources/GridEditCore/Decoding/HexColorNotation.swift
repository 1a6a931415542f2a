/// The `#RRGGBB` / `#RRGGBBAA` notation that style files and colour profiles share: one parser
/// and one writer, so that both files accept and print colours the same way.
public enum HexColorNotation {
    /// The channels of `#RRGGBB` (3 bytes) or, when `allowsAlpha`, `#RRGGBBAA` (4 bytes); hex
    /// digits in either case. Nil for anything else.
    public static func channels(_ text: String, allowsAlpha: Bool) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || (allowsAlpha && digits.count == 9) else { return nil }
        var channels: [UInt8] = []
        for index in stride(from: 1, to: digits.count, by: 2) {
            guard let high = value(of: digits[index]), let low = value(of: digits[index + 1]) else { return nil }
            channels.append(high << 4 | low)
        }
        return channels
    }

    /// `#` and two upper-case hex digits per channel.
    public static func text(_ channels: [UInt8]) -> String {
        "#" + channels.map { channel in
            let digits = String(channel, radix: 16, uppercase: true)
            return channel < 16 ? "0" + digits : digits
        }.joined()
    }

    private static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
