import GridEditCore

/// One command of the editor language: its name, help and what its arguments are (which also
/// drives Tab completion).
public struct CommandSpec: Sendable {
    /// A heading of `help`: the editor's own groups, and one per kind (its entry's commands).
    public struct Group: Sendable, Hashable {
        public var title: String

        public init(_ title: String) { self.title = title }

        public static let documents = Group("Documents")
        public static let editing = Group("Editing")
        public static let session = Group("Session")
        public static let play = Group("Play")
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
    /// The editor's own commands (documents, editing, session), in the order `help` lists them;
    /// each kind's commands come from its ``KindEditing`` entry (``all``).
    public static let editor: [CommandSpec] = [
        // Documents
        CommandSpec("new", group: .documents, usage: "new TEMPLATE [PATH] [--empty]",
                    summary: "start a puzzle from templates/ (tangram, sudoku-4x4, sudoku-6x6, sudoku-9x9)",
                    details: """
                        The template's pieces or empty grid become a new document. With PATH the id and name \
                        come from the file name and `save` writes there (it will not replace an existing file).
                        --empty starts a tangram with every piece unplaced (in the page's tray). A new puzzle \
                        whose PATH is in a pack folder is added to that pack's pack.json when it is first saved.
                        Example: new tangram puzzles/tangram-starter/boat.json --empty
                        """,
                    arguments: [.template, .path(extensions: ["json"])], flags: ["--empty"]),
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

        // Play
        CommandSpec("play", group: .play, usage: "play [FILE] [--hint shape|outline|pieces] [--records DIR] | play stop",
                    summary: "play a puzzle as a child would: every placement judged against every solution",
                    details: """
                        Opens a play board for FILE (or the active puzzle): a tangram's figure with the seven pieces \
                        in the tray, a Sudoku's givens. Put pieces down with the usual commands (place, move, rotate, \
                        flip, remove), a touch file (replay) or the camera (capture): each piece that lands on the \
                        figure is judged `fits k of n` (k of the n solutions still open have it there), `fits \
                        elsewhere` (right piece and turn: it says which way to move it), `fits no solution`, \
                        `overlaps` or `outside`; the figure is solved when the pieces cover it exactly, by any \
                        solution. A Sudoku digit is right, wrong or conflicts. `hint` helps without undoing the \
                        child's work. The play record (every event with its time) is written as you go to DIR \
                        (default: playtests/), for `gridedit playtest report`. `play stop` ends the play. \
                        --hint: how much of a tangram's answer the child sees: the filled shape (default), \
                        its outline, or every piece's outline.
                        """,
                    arguments: [.path(extensions: ["json"])], flags: ["--records", "--hint"]),
        CommandSpec("hint", group: .play, usage: "hint [1|2|3]",
                    summary: "in play: the next piece and place from a solution that keeps every piece down (asking again tells more)",
                    details: """
                        Level 1 names the piece, 2 says where (the page draws its outline), 3 gives the exact \
                        placement as a command. When no solution keeps every piece on the figure, the hint names \
                        the piece to take back: the one whose removal leaves the most solutions.
                        """,
                    arguments: [.words(["1", "2", "3"])]),

        // Session
        CommandSpec("help", aliases: ["?"], group: .session, usage: "help [COMMAND]",
                    summary: "list the commands, or explain one", arguments: [.command]),
        CommandSpec("quit", aliases: ["exit", "q"], group: .session, usage: "quit [--force]",
                    summary: "leave (asks about unsaved changes; in a script fails unless --force)",
                    flags: ["--force"]),
    ]

    /// Every command: the documents group, every kind's commands, then editing and session.
    public static var all: [CommandSpec] {
        editor.filter { $0.group == .documents } + EditingKinds.commands.map(\.spec) + editor.filter { $0.group != .documents }
    }

    /// The commands of this build: the editor's and the shipped kinds' (not a registered kind's).
    public static var shipped: [CommandSpec] {
        editor + EditingKinds.builtIn.flatMap { $0.commands.map(\.spec) }
    }

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
