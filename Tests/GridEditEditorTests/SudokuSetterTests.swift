import Foundation
import GridEditCore
import GridEditEditor
import GridEditJSON
import GridEditLayout
import GridEditTestSupport
import Testing

/// The setter's panel and working marks, checked against the test's own brute force
/// (``BruteForceSudoku``): true candidates on every cell of multi-solution grids from the shared
/// sets, redundant givens (each removable with the solution unique, none of the others), the
/// suggested given, marks through undo and the journal's form, and paste.
@Suite("Sudoku setter: the panel's analysis, marks and paste")
struct SudokuSetterTests {
    /// A 9×9 document holding `line` as its givens, pasted into a blank template.
    static func document(_ line: String, service: GridEditorService = makeService()) throws -> EditorDocument {
        let grid = try SudokuGrid(line: line)
        let document = try service.newDocument(template: "sudoku-\(grid.size.rawValue)x\(grid.size.rawValue)")
        try service.perform(try document.sudokuEditor!.paste(grid, source: "line"), on: document)
        return document
    }

    static func analysis(_ document: EditorDocument) throws -> KindAnalysis {
        let job = try #require(SudokuEditing.analysisJob(of: document))
        let result = job.run({ false }, { _ in })
        return try #require(result)
    }

    static func marks(_ analysis: KindAnalysis, _ role: String) -> [String: [Int]] {
        Dictionary(analysis.marks.filter { $0.role == role }.map { ($0.part, $0.digits) }, uniquingKeysWith: { a, _ in a })
    }

    static func cellName(_ i: Int, _ n: Int) -> String { "r\(i / n + 1)c\(i % n + 1)" }

    @Test("True candidates equal the digits of every solution the brute force finds, on every cell; the count too",
          .sharedSudokuData("tdoku_puzzles7_serg_benchmark.txt"))
    func trueCandidates() throws {
        var generator = SplitMix64(seed: 71)
        let lines = try SharedSudokuData.lines("tdoku_puzzles7_serg_benchmark.txt", limit: 2_000).shuffled(using: &generator)
        var checked = 0
        for line in lines where checked < 8 {
            let brute = try #require(BruteForceSudoku(line))
            let solutions = brute.solutions(limit: 5_000)
            guard solutions.count < 5_000 else { continue }
            checked += 1
            let analysis = try Self.analysis(try Self.document(line))
            #expect(analysis.number("solutions") == String(min(solutions.count, SudokuEditing.solutionCountLimit)), "\(line)")
            let shown = Self.marks(analysis, "true-candidates")
            for i in 0..<81 where line[line.index(line.startIndex, offsetBy: i)] == "." {
                let expected = Set(solutions.map { $0[i] }).sorted()
                #expect(shown[Self.cellName(i, 9)] == expected, "\(line) \(Self.cellName(i, 9))")
            }
            // The suggested given: with it the brute force finds exactly one solution when the note says so.
            let suggested = try #require(analysis.number("suggested"), "a multi-solution grid gets a suggestion")
            let parts = suggested.split(separator: "=")
            let cell = try #require(Cell(text: String(parts[0])))
            var withIt = Array(line)
            withIt[cell.row * 9 + cell.column] = Character(String(parts[1]))
            let count = try #require(BruteForceSudoku(String(withIt))).count(limit: 2)
            let saysUnique = analysis.notes.contains { $0.contains("makes the solution unique") }
            #expect(saysUnique == (count == 1), "\(line): \(suggested), \(count) solutions with it")
            #expect(solutions.contains { $0[cell.row * 9 + cell.column] == Int(parts[1]) }, "the suggestion is a true candidate")
        }
        #expect(checked == 8)
    }

    @Test("Every marked redundant given is removable with the solution unique, and every unmarked given is not",
          .sharedSudokuData("tdoku_puzzles3_magictour_top1465.txt"))
    func redundantGivens() throws {
        var generator = SplitMix64(seed: 72)
        var lines = try SharedSudokuData.lines("tdoku_puzzles3_magictour_top1465.txt").shuffled(using: &generator).prefix(6).map { $0 }
        // Shipped puzzles carry more givens than they need: the marks have work to do there.
        for file in ["puzzles/sudoku-9x9/classic-01.json", "puzzles/sudoku-6x6/six-03.json", "puzzles/sudoku-4x4/mini-02.json"] {
            let document = try makeService().open(Files.path(file))
            lines.append(document.sudoku!.givens.line)
        }
        var marked = 0
        for line in lines {
            let brute = try #require(BruteForceSudoku(line))
            #expect(brute.count(limit: 2) == 1, "\(line) is a proper puzzle")
            let analysis = try Self.analysis(try Self.document(line))
            let redundant = Set(Self.marks(analysis, "redundant").keys)
            let n = brute.n
            for (i, c) in line.enumerated() where c != "." && c != "0" {
                var without = Array(line)
                without[i] = "."
                let unique = try #require(BruteForceSudoku(String(without))).count(limit: 2) == 1
                #expect(redundant.contains(Self.cellName(i, n)) == unique, "\(line): \(Self.cellName(i, n)) removable: \(unique)")
            }
            #expect(analysis.number("redundant") == String(redundant.count))
            marked += redundant.count
        }
        #expect(marked > 0, "some given was redundant")
    }

    @Test("The panel's tier, score and hardest are the CLI's grade line; the steps are explain's lines")
    func panelIsTheGrade() throws {
        let line = try makeService().open(Files.path("puzzles/sudoku-9x9/classic-01.json")).sudoku!.givens.line
        let analysis = try Self.analysis(try Self.document(line))
        let grade = SudokuGrader.grade(try SudokuGrid(line: line), explaining: false)
        #expect("\(analysis.number("tier")!) \(analysis.number("hardest")!) \(analysis.number("steps")!) \(analysis.number("score")!)" == grade.line)
        let explained = SudokuExplanation(try SudokuGrid(line: line))
        #expect(analysis.steps.map(\.text) == explained.grade.steps.indices.map { explained.stepLine($0 + 1).trimmingCharacters(in: .whitespaces) })
        #expect(analysis.steps.allSatisfy { !$0.focus.isEmpty && !$0.changes.isEmpty })
    }

    @Test("Marks toggle as in SudokuPad over a selection, one edit each; undo, redo and the journal's form keep them; the file never has them")
    func marks() throws {
        let service = makeService()
        let document = try service.open(Files.path("puzzles/sudoku-9x9/classic-01.json"))
        let empty = document.sudoku!.givens.cells.indices.filter { document.sudoku!.givens.cells[$0] == 0 }.prefix(3)
            .map { Cell(row: $0 / 9, column: $0 % 9) }
        try service.perform(try document.sudokuEditor!.toggleMark(.corner, 4, in: [empty[0]]), on: document)
        // Not every cell has it: added to all (one edit).
        try service.perform(try document.sudokuEditor!.toggleMark(.corner, 4, in: empty), on: document)
        #expect(empty.allSatisfy { document.sudokuEditor!.marks(of: $0).corner == [4] })
        try service.perform(try document.sudokuEditor!.toggleMark(.centre, 2, in: empty), on: document)
        try service.perform(try document.sudokuEditor!.toggleMark(.colour, 9, in: empty), on: document)
        // Every cell has it: removed from all.
        try service.perform(try document.sudokuEditor!.toggleMark(.corner, 4, in: empty), on: document)
        #expect(empty.allSatisfy { document.sudokuEditor!.marks(of: $0) == SudokuCellMarks(centre: [2], colours: [9]) })
        #expect(!document.isDirty, "marks are not the puzzle")
        try service.undo(document)
        #expect(document.sudokuEditor!.marks(of: empty[1]).corner == [4])
        try service.redo(document)
        #expect(document.sudokuEditor!.marks(of: empty[1]).corner == [])
        // Pencil marks skip a cell with a digit; colours do not.
        let given = Cell(row: document.sudoku!.givens.cells.firstIndex { $0 != 0 }! / 9, column: document.sudoku!.givens.cells.firstIndex { $0 != 0 }! % 9)
        #expect(throws: EditError.self) { try document.sudokuEditor!.toggleMark(.corner, 1, in: [given]) }
        try service.perform(try document.sudokuEditor!.toggleMark(.colour, 1, in: [given]), on: document)
        #expect(throws: EditError.self) { try document.sudokuEditor!.toggleMark(.colour, 10, in: [given]) }
        // The journal's form reads back as the same edits.
        for command in document.undoStack {
            let text = command.journalValue.compactText
            let node = try JSONParser.parse(text)
            #expect(try EditCommand(journal: LineObject(node: node, line: 1)) == command)
        }
        // Unmark clears one layer, then all.
        try service.perform(try document.sudokuEditor!.clearMarks([.colour], in: empty), on: document)
        #expect(document.sudokuEditor!.marks(of: empty[0]) == SudokuCellMarks(centre: [2]))
        try service.perform(try document.sudokuEditor!.clearMarks([], in: empty), on: document)
        #expect(document.sudokuEditor!.marks(of: empty[0]).isEmpty)
        #expect(throws: EditError.self) { try document.sudokuEditor!.clearMarks([], in: empty) }
        #expect(document.fileDocument.canonicalText().contains("corner") == false)
    }

    @Test("Paste: a line, an f-puzzles link and a SudokuPad link replace the givens in one edit; wrong sizes and junk are refused with what to do")
    func paste() throws {
        let service = makeService()
        let document = try service.open(Files.path("puzzles/sudoku-9x9/classic-01.json"))
        let before = document.sudoku!.givens
        let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        for text in [line, SudokuLinks.link(for: SudokuLinkContent(givens: try SudokuGrid(line: line)), format: .fpuzzles),
                     SudokuLinks.link(for: SudokuLinkContent(givens: try SudokuGrid(line: line)), format: .sudokupad)] {
            let (grid, _) = try SudokuEditor.pasted(text)
            #expect(grid.line == line)
        }
        try service.perform(try document.sudokuEditor!.paste(try SudokuGrid(line: line), source: "line"), on: document)
        #expect(document.sudoku!.givens.line == line)
        try service.undo(document)
        #expect(document.sudoku!.givens == before, "one edit")
        #expect { try document.sudokuEditor!.paste(try SudokuGrid(line: String(repeating: ".", count: 16)), source: "line") } throws: { error in
            (error as? EditError)?.message.contains("is a 4×4 puzzle and this grid is 9×9") == true
        }
        #expect { _ = try SudokuEditor.pasted("hello") } throws: { error in
            (error as? EditError)?.message.contains("paste a puzzle line") == true
        }
        #expect { _ = try SudokuEditor.pasted("https://www.f-puzzles.com/?id=abc") } throws: { error in
            (error as? EditError)?.message.contains("short id") == true
        }
    }
}
