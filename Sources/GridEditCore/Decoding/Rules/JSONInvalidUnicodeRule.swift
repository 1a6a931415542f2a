/// Bytes that are not UTF-8, a lone or UTF-8-encoded surrogate, or `\u0000` in a key: text that
/// other tools would mangle or reject.
public enum JSONInvalidUnicodeRule: DocumentedRule {
    public static let id = "json.invalid-unicode"
    public static let summary = "Invalid UTF-8 or a lone surrogate."
}
