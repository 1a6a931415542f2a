import GridEditCore
import GridEditLayout

/// The Tangram's REPL commands: their help, completion and handler (the handlers are the
/// interpreter's piece commands, `CommandInterpreter+Pieces.swift` beside this file).
extension TangramEditing {
    static let group = CommandSpec.Group("Tangram")

    public static var commands: [KindCommand] { [
        KindCommand(CommandSpec("place", group: group, usage: "place PIECE X Y [ANGLE] [flip]",
                        summary: "put a piece on the board with its origin corner at (X, Y)",
                        details: """
                            PIECE is an id (large-1, medium, parallelogram), a unique start of one (par, sq), or the \
                            letter the preview shows (L l M S s Q P). X and Y are exact (2, 1.25, 4+0.5√2, 4+0.5sqrt2) \
                            or, with grid snapping on, any decimal (snapped to the 0.25 grid). ANGLE is in degrees, \
                            counter-clockwise (snapped to 45° steps). With anchors on, the piece lands exactly on a \
                            corner or flush with an edge of a piece within the snap radius.
                            """,
                        arguments: [.piece(.unplaced), .value, .value, .words(["0", "45", "90", "135", "180", "225", "270", "315"]),
                                    .words(["flip"])])) { a, i throws(EditError) in try i.place(&a) },
        KindCommand(CommandSpec("move", aliases: ["mv"], group: group, usage: "move PIECE X Y",
                        summary: "move a piece (and its group) so its origin is at (X, Y); snaps and anchors",
                        arguments: [.piece(.placed), .value, .value])) { a, i throws(EditError) in try i.move(&a) },
        KindCommand(CommandSpec("nudge", group: group, usage: "nudge PIECE DX DY | nudge PIECE left|right|up|down [STEPS]",
                        summary: "shift a piece (and its group) exactly, without anchoring",
                        details: "Directions move by STEPS quarter units (default 1). DX and DY must be exact.",
                        arguments: [.piece(.placed), .words(["left", "right", "up", "down"]), .value])) { a, i throws(EditError) in try i.nudge(&a) },
        KindCommand(CommandSpec("rotate", aliases: ["rot"], group: group, usage: "rotate PIECE ANGLE [about X Y]",
                        summary: "turn a piece (and its group) counter-clockwise; negative turns clockwise",
                        details: """
                            Turns about a 0.25-grid point near the middle of the piece or group, chosen so the turn \
                            is exact, or about (X, Y). A 45° turn that would need eighths of a unit is refused \
                            (pick a corner of the piece as the pivot, or turn by 90°).
                            """,
                        arguments: [.piece(.placed), .words(["45", "90", "135", "180", "-45", "-90", "-135"]), .words(["about"])])) { a, i throws(EditError) in try i.rotate(&a) },
        KindCommand(CommandSpec("flip", group: group, usage: "flip PIECE",
                        summary: "mirror a piece (and its group) left to right in place",
                        arguments: [.piece(.placed)])) { a, i throws(EditError) in try i.tangramEdit(&a) { (e, piece) throws(EditError) in try e.flip(piece) } },
        KindCommand(CommandSpec("remove", aliases: ["rm"], group: group, usage: "remove PIECE|all",
                        summary: "take a piece off the board (into the tray); `remove all` clears the board",
                        details: "`remove all` (or `clear`) takes every piece off the layer in one undoable edit; pinned pieces stay.",
                        arguments: [.piece(.placed)])) { a, i throws(EditError) in try i.remove(&a) },
        KindCommand(CommandSpec("clear", group: group, usage: "clear [all]",
                        summary: "take every piece off the board in one edit (pinned pieces stay); the same as `remove all`",
                        arguments: [])) { a, i throws(EditError) in try i.remove(&a) },
        KindCommand(CommandSpec("attach", group: group, usage: "attach PIECE PIECE...",
                        summary: "group pieces so they move, turn and flip together",
                        arguments: [.piece(.placed)], repeatsLast: true)) { a, i throws(EditError) in try i.attach(&a) },
        KindCommand(CommandSpec("detach", group: group, usage: "detach PIECE",
                        summary: "take a piece out of its group", arguments: [.piece(.placed)])) { a, i throws(EditError) in try i.tangramEdit(&a) { (e, piece) throws(EditError) in try e.detach(piece) } },
        KindCommand(CommandSpec("pin", group: group, usage: "pin PIECE...",
                        summary: "fix pieces where they are: no command moves them and settling leaves them be",
                        details: """
                            A pinned piece cannot be moved, nudged, turned, flipped or removed, and neither can the \
                            group it belongs to; camera and replayed poses for it are ignored. The view marks it. \
                            Pins are session state, like groups: they are not saved in the puzzle file, but undo, \
                            redo and recovery keep them.
                            """,
                        arguments: [.piece(.unpinned)], repeatsLast: true)) { a, i throws(EditError) in try i.pin(&a) },
        KindCommand(CommandSpec("unpin", group: group, usage: "unpin PIECE...|all",
                        summary: "let pinned pieces move again", arguments: [.piece(.pinned)], repeatsLast: true)) { a, i throws(EditError) in try i.unpin(&a) },
        KindCommand(CommandSpec("snap", group: group, usage: "snap [grid|rotation|anchors on|off] [radius R] [PIECE]",
                        summary: "show or change snapping; `snap PIECE` anchors a piece where it is",
                        details: """
                            grid: inexact positions go to the 0.25 grid. rotation: angles go to 45° steps. anchors: \
                            placed and moved pieces land exactly on a nearby corner or flush with a nearby edge \
                            (within radius R units, default 0.5). Settings belong to the active puzzle.
                            """,
                        arguments: [.snapTarget, .words(["on", "off"])])) { a, i throws(EditError) in try i.snap(&a) },
        KindCommand(CommandSpec("layer", group: group, usage: "layer [solution|tray]",
                        summary: "choose which arrangement piece commands edit: the solution or the tray",
                        arguments: [.words(["solution", "tray"])])) { a, i throws(EditError) in try i.layer(&a) },
    ] }
}
