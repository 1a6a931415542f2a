/// A file larger than `--max-file-size`. An error, found from the file's size before any byte is
/// read, so a sparse file of many GiB costs one `stat`.
public enum FileTooLargeRule: DocumentedRule {
    public static let id = "file.too-large"
    public static let summary = "The file is larger than the size limit."
}
