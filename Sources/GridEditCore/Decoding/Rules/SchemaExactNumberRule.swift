/// A coordinate that is not an exact `a + b√2` with `a` and `b` on quarter steps. Geometry is
/// exact, so a coordinate like `0.7071` would make overlap and fit checks meaningless.
public enum SchemaExactNumberRule: DocumentedRule {
    public static let id = "schema.exact-number"
    public static let summary = "A coordinate that is not an exact a + b√2 with quarter steps."
}
