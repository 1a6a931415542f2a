/// Checking one file took longer than `--timeout-per-puzzle`. An error, so that a puzzle whose
/// solver search runs away fails CI instead of stalling it; the file's other findings are lost.
public enum CheckTimeoutRule: DocumentedRule {
    public static let id = "check.timeout"
    public static let summary = "Checking the file took longer than the allowed time."
}
