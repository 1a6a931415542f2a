import Foundation
import GridEditCore
import GridEditJSON
import GridEditEditor
import GridEditLayout
import GridEditTestSupport
import Testing

@Suite("Sudoku editing: set, clear, given, candidates, and what a save keeps")
struct SudokuEditingTests {
    @Test("Cells are written r3c4")
    func cells() {
        #expect(Cell(text: "r3c4") == Cell(row: 2, column: 3))
        #expect(Cell(text: "R9C1") == Cell(row: 8, column: 0))
        #expect(Cell(text: "3,4") == nil && Cell(text: "r3") == nil && Cell(text: "rxc1") == nil)
        #expect(Cell(row: 0, column: 8).description == "r1c9")
    }

    @Test("Givens are protected; entered digits come and go; candidates follow the grid")
    func editing() throws {
        let service = makeService()
        let document = try service.open(Files.path("puzzles/sudoku-4x4/mini-01.json"))
        let content = try #require(document.sudoku)
        let given = try #require(content.givens.cells.firstIndex { $0 != 0 })
        let empty = try #require(content.givens.cells.firstIndex { $0 == 0 })
        let givenCell = Cell(row: given / 4, column: given % 4), emptyCell = Cell(row: empty / 4, column: empty % 4)
        #expect(throws: EditError.self) { try document.sudokuEditor!.set(givenCell, to: 1) }
        #expect(throws: EditError.self) { try document.sudokuEditor!.clear(givenCell) }
        #expect(throws: EditError.self) { try document.sudokuEditor!.set(Cell(row: 4, column: 0), to: 1) }
        let options = try #require(try document.sudokuEditor!.candidates(emptyCell))
        #expect(!options.isEmpty && options.allSatisfy { (1...4).contains($0) })
        try service.perform(try document.sudokuEditor!.set(emptyCell, to: options[0]), on: document)
        #expect(document.sudoku!.currentState.cells[empty] == UInt8(options[0]))
        #expect(try document.sudokuEditor!.candidates(emptyCell) == nil, "a filled cell has no candidates")
        try service.perform(try document.sudokuEditor!.clear(emptyCell), on: document)
        #expect(!document.isDirty)
        try service.perform(try document.sudokuEditor!.setGiven(givenCell, to: nil), on: document)
        #expect(document.sudoku!.givens.cells[given] == 0)
    }

    @Test("A save stores a completed, correct grid as the solution and says when entries are not kept")
    func savingSolutions() throws {
        let folder = try TemporaryFolder()
        let path = try copy(Files.path("templates/sudoku-4x4.json"), into: folder, as: "tiny.json")
        let service = makeService()
        let document = try service.open(path)
        let rows = ["1234", "3412", "2143", "4321"]
        try service.perform(try document.sudokuEditor!.setGiven(Cell(row: 0, column: 0), to: 1), on: document)
        try service.perform(try document.sudokuEditor!.set(Cell(row: 0, column: 1), to: 2), on: document)
        let partial = try service.save(document)
        #expect(partial.notes.contains { $0.contains("not saved") })
        #expect(!(try folder.read("tiny.json").contains("solution")))
        for (r, row) in rows.enumerated() {
            for (c, ch) in row.enumerated() where !(r == 0 && c < 2) {
                try service.perform(try document.sudokuEditor!.set(Cell(row: r, column: c), to: ch.wholeNumberValue!), on: document)
            }
        }
        #expect(!document.findings.contains { $0.rule == "sudoku.conflict" }, "the filled-in grid is correct")
        let full = try service.save(document)
        #expect(full.notes.contains { $0.contains("solution") })
        #expect(try folder.read("tiny.json").contains(#""solution": ["1234", "3412", "2143", "4321"]"#))
    }

    @Test("The solution count tells a designer whether the givens make a puzzle")
    func solutionCount() throws {
        let service = makeService()
        let document = try service.open(Files.path("puzzles/sudoku-9x9/classic-01.json"))
        var content = try #require(document.sudoku)
        #expect(content.givensSolutionCount == .unique && content.entriesSolutionCount == nil)
        #expect(content.solutionSummary == "solutions: unique")
        let solution = try #require(content.solution)
        let empty = try #require(content.givens.cells.firstIndex(of: 0))
        let wrong = (1...9).first { UInt8($0) != solution.cells[empty] && content.currentState.cells.isEmpty == false }!
        try service.perform(try document.sudokuEditor!.set(Cell(row: empty / 9, column: empty % 9), to: wrong), on: document)
        content = document.sudoku!
        #expect(content.entriesSolutionCount == SudokuSolver.SolveResult.Verdict.none, "a wrong digit leads nowhere")
        #expect(content.solutionSummary.hasSuffix("entries: dead end"))
        var sparse = content
        sparse.givens = SudokuGrid(size: .nine)
        sparse.currentState = sparse.givens
        #expect(sparse.givensSolutionCount == .multiple)
    }

    @Test("hint names the next step; --place enters the digit it finds, the solution's, as one undoable edit")
    func hints() async throws {
        let service = makeService()
        let console = CapturingConsole()
        let interpreter = CommandInterpreter(service: service, console: console)
        #expect(await interpreter.execute("open \(Files.path("puzzles/sudoku-9x9/classic-01.json"))") == .ok)
        let document = try #require(service.active)
        let solution = try #require(document.sudoku?.solution)
        #expect(await interpreter.execute("hint") == .ok)
        #expect(console.lines.last?.text.contains(": ") == true, "a technique and its explanation")
        #expect(document.undoStack.isEmpty, "a plain hint changes nothing")
        #expect(await interpreter.execute("hint --place") == .ok)
        let edit = try #require(document.undoStack.last)
        #expect(edit.label.hasPrefix("hint: set r") && document.undoStack.count == 1)
        guard case .part(let name, _, let after) = edit.changes.first, let hinted = Cell(text: name) else { Issue.record("a cell edit"); return }
        #expect(after == .object([.init("entered", .number(String(solution[hinted.row, hinted.column])))]))

        // A digit that breaks no rule yet is not the solution's: the hint says it is wrong.
        let content = try #require(document.sudoku)
        var found: (Cell, Int)?
        for i in content.currentState.cells.indices where content.currentState.cells[i] == 0 && found == nil {
            let cell = Cell(row: i / 9, column: i % 9)
            let options = (try? document.sudokuEditor!.candidates(cell)) ?? nil
            if let digit = options?.first(where: { UInt8($0) != solution.cells[i] }) { found = (cell, digit) }
        }
        let (cell, wrong) = try #require(found)
        #expect(await interpreter.execute("set \(cell) \(wrong)") == .ok)
        #expect(await interpreter.execute("hint") == .ok)
        #expect(console.lines.last?.text == "\(cell) is wrong.")
        #expect(await interpreter.execute("hint --place") == .failed("this hint places no digit"))
        #expect(await interpreter.execute("new tangram") == .ok)
        // A tangram's hints are play mode's.
        #expect(await interpreter.execute("hint") == .failed("hints are for play: `play` starts it on the active puzzle (a Sudoku's own `hint` works while editing)"))
    }
}
