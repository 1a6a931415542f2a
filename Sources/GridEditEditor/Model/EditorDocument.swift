import GridEditCore

/// One open puzzle: its state, undo history, snapping settings and journal.
public final class EditorDocument {
    /// Numbers documents within a session (`untitled-2`).
    public let serial: Int
    /// Where it is saved, as the designer wrote it; nil until an untitled document is saved.
    public internal(set) var path: String?
    public internal(set) var state: EditorState
    public internal(set) var schemaReference: String?
    /// The file's bytes when last loaded or saved: a save refuses to overwrite other changes.
    /// `[]` for a file that must not exist yet; nil when nothing is known.
    var fingerprint: [UInt8]?
    /// The content as last saved (or loaded, or created): the document is dirty when it differs.
    public internal(set) var savedContent: EditorContent
    /// Applied edits, oldest first; `undo` takes the last.
    public internal(set) var undoStack: [EditCommand] = []
    /// Undone edits, most recently undone last; any new edit clears them.
    public internal(set) var redoStack: [EditCommand] = []
    /// How many edits were applied when the document was last saved (nil when that point can no
    /// longer be reached by undo or redo). For `history`.
    public internal(set) var savedDepth: Int? = 0
    public var settings = SnapSettings()
    /// The Tangram arrangement piece commands act on.
    public var layer: Layer = .solution
    /// Findings of the rules that run after every edit, as of the last edit.
    public internal(set) var liveFindings: [Finding] = []
    /// Findings of the searching rules (a solver) from the last full validation; nil once an
    /// edit made them stale (`validate` runs them again).
    public internal(set) var searchFindings: [Finding]? = []
    /// Every current finding: the live ones, plus the searching rules' while they are current.
    public var findings: [Finding] { liveFindings + (searchFindings ?? []) }
    var journal: JournalWriter?

    init(serial: Int, path: String?, content: EditorContent, schemaReference: String?, fingerprint: [UInt8]?) {
        self.serial = serial
        self.path = path
        self.state = EditorState(content: content)
        self.schemaReference = schemaReference
        self.fingerprint = fingerprint
        self.savedContent = content
    }

    public var content: EditorContent { state.content }

    /// Unsaved changes: the content differs from the last save (undoing back to it makes the
    /// document clean again). Groups are session state and do not count.
    public var isDirty: Bool { state.content != savedContent }

    /// `cat.json`, or `untitled-2` before the first save.
    public var displayName: String {
        guard let path else { return "untitled-\(serial)" }
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    public var kindName: String { state.content.kindName }

    /// The Tangram editor for the active layer (nil for a Sudoku).
    public var tangramEditor: TangramEditor? {
        guard case .tangram(let tangram) = state.content else { return nil }
        return TangramEditor(content: tangram, groups: state.groups, layer: layer, settings: settings)
    }

    public var sudokuEditor: SudokuEditor? {
        guard case .sudoku(let sudoku) = state.content else { return nil }
        return SudokuEditor(content: sudoku)
    }

    /// The header a journal started now would carry.
    func journalHeader(boot: String, started: String) -> JournalHeader {
        var grid: String?
        if case .sudoku(let sudoku) = state.content, sudoku.grid != sudoku.givens { grid = sudoku.grid.line }
        return JournalHeader(pid: getpid(), boot: boot, started: started,
                             path: path.map(FileSystem.absolute), fileHash: fingerprint.map(FNV1a.hex),
                             document: state.content.document(schemaReference: schemaReference).canonicalText(),
                             grid: grid, groups: state.groups)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
