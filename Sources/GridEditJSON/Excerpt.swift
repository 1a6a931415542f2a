/// How messages quote what a file holds: short and escaped, so that no value of any size and no
/// control character reaches a terminal or a CI log raw (a 500 KB key, a newline that would
/// forge a second report line, an escape sequence that would recolour the log).
///
/// Text without control characters, quotes or backslashes, and no longer than the limit, comes
/// out as it went in, so messages about ordinary files read (and compare) as they always did.
public enum Excerpt {
    /// Characters kept before the excerpt is cut with "…".
    public static let defaultLimit = 40

    /// `text` in double quotes, escaped, cut after `limit` characters.
    public static func quoted(_ text: String, limit: Int = defaultLimit) -> String {
        "\"" + escaped(text, limit: limit, quote: true) + "\""
    }

    /// `text` with control characters (and, when `quote`, `"` and `\`) escaped, cut after `limit`
    /// characters when a limit is given. Paths printed in reports use this without a limit.
    public static func escaped(_ text: String, limit: Int? = nil, quote: Bool = false) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if let limit, count == limit {
                result += "…"
                break
            }
            count += 1
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\"" where quote: result += "\\\""
            case "\\" where quote: result += "\\\\"
            default:
                // C0, DEL and C1 controls, and the bidirectional overrides that reorder what a
                // reader sees.
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
                    result += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
