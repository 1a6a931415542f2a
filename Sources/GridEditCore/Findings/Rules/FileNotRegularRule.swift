/// A FIFO, socket, device or folder where a puzzle file was expected. An error, decided from the
/// entry's status before anything is opened, so a FIFO cannot make a command wait for a writer.
public enum FileNotRegularRule: DocumentedRule {
    public static let id = "file.not-regular"
    public static let summary = "The entry is not a regular file (a FIFO, socket, device or folder)."
}
