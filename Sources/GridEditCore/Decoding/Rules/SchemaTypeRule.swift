/// A value of the wrong JSON type (a string where a number belongs, a point that is not `[x, y]`).
/// Reported where the value is, so the designer sees which one.
public enum SchemaTypeRule: DocumentedRule {
    public static let id = "schema.type"
    public static let summary = "A value of the wrong JSON type."
}
