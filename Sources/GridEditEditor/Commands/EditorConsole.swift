/// How a line of output should look; the REPL maps styles to colours (or to nothing).
public enum MessageStyle: Sendable, Hashable {
    case plain
    /// What an edit did.
    case edit
    case note
    case warning
    case error
    case heading
    case dim
}

/// Where the interpreter's output goes and how it asks questions: the REPL implements it for a
/// terminal or a script, tests implement it to capture output.
public protocol EditorConsole: AnyObject {
    /// Questions can be asked (a person at a terminal). When false, anything that would ask
    /// fails instead, unless the command was forced.
    var isInteractive: Bool { get }
    /// One or more lines of output.
    func say(_ text: String, _ style: MessageStyle)
    /// Asks a question with one-letter answers; nil when input ended.
    func ask(_ question: String, options: [(key: Character, label: String)]) -> Character?
    /// A document was edited, opened or became active: the REPL may draw it (the live view).
    func documentChanged(_ document: EditorDocument)
    /// `show`: draw the document now.
    func show(_ document: EditorDocument)
    /// Columns available for text (help wraps to it).
    var width: Int { get }
}

extension EditorConsole {
    public var width: Int { 80 }
}
