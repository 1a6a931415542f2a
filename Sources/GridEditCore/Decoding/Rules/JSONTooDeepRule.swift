/// Arrays and objects nested deeper than the parser allows (64 levels). No puzzle needs it, and
/// a limit keeps a hostile file from exhausting the stack.
public enum JSONTooDeepRule: DocumentedRule {
    public static let id = "json.too-deep"
    public static let summary = "Nesting deeper than 64 levels."
}
