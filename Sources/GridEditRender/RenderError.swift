import GridEditCore

/// Why rendering could not produce a file. Every case names the path or value at fault and
/// what to do; `exitCode` is what `gridedit render` exits with.
public enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A font file named by the style cannot be used.
    case fontUnavailable(path: String, reason: String)
    /// The style file cannot be read.
    case styleUnreadable(path: String, reason: String)
    /// The style file has problems (each finding located in the file).
    case styleInvalid(path: String, findings: [Finding])
    /// An input path does not exist or cannot be read.
    case inputUnreadable(path: String, reason: String)
    /// An input puzzle or pack does not load or fails `check`.
    case puzzleInvalid(path: String, findings: [Finding])
    /// The output cannot be written (nothing, not even part of a file, was left behind).
    case writeFailed(path: String, reason: String)
    /// A request that makes no sense, such as a sheet as PNG.
    case unsupported(String)
    /// Cairo itself failed (out of memory, an invalid size).
    case cairo(String)

    public var description: String {
        switch self {
        case .fontUnavailable(let path, let reason):
            "\(path): cannot load the font: \(reason); install fonts-dejavu-core or point \"fonts\" in the style file at a .ttf file"
        case .styleUnreadable(let path, let reason):
            "\(path): cannot read the style file: \(reason)"
        case .styleInvalid(let path, let findings):
            (["\(path): the style file has \(findings.count) problem(s); see docs/rendering.md"]
             + FindingLines.lines(findings, in: path)).joined(separator: "\n")
        case .inputUnreadable(let path, let reason):
            "\(path): \(reason)"
        case .puzzleInvalid(let path, let findings):
            (["\(path): not rendered: it fails `gridedit check`"] + FindingLines.lines(findings, in: path))
                .joined(separator: "\n")
        case .writeFailed(let path, let reason):
            "\(path): cannot write: \(reason)"
        case .unsupported(let message):
            message
        case .cairo(let message):
            "cairo failed: \(message)"
        }
    }

    /// 1 for puzzles that fail `check`, 64 for requests that make no sense, 2 for files that
    /// cannot be read or written (the same scheme as `gridedit check`).
    public var exitCode: Int32 {
        switch self {
        case .puzzleInvalid: 1
        case .unsupported: 64
        default: 2
        }
    }
}

/// Findings in the form `gridedit check` prints them: `file:line:col: severity: [rule] message`
/// (with the JSON path before the message when the finding is about one value).
public enum FindingLines {
    public static func lines(_ findings: [Finding], in path: String) -> [String] {
        findings.map { $0.line(in: path) }
    }
}
