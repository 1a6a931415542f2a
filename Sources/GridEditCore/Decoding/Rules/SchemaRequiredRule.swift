/// A key the format requires is missing. Reported at the object that lacks it.
public enum SchemaRequiredRule: DocumentedRule {
    public static let id = "schema.required"
    public static let summary = "A required key is missing."
}
