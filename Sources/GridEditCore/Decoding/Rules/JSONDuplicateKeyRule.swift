/// A key appears twice in one object. JSON parsers disagree about which value wins, so the
/// file would mean different things to different readers.
public enum JSONDuplicateKeyRule: DocumentedRule {
    public static let id = "json.duplicate-key"
    public static let summary = "A key appears twice in one object."
}
