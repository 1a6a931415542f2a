/// A symbolic link in the tree (or a manifest path through one) that resolves outside the folder
/// gridedit was given. An error, and the target is never opened: a pull request must not make
/// CI read `/etc/passwd`, another checkout or an endless device (docs/ci.md).
public enum FileOutsideRootRule: DocumentedRule {
    public static let id = "file.outside-root"
    public static let summary = "A symbolic link leads outside the folder being checked."
}
