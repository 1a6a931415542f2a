/// A path that does not exist, or a file the operating system will not read. An error: nothing
/// else about the file can be checked, so the run exits with status 2.
public enum IOReadRule: DocumentedRule {
    public static let id = "io.read"
    public static let summary = "The file cannot be read."
}
