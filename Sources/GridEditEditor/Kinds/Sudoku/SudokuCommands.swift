import GridEditCore
import GridEditLayout

/// The Sudoku's REPL commands: their help, completion and handler (the handlers are the
/// interpreter's cell commands, `CommandInterpreter+Cells.swift` beside this file). CELLS is one
/// cell (`r3c4`) or several joined by commas (`r3c4,r3c5,r4c4`): a selection, changed in one edit.
extension SudokuEditing {
    static let group = CommandSpec.Group("Sudoku")

    public static var commands: [KindCommand] { [
        KindCommand(CommandSpec("set", group: group, usage: "set CELLS DIGIT",
                        summary: "enter a digit in the working grid (CELLS like r3c4 or r3c4,r3c5)",
                        details: "The working grid is the puzzle played through; conflicts show as sudoku.conflict. Givens in the selection are left as they are.",
                        arguments: [.value, .value])) { a, i throws(EditError) in try i.setCell(&a) },
        KindCommand(CommandSpec("clear", group: group, usage: "clear CELLS|all",
                        summary: "empty entered cells (or every entered cell)", arguments: [.words(["all"])])) { a, i throws(EditError) in try i.clearCell(&a) },
        KindCommand(CommandSpec("given", group: group, usage: "given CELLS DIGIT|.",
                        summary: "make cells givens, or (with .) empty cells again", arguments: [.value, .value])) { a, i throws(EditError) in try i.given(&a) },
        KindCommand(CommandSpec("mark", group: group, usage: "mark corner|centre|colour CELLS DIGIT",
                        summary: "toggle a corner or centre pencil mark, or a colour (1–9), in cells",
                        details: """
                            As in SudokuPad: when every cell of the selection has the mark it is removed from all, \
                            otherwise added to all. Pencil marks skip cells holding a digit. Marks are working state: \
                            undone, journaled and kept while the puzzle is open, never written to the puzzle file.
                            """,
                        arguments: [.words(["corner", "centre", "colour"]), .value, .value])) { a, i throws(EditError) in try i.mark(&a) },
        KindCommand(CommandSpec("unmark", group: group, usage: "unmark CELLS [corner|centre|colour]",
                        summary: "clear the marks (of one kind) of cells", arguments: [.value, .words(["corner", "centre", "colour"])])) { a, i throws(EditError) in try i.unmark(&a) },
        KindCommand(CommandSpec("paste", group: group, usage: "paste LINE|LINK",
                        summary: "replace the givens with a puzzle line or a SudokuPad or f-puzzles link",
                        details: "One edit (undo brings the old givens back); entered digits and marks go. The grid sizes must match.",
                        arguments: [.value])) { a, i throws(EditError) in try i.paste(&a) },
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
        KindCommand(CommandSpec("grade", group: group, usage: "grade",
                        summary: "the givens' grade: tier, hardest technique, steps and score (as `gridedit sudoku grade`)")) { a, i throws(EditError) in try i.grade(&a) },
        KindCommand(CommandSpec("explain", group: group, usage: "explain [STEP]",
                        summary: "the solution in numbered steps, in plain words (as `gridedit sudoku explain`); STEP shows one",
                        arguments: [.value])) { a, i throws(EditError) in try i.explain(&a) },
    ] }
}
