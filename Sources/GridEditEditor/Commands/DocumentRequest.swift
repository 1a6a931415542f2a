import GridEditCore

/// What a front end asks of the open documents, typed: the REPL's `new`, `open` and `save` lines
/// are parsed into these, and `gridedit serve` decodes the page's messages into them directly, so
/// both reach ``CommandInterpreter/perform(_:)`` with no command text in between.
public enum DocumentRequest: Sendable, Equatable {
    /// A new puzzle from a template (`sudoku` names the 9×9 one), saved at `path` when given;
    /// `empty` starts a tangram with every piece in the tray.
    case new(template: String, path: String?, empty: Bool)
    /// Open a file (or make it active when it is open). `shownAs` is how replies name it (the
    /// page's path relative to the served folder); the path itself otherwise.
    case open(path: String, shownAs: String? = nil, unsaved: UnsavedEdits = .ask)
    /// Save the active puzzle, to `as` for "save as".
    case save(as: String?, force: Bool)

    /// What to do with a file's unsaved edits from a session that ended abruptly.
    public enum UnsavedEdits: Sendable, Equatable {
        /// Ask at a terminal; in a script, open the file as saved and say how to recover them.
        case ask
        /// Open nothing yet: the reply is ``DocumentReply/unsaved(_:)`` and the front end asks (the page).
        case refuse
        /// Open the file with them, unsaved (each undoable).
        case recover
        /// Delete them and open the file as saved.
        case discard
        /// Open the file as saved and keep them for later.
        case keep
    }
}

/// How a ``DocumentRequest`` ended; what it printed is on the interpreter's console.
public enum DocumentReply: Sendable {
    case done
    case failed(String)
    /// The file has unsaved edits from an earlier session and the request said `refuse`.
    case unsaved(OrphanJournal)
}
