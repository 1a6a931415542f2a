/// `formatVersion` is newer than this gridedit reads. Reading it anyway could drop fields the
/// newer format added, so the file is not read; the fix is a newer gridedit.
public enum FormatUnsupportedVersionRule: DocumentedRule {
    public static let id = "format.unsupported-version"
    public static let summary = "formatVersion newer than this gridedit understands."
}
