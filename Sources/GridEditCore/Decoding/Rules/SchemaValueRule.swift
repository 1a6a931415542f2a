/// A value of the right type outside its allowed set or pattern: a number out of range, an
/// unknown difficulty or piece, an id that is not lower-case words joined by dashes, a time that
/// is not a real UTC date and time.
public enum SchemaValueRule: DocumentedRule {
    public static let id = "schema.value"
    public static let summary = "A value outside its allowed set or pattern."
}
