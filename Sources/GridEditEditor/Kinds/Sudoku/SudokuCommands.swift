import GridEditCore
import GridEditLayout

/// The Sudoku's REPL commands: their help, completion and handler (the handlers are the
/// interpreter's cell commands, `CommandInterpreter+Cells.swift` beside this file).
extension SudokuEditing {
    static let group = CommandSpec.Group("Sudoku")

    public static var commands: [KindCommand] { [
        KindCommand(CommandSpec("set", group: group, usage: "set CELL DIGIT",
                        summary: "enter a digit in the working grid (CELL like r3c4)",
                        details: "The working grid is the puzzle played through; conflicts show as sudoku.conflict.",
                        arguments: [.value, .value])) { a, i throws(EditError) in try i.setCell(&a) },
        KindCommand(CommandSpec("clear", group: group, usage: "clear CELL|all",
                        summary: "empty an entered cell (or every entered cell)", arguments: [.words(["all"])])) { a, i throws(EditError) in try i.clearCell(&a) },
        KindCommand(CommandSpec("given", group: group, usage: "given CELL DIGIT|.",
                        summary: "make a cell a given, or (with .) an empty cell again", arguments: [.value, .value])) { a, i throws(EditError) in try i.given(&a) },
        KindCommand(CommandSpec("candidates", aliases: ["cand"], group: group, usage: "candidates [CELL]",
                        summary: "the digits still possible in a cell (or in every empty cell)", arguments: [.value])) { a, i throws(EditError) in try i.candidates(&a) },
        KindCommand(CommandSpec("hint", group: group, usage: "hint [--place]",
                        summary: "the next logical step for the working grid; --place enters the digit it finds",
                        details: """
                            Uses the Sudoku grader: it names the technique and the cells (hidden single, naked pair, \
                            X-wing, …) leading to the next digit, or points out a conflict, entered digits that are \
                            not the solution, or givens that do not make a puzzle (no or several solutions). \
                            --place enters the digit as an ordinary, undoable edit.
                            """,
                        flags: ["--place"])) { a, i throws(EditError) in try i.hint(&a) },
    ] }
}
