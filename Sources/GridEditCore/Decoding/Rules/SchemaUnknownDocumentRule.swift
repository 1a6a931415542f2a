/// A `.json` file in a checked folder that is neither a puzzle nor a pack manifest: probably a
/// file in the wrong place, which no app would ever load.
public enum SchemaUnknownDocumentRule: DocumentedRule {
    public static let id = "schema.unknown-document"
    public static let summary = "A .json file that is neither a puzzle nor a pack manifest."
}
