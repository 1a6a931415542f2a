import Foundation

/// Standard output and error for the stream, flushed line by line (the REPL reads them live).
public enum StandardStreams {
    public static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    public static func status(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
