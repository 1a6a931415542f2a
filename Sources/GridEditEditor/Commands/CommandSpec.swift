import GridEditCore

/// One command of the editor language: its name, help and what its arguments are (which also
/// drives Tab completion).
public struct CommandSpec: Sendable {
    public enum Group: String, Sendable, CaseIterable {
        case documents = "Documents"
        case tangram = "Tangram"
        case sudoku = "Sudoku"
        case editing = "Editing"
        case session = "Session"
    }

    /// What a positional argument is, for completion.
    public enum Argument: Sendable, Hashable {
        /// A piece of the active layer: placed ones, unplaced ones, or any.
        case piece(Placement)
        case path(extensions: [String])
        case template
        case command
        case document
        case words([String])
        /// After `snap`: a setting name or a placed piece.
        case snapTarget
        /// After `meta`: a field name.
        case metaField
        /// Free text or numbers: nothing to complete.
        case value

        /// `pinned` and `unpinned` are placed pieces that are (not) pinned.
        public enum Placement: Sendable, Hashable { case placed, unplaced, any, pinned, unpinned }
    }

    public var name: String
    public var aliases: [String]
    public var group: Group
    /// `move PIECE X Y`
    public var usage: String
    public var summary: String
    public var details: String
    public var arguments: [Argument]
    /// The last argument kind repeats (`open A B C`, `attach L M S`).
    public var repeatsLast: Bool
    public var flags: [String]

    public init(_ name: String, aliases: [String] = [], group: Group, usage: String, summary: String, details: String = "",
         arguments: [Argument] = [], repeatsLast: Bool = false, flags: [String] = []) {
        self.name = name
        self.aliases = aliases
        self.group = group
        self.usage = usage
        self.summary = summary
        self.details = details
        self.arguments = arguments
        self.repeatsLast = repeatsLast
        self.flags = flags
    }
}

extension CommandSpec {
    /// Every command, in the order `help` lists them.
    public static let all: [CommandSpec] = [
        // Documents
        CommandSpec("new", group: .documents, usage: "new TEMPLATE [PATH]",
                    summary: "start a puzzle from templates/ (tangram, sudoku-4x4, sudoku-6x6, sudoku-9x9)",
                    details: """
                        The template's pieces or empty grid become a new document. With PATH the id and name \
                        come from the file name and `save` writes there (it will not replace an existing file).
                        Example: new tangram puzzles/tangram-starter/boat.json
                        """,
                    arguments: [.template, .path(extensions: ["json"])]),
        CommandSpec("open", aliases: ["o"], group: .documents, usage: "open PATH... [--recover]",
                    summary: "open puzzle files; the last becomes active",
                    details: """
                        A file with rule findings opens (work in progress); one that does not decode is refused \
                        with its problems. If an earlier session ended with unsaved edits to the file, you are \
                        asked whether to recover them; in a script, --recover recovers them.
                        """,
                    arguments: [.path(extensions: ["json"])], repeatsLast: true, flags: ["--recover"]),
        CommandSpec("save", aliases: ["w"], group: .documents, usage: "save [--force] | save as PATH [--force]",
                    summary: "save the active puzzle (atomic; `save as` picks a new file)",
                    details: """
                        Saves in canonical form by writing a temporary file and renaming it over the old one. \
                        If the file changed on disk since it was opened (a git pull, another editor), the save \
                        is refused; --force overwrites the other change. `save as` refuses to replace an \
                        existing file unless --force.
                        A Sudoku whose grid is filled in and correct stores that grid as its solution; digits \
                        of an unfinished grid are not saved (a file holds givens and a complete solution).
                        """,
                    arguments: [.words(["as"]), .path(extensions: ["json"])], flags: ["--force"]),
        CommandSpec("close", group: .documents, usage: "close [--force]",
                    summary: "close the active puzzle (asks first if it has unsaved changes)",
                    details: "In a script, closing a puzzle with unsaved changes fails unless --force drops them.",
                    flags: ["--force"]),
        CommandSpec("list", aliases: ["ls"], group: .documents, usage: "list",
                    summary: "the open puzzles; * marks the active one, + unsaved changes"),
        CommandSpec("switch", aliases: ["sw"], group: .documents, usage: "switch N|NAME",
                    summary: "make another open puzzle active", arguments: [.document]),
        CommandSpec("meta", group: .documents, usage: "meta [FIELD VALUE]",
                    summary: "show or change id, name, difficulty, author, description, tags",
                    details: """
                        Examples: meta name "Sleepy Cat" · meta id sleepy-cat · meta difficulty hard · \
                        meta tags animals,classic · meta author -  (a lone - removes an optional field)
                        """,
                    arguments: [.metaField, .value]),
        CommandSpec("recover", group: .documents, usage: "recover [N [--discard]]",
                    summary: "list unsaved edits left by sessions that ended abruptly; restore or drop one",
                    details: """
                        Every edit is appended to a journal under $XDG_STATE_HOME/gridedit/journals until the \
                        puzzle is saved or closed. If gridedit is killed or crashes, `recover N` replays those \
                        edits onto the document they started from (each one undoable); --discard deletes them.
                        """,
                    arguments: [.value], flags: ["--discard"]),

        // Tangram
        CommandSpec("place", group: .tangram, usage: "place PIECE X Y [ANGLE] [flip]",
                    summary: "put a piece on the board with its origin corner at (X, Y)",
                    details: """
                        PIECE is an id (large-1, medium, parallelogram), a unique start of one (par, sq), or the \
                        letter the preview shows (L l M S s Q P). X and Y are exact (2, 1.25, 4+0.5√2, 4+0.5sqrt2) \
                        or, with grid snapping on, any decimal (snapped to the 0.25 grid). ANGLE is in degrees, \
                        counter-clockwise (snapped to 45° steps). With anchors on, the piece lands exactly on a \
                        corner or flush with an edge of a piece within the snap radius.
                        """,
                    arguments: [.piece(.unplaced), .value, .value, .words(["0", "45", "90", "135", "180", "225", "270", "315"]),
                                .words(["flip"])]),
        CommandSpec("move", aliases: ["mv"], group: .tangram, usage: "move PIECE X Y",
                    summary: "move a piece (and its group) so its origin is at (X, Y); snaps and anchors",
                    arguments: [.piece(.placed), .value, .value]),
        CommandSpec("nudge", group: .tangram, usage: "nudge PIECE DX DY | nudge PIECE left|right|up|down [STEPS]",
                    summary: "shift a piece (and its group) exactly, without anchoring",
                    details: "Directions move by STEPS quarter units (default 1). DX and DY must be exact.",
                    arguments: [.piece(.placed), .words(["left", "right", "up", "down"]), .value]),
        CommandSpec("rotate", aliases: ["rot"], group: .tangram, usage: "rotate PIECE ANGLE [about X Y]",
                    summary: "turn a piece (and its group) counter-clockwise; negative turns clockwise",
                    details: """
                        Turns about a 0.25-grid point near the middle of the piece or group, chosen so the turn \
                        is exact, or about (X, Y). A 45° turn that would need eighths of a unit is refused \
                        (pick a corner of the piece as the pivot, or turn by 90°).
                        """,
                    arguments: [.piece(.placed), .words(["45", "90", "135", "180", "-45", "-90", "-135"]), .words(["about"])]),
        CommandSpec("flip", group: .tangram, usage: "flip PIECE",
                    summary: "mirror a piece (and its group) left to right in place",
                    arguments: [.piece(.placed)]),
        CommandSpec("remove", aliases: ["rm"], group: .tangram, usage: "remove PIECE",
                    summary: "take a piece off the board", arguments: [.piece(.placed)]),
        CommandSpec("attach", group: .tangram, usage: "attach PIECE PIECE...",
                    summary: "group pieces so they move, turn and flip together",
                    arguments: [.piece(.placed)], repeatsLast: true),
        CommandSpec("detach", group: .tangram, usage: "detach PIECE",
                    summary: "take a piece out of its group", arguments: [.piece(.placed)]),
        CommandSpec("pin", group: .tangram, usage: "pin PIECE...",
                    summary: "fix pieces where they are: no command moves them and settling leaves them be",
                    details: """
                        A pinned piece cannot be moved, nudged, turned, flipped or removed, and neither can the \
                        group it belongs to; camera and replayed poses for it are ignored. The view marks it. \
                        Pins are session state, like groups: they are not saved in the puzzle file, but undo, \
                        redo and recovery keep them.
                        """,
                    arguments: [.piece(.unpinned)], repeatsLast: true),
        CommandSpec("unpin", group: .tangram, usage: "unpin PIECE...|all",
                    summary: "let pinned pieces move again", arguments: [.piece(.pinned)], repeatsLast: true),
        CommandSpec("snap", group: .tangram, usage: "snap [grid|rotation|anchors on|off] [radius R] [PIECE]",
                    summary: "show or change snapping; `snap PIECE` anchors a piece where it is",
                    details: """
                        grid: inexact positions go to the 0.25 grid. rotation: angles go to 45° steps. anchors: \
                        placed and moved pieces land exactly on a nearby corner or flush with a nearby edge \
                        (within radius R units, default 0.5). Settings belong to the active puzzle.
                        """,
                    arguments: [.snapTarget, .words(["on", "off"])]),
        CommandSpec("layer", group: .tangram, usage: "layer [solution|tray]",
                    summary: "choose which arrangement piece commands edit: the solution or the tray",
                    arguments: [.words(["solution", "tray"])]),

        // Sudoku
        CommandSpec("set", group: .sudoku, usage: "set CELL DIGIT",
                    summary: "enter a digit in the working grid (CELL like r3c4)",
                    details: "The working grid is the puzzle played through; conflicts show as sudoku.conflict.",
                    arguments: [.value, .value]),
        CommandSpec("clear", group: .sudoku, usage: "clear CELL|all",
                    summary: "empty an entered cell (or every entered cell)", arguments: [.words(["all"])]),
        CommandSpec("given", group: .sudoku, usage: "given CELL DIGIT|.",
                    summary: "make a cell a given, or (with .) an empty cell again", arguments: [.value, .value]),
        CommandSpec("candidates", aliases: ["cand"], group: .sudoku, usage: "candidates [CELL]",
                    summary: "the digits still possible in a cell (or in every empty cell)", arguments: [.value]),
        CommandSpec("hint", group: .sudoku, usage: "hint [--place]",
                    summary: "the next logical step for the working grid; --place enters the digit it finds",
                    details: """
                        Uses the Sudoku grader: it names the technique and the cells (hidden single, naked pair, \
                        X-wing, …) leading to the next digit, or points out a conflict, entered digits that are \
                        not the solution, or givens that do not make a puzzle (no or several solutions). \
                        --place enters the digit as an ordinary, undoable edit.
                        """,
                    flags: ["--place"]),

        // Editing
        CommandSpec("undo", aliases: ["u"], group: .editing, usage: "undo [N]", summary: "undo the last edit (or N edits)",
                    arguments: [.value]),
        CommandSpec("redo", group: .editing, usage: "redo [N]", summary: "redo an undone edit (or N)", arguments: [.value]),
        CommandSpec("history", aliases: ["hist"], group: .editing, usage: "history",
                    summary: "the edits of the active puzzle; > marks where you are, [saved] the last save"),
        CommandSpec("validate", aliases: ["check"], group: .editing, usage: "validate",
                    summary: "list every finding (the rules of `gridedit check`); fails on errors",
                    details: "Findings also appear after every edit. In a script, `validate` stops the script on an error."),
        CommandSpec("show", aliases: ["view"], group: .editing, usage: "show | show live on|off",
                    summary: "draw the active puzzle; `show live off` stops drawing it after every edit",
                    arguments: [.words(["live"]), .words(["on", "off"])]),
        CommandSpec("replay", group: .editing, usage: "replay TOUCHFILE [--realtime] [--speed X]",
                    summary: "apply a recorded touch file (JSON Lines) as live input would",
                    details: """
                        Touches become drags, two-finger rotations and flip taps with hit testing, snapping and \
                        anchoring; pose events place and move pieces. Each gesture is one undoable edit. \
                        --realtime replays at the recorded pace (--speed 2 twice as fast) and draws each edit. \
                        The format is in docs/editor.md.
                        """,
                    arguments: [.path(extensions: ["jsonl", "touches"])], flags: ["--realtime", "--speed"]),
        CommandSpec("capture", group: .editing, usage: "capture --camera DEVICE | --video FILE | --image FILE... [--colors PROFILE]",
                    summary: "place pieces from a camera: pieces on the printed mat become poses as they are put down",
                    details: """
                        Runs gridedit-capture (installed next to gridedit; GRIDEDIT_CAPTURE names another) on a camera \
                        (--camera /dev/video0), a video or still images of the mat printed by `gridedit mat`, and \
                        applies each piece it sees as live input would: snapped, anchored and drawn as it lands. \
                        Press Enter to keep the result, as one undo step labelled `capture`; Ctrl-C puts the puzzle \
                        back as it was. A video or images end by themselves and are kept; in a script, capture runs \
                        until the source ends. --colors names the colour profile of your pieces (docs/editor.md).
                        """,
                    arguments: [.path(extensions: ["png", "jpg", "jpeg"])], repeatsLast: true,
                    flags: ["--camera", "--video", "--image", "--colors"]),

        // Session
        CommandSpec("help", aliases: ["?"], group: .session, usage: "help [COMMAND]",
                    summary: "list the commands, or explain one", arguments: [.command]),
        CommandSpec("quit", aliases: ["exit", "q"], group: .session, usage: "quit [--force]",
                    summary: "leave (asks about unsaved changes; in a script fails unless --force)",
                    flags: ["--force"]),
    ]

    /// The command named `name` or one of its aliases, among `commands`.
    public static func named(_ name: String, in commands: [CommandSpec] = all) -> CommandSpec? {
        commands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The command a typo most likely meant.
    static func suggestion(for name: String, in commands: [CommandSpec] = all) -> String? {
        let names = commands.map(\.name)
        let scored = names.map { ($0, editDistance(name.lowercased(), $0)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= 2 else {
            return names.first { $0.hasPrefix(name.lowercased()) && !name.isEmpty }
        }
        return best
    }

    /// The help text of this command, wrapped to `width` columns.
    public func helpText(width: Int = 80) -> String {
        let wrap = { (text: String) in CommandInterpreter.wrap(text, width: max(width, 40) - 2).map { "  " + $0 } }
        var lines = [usage] + wrap(summary)
        if !aliases.isEmpty { lines.append("  also: \(aliases.joined(separator: ", "))") }
        if !details.isEmpty {
            for paragraph in details.split(separator: "\n") { lines += [""] + wrap(String(paragraph)) }
        }
        return lines.joined(separator: "\n")
    }
}
