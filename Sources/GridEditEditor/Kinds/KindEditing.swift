import GridEditCore
import Synchronization
import GridEditGeometry
import GridEditJSON
import GridEditLayout

/// The editor half of a puzzle kind, in the manner of the interaction half of Tatham's
/// `struct game` (`status`, `text_format`, `redraw`, `interpret_move`): everything a front end
/// needs to show and edit a kind without naming it. `PuzzleKind` (Core) is the file half: decode,
/// rules, parts. Front ends (the REPL, `serve`) look a document's entry up in ``EditingKinds``
/// and never branch on a concrete kind; adding a kind is its own folder under `Kinds/` and one
/// line in ``EditingKinds/builtIn`` (or one ``EditingKinds/register(_:)`` call, as the tests' toy
/// kind does). A kind with no entry is still opened, edited by parts, journaled and saved, with
/// ``GenericEditing``'s plain views.
public protocol KindEditing: Sendable {
    /// The `PuzzleKind.name` this entry edits (`tangram`).
    static var kindName: String { get }

    /// The file half of the kind, registered with ``PuzzleKinds`` along with this entry by
    /// ``EditingKinds/register(_:)``; nil for an entry of a kind Core already has.
    static var puzzleKind: (any PuzzleKind.Type)? { get }

    /// What `open` says after the kind's name: `7 pieces placed, silhouette`.
    static func summary(of document: EditorDocument) -> String

    /// The kind's part of the status line, after the document's name, in the REPL's status and
    /// the page's caption: `solution 7/7 placed, 2 pinned`, `9×9: 30 givens, …`.
    static func status(of document: EditorDocument) -> [String]

    /// A short tag the REPL's prompt shows after the document's name (`[tray]`), or nil.
    static func promptTag(of document: EditorDocument) -> String?

    /// The terminal view (Tatham's `text_format`): a picture of the puzzle in characters. With
    /// `colour`, it may use colours and blocks; without, it must read in plain text.
    static func textView(of document: EditorDocument, colour: Bool) -> StyledText

    /// Completion candidates for an argument of the kind's commands (pieces, cells), or nil
    /// when the argument is not the kind's.
    static func completions(for argument: CommandSpec.Argument, in document: EditorDocument?) -> [String]?

    /// The kind's own REPL commands (help, completion and handler), added to every interpreter.
    static var commands: [KindCommand] { get }

    /// How the page draws it: the puzzle to draw (a Tangram's tray layer shows the tray's poses)
    /// and whether the drawing shows the solution and the grid.
    static func pageDrawing(of document: EditorDocument) -> PageDrawing

    /// The page's fields for the kind (Tatham's `redraw` data): the interactive shapes laid over
    /// the drawing with their `data-*` names (`pieces`, `cells`), the drawing's frame in the form
    /// the page's kind module reads, the status and any hint. `frame` maps the puzzle's own
    /// coordinates onto the drawing.
    static func pageFields(of document: EditorDocument, frame: ScreenTransform, palette: PagePalette) -> [JSONValue.Member]

    /// Where a part dragged by (dx, dy) in the puzzle's units would land if dropped now (the page's
    /// ghost): the same edit the drop performs, worked out and not performed. Throws for a part
    /// that cannot be dragged; a drop the editor would refuse is a ``DragPreview`` with `refusal`.
    static func dragPreview(part: String, dx: Double, dy: Double, in document: EditorDocument,
                            frame: ScreenTransform) throws(EditError) -> DragPreview

    /// The verifier's analysis of the document as it is now (a tangram's solutions, a Sudoku's
    /// grade), for the page's panel and the REPL's status, or nil when the kind has none. Front
    /// ends run it through an ``Analyzer``, off the edit path.
    static func analysisJob(of document: EditorDocument) -> AnalysisJob?

    /// The parts a finding is about (`small-1`, `r3c4`), so a front end can point at them on the
    /// board when the finding is chosen.
    static func parts(of finding: Finding, in document: EditorDocument) -> [String]

    /// A template's puzzle with nothing on its board, for `new TEMPLATE --empty` (a tangram without
    /// its pieces placed); nil when the kind's templates are already empty.
    static func emptied(_ puzzle: any Puzzle) -> (any Puzzle)?

    /// Play mode: the board a child gets for `puzzle` (a tangram's figure with the pieces in the
    /// tray, a Sudoku's givens) and the judge of every change to it. `hint` is how much of the
    /// answer the child is shown (a tangram's `shape`, `outline` or `pieces`; nil: the least).
    /// Throws, saying why, for a puzzle that cannot be played (no figure, no unique solution),
    /// a hint the kind does not have, or a kind without play mode.
    static func play(_ puzzle: any Puzzle, hint: String?) throws(EditError) -> PlayStart
}

/// Where a drag would land: each part that would move, with its outline on the drawing.
public struct DragPreview {
    public var landed: [(part: String, outline: JSONValue)]
    public var notes: [String]
    /// Why the drop would be refused (then nothing lands).
    public var refusal: String?

    public init(landed: [(part: String, outline: JSONValue)] = [], notes: [String] = [], refusal: String? = nil) {
        self.landed = landed
        self.notes = notes
        self.refusal = refusal
    }
}

extension KindEditing {
    public static var puzzleKind: (any PuzzleKind.Type)? { nil }
    public static func analysisJob(of document: EditorDocument) -> AnalysisJob? { nil }
    public static func parts(of finding: Finding, in document: EditorDocument) -> [String] { [] }
    public static func emptied(_ puzzle: any Puzzle) -> (any Puzzle)? { nil }
    public static func play(_ puzzle: any Puzzle, hint: String?) throws(EditError) -> PlayStart {
        throw EditError("a \(puzzle.kindName) puzzle has no play mode")
    }
    public static func promptTag(of document: EditorDocument) -> String? { nil }
    public static func completions(for argument: CommandSpec.Argument, in document: EditorDocument?) -> [String]? { nil }
    public static var commands: [KindCommand] { [] }
    public static func pageDrawing(of document: EditorDocument) -> PageDrawing { PageDrawing(puzzle: document.puzzle) }
    public static func summary(of document: EditorDocument) -> String { document.puzzle.summary }
    public static func status(of document: EditorDocument) -> [String] { [document.puzzle.summary] }

    public static func textView(of document: EditorDocument, colour: Bool) -> StyledText {
        StyledText(lines: ["(no terminal view of a \(document.kindName) puzzle: \(document.puzzle.summary))"])
    }

    public static func pageFields(of document: EditorDocument, frame: ScreenTransform, palette: PagePalette) -> [JSONValue.Member] {
        [.init("status", .string(status(of: document).joined(separator: "; ")))]
    }

    public static func dragPreview(part: String, dx: Double, dy: Double, in document: EditorDocument,
                                   frame: ScreenTransform) throws(EditError) -> DragPreview {
        throw EditError("the active puzzle is a \(document.kindName); it has no pieces to drag")
    }
}

/// A command a kind adds to the REPL (and to the page's command line, when the page allows it).
public struct KindCommand {
    public var spec: CommandSpec
    public var handler: CommandInterpreter.Handler
    /// The page may send it (it edits or shows the active puzzle and names no file).
    public var fromPage: Bool

    public init(_ spec: CommandSpec, fromPage: Bool = true, handler: @escaping CommandInterpreter.Handler) {
        self.spec = spec
        self.fromPage = fromPage
        self.handler = handler
    }
}

/// What the page's drawing shows.
public struct PageDrawing {
    public var puzzle: any Puzzle
    public var solution: Bool
    public var grid: Bool
    /// A tangram's silhouette behind its pieces (a play board).
    public var figureBehind: Bool
    /// How much of the answer the figure behind shows (`shape`, `outline`, `pieces`: the
    /// renderer's hint levels) and, at `pieces`, the pieces drawn in it.
    public var hint: String?
    public var figurePieces: [Pose]

    public init(puzzle: any Puzzle, solution: Bool = false, grid: Bool = false, figureBehind: Bool = false,
                hint: String? = nil, figurePieces: [Pose] = []) {
        self.puzzle = puzzle
        self.solution = solution
        self.grid = grid
        self.figureBehind = figureBehind
        self.hint = hint
        self.figurePieces = figurePieces
    }
}

/// Colours of the drawing the page's shapes must match (a lifted piece looks like itself), by
/// the style's names; the front end that draws fills it in.
public struct PagePalette: Sendable {
    public var background: String?
    /// The colour the drawing gives a part (`large-1`), or nil.
    public var color: @Sendable (String) -> String?

    public init(background: String? = nil, color: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.background = background
        self.color = color
    }
}

/// A kind with no editor entry: the puzzle's summary as its status and view.
public enum GenericEditing: KindEditing {
    public static let kindName = ""
}

/// The table of editor entries, by kind name.
public enum EditingKinds {
    /// The shipped kinds' entries.
    public static let builtIn: [any KindEditing.Type] = [TangramEditing.self, SudokuEditing.self]

    private static let registry = Mutex<[any KindEditing.Type]>(builtIn)

    /// Every entry: the shipped ones, then any registered.
    public static var all: [any KindEditing.Type] { registry.withLock { $0 } }

    /// Adds a kind defined outside the editor (such as the tests' toy kind): its entry, and its
    /// file half with ``PuzzleKinds``. The one line a new kind needs. Registering a kind twice
    /// keeps the first, as ``PuzzleKinds/register(_:)`` does.
    public static func register(_ entry: any KindEditing.Type) {
        if let kind = entry.puzzleKind { PuzzleKinds.register(kind) }
        registry.withLock { entries in
            if !entries.contains(where: { $0.kindName == entry.kindName }) { entries.append(entry) }
        }
    }

    /// The entry for a kind name; ``GenericEditing`` for a kind without one.
    public static func named(_ kindName: String) -> any KindEditing.Type {
        all.first { $0.kindName == kindName } ?? GenericEditing.self
    }

    /// The entry for a document's kind.
    public static func of(_ document: EditorDocument) -> any KindEditing.Type { named(document.kindName) }

    /// Every kind's commands.
    public static var commands: [KindCommand] { all.flatMap { $0.commands } }
}
