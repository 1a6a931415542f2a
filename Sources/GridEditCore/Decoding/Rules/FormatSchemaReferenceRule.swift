/// `$schema` is missing or does not point at the gridedit schema. A warning: the file is fine for
/// gridedit, but editors use `$schema` to complete and check keys as the designer types.
public enum FormatSchemaReferenceRule: DocumentedRule {
    public static let id = "format.schema-reference"
    public static let summary = "$schema is missing or does not point at the gridedit schema."
    public static let severity = Finding.Severity.warning
}
