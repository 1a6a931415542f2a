/// The file is not strict JSON: an empty file, a byte-order mark, comments, trailing commas,
/// `NaN`, `1.`, raw control characters, text after the value. Strict, because the files are
/// read by other tools and by children's apps whose parsers forgive nothing; the message says
/// what is wrong and where.
public enum JSONSyntaxRule: DocumentedRule {
    public static let id = "json.syntax"
    public static let summary = "The file is not strict JSON."
}
