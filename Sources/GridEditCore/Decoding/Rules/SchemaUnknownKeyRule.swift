/// A key the format does not define. Usually a typo, which would otherwise be ignored silently
/// (`"dificulty"`), so the message suggests the closest known key.
public enum SchemaUnknownKeyRule: DocumentedRule {
    public static let id = "schema.unknown-key"
    public static let summary = "A key the format does not define."
}
