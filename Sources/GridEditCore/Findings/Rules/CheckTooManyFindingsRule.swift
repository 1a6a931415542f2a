/// The findings after the first `--max-findings` of a file, counted in one, as compilers cap
/// errors. An error when any of those left out is one, so capping never makes a file pass.
public enum CheckTooManyFindingsRule: DocumentedRule {
    public static let id = "check.too-many-findings"
    public static let summary = "More findings than --max-findings; the rest are counted, not listed."
}
