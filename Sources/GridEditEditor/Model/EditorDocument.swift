import GridEditCore
import GridEditLayout

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
    /// The puzzle as last saved (or loaded, or created): the document is dirty when it differs.
    public internal(set) var savedPuzzle: any Puzzle
    /// Applied edits, oldest first; `undo` takes the last. At most ``undoLimit`` (the oldest go
    /// once it is passed by a tenth), so a server edited all day keeps a bounded history.
    public internal(set) var undoStack: [EditCommand] = []
    /// How far undo reaches back: 10,000 edits (about 12 MB of history for a tangram).
    public static let undoLimit = 10_000
    /// Edit groups begun and not yet committed or cancelled: the history is not trimmed under
    /// them (a group knows its edits by their depth).
    var openGroups = 0
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
    /// Play mode: this document is a child's board, judged as it changes (``PlaySession``). A
    /// play board is never saved or journaled; its record is.
    public internal(set) var play: PlaySession?
    /// `play-3 (cat.json)`: a play board's name.
    var playName: String?

    init(serial: Int, path: String?, puzzle: any Puzzle, schemaReference: String?, fingerprint: [UInt8]?) {
        self.serial = serial
        self.path = path
        self.state = EditorState(puzzle: puzzle)
        self.schemaReference = schemaReference
        self.fingerprint = fingerprint
        self.savedPuzzle = puzzle
    }

    /// The puzzle being edited: Core's value, the same one `check` and `render` see.
    public var puzzle: any Puzzle { state.puzzle }

    /// Unsaved changes: the puzzle differs from the last save (undoing back to it makes the
    /// document clean again). Play state counts (entered Sudoku digits); groups and pins are
    /// session state and do not.
    /// A play board is never dirty: there is nothing of it to save.
    public var isDirty: Bool { play == nil && !state.puzzle.isEqual(to: savedPuzzle) }

    /// The puzzle as a file holds it.
    public var fileDocument: PuzzleDocument { PuzzleDocument(puzzle: state.puzzle, schemaReference: schemaReference) }

    /// `cat.json`, or `untitled-2` before the first save.
    public var displayName: String {
        if let playName { return playName }
        guard let path else { return "untitled-\(serial)" }
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    public var kindName: String { state.puzzle.kindName }

    /// What the settling engine was given for each piece, by the exact pose that came of it: a
    /// piece still in such a pose takes part in the next settle as it was given (so settling does
    /// not depend on the order poses arrived in). Keyed by pose, so undo and redo find the right
    /// one; not journaled (after a recovery, pieces take part with their exact poses). At most
    /// ``rememberedInputsPerPiece`` per piece and layer, the latest: a day of dragging does not
    /// grow it, and a piece undone further back settles from its exact pose, as after a recovery.
    var settledInputs: [Layer: [TangramPiece: [Pose: RememberedInput]]] = [:]
    /// Numbers the remembered inputs in the order they came, to forget the oldest first.
    var rememberedCount = 0
    static let rememberedInputsPerPiece = 32

    struct RememberedInput {
        var given: ApproximatePose
        var order: Int
    }

    /// The header a journal started now would carry.
    func journalHeader(boot: String, started: String) -> JournalHeader {
        JournalHeader(pid: getpid(), boot: boot, started: started,
                      path: path.map(FileSystem.absolute), fileHash: fingerprint.map(FNV1a.hex),
                      document: fileDocument.canonicalText(), play: state.puzzle.playState, groups: state.groups,
                      pins: state.pins, marks: state.marks)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
