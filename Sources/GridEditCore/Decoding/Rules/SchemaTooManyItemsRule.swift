/// A list longer than its kind allows (a tangram has 7 pieces). Reported once, at the list,
/// and the list is not decoded further, so no rule compares thousands of entries pair by pair.
public enum SchemaTooManyItemsRule: DocumentedRule {
    public static let id = "schema.too-many-items"
    public static let summary = "A list holds more entries than the format allows."
}
