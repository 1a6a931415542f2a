import SystemPackage

/// Standard output and error as the command-line tools write them: each call is one `writeAll`
/// on the descriptor, unbuffered (a REPL reading a child's lines sees them at once), retried
/// after EINTR and short writes. The one standard-stream helper of gridedit, gridedit-capture
/// and the capture library.
public enum StandardStreams {
    /// Writes `text` to standard output as it is.
    public static func write(_ text: String) { write(text, to: .standardOutput) }

    /// Writes `text` to standard error as it is.
    public static func writeError(_ text: String) { write(text, to: .standardError) }

    /// Writes bytes to standard output as they are.
    public static func write(_ bytes: [UInt8]) { _ = try? FileDescriptor.standardOutput.writeAll(bytes) }

    /// One line on standard output.
    public static func line(_ text: String) { write(text + "\n") }

    /// One line on standard error.
    public static func errorLine(_ text: String) { writeError(text + "\n") }

    private static func write(_ text: String, to stream: FileDescriptor) {
        // Nothing sensible is left to do when standard output or error cannot be written.
        _ = try? stream.writeAll(text.utf8)
    }
}
