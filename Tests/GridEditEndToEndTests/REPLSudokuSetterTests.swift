import Foundation
import GridEditTestSupport
import Testing

/// The REPL's Sudoku tools as a setter types them: `grade` and `explain` print the CLI's own words
/// (compared with the real `gridedit sudoku grade|explain` of the same file), the status shows the
/// tier, and a selection takes one edit.
@Suite("gridedit REPL: grade, explain, marks and paste for a Sudoku")
struct REPLSudokuSetterTests {
    @Test("grade and explain in the REPL print what `gridedit sudoku grade` and `explain` print for the file; the status names the tier")
    func gradeAndExplain() throws {
        let run = try EditorRun()
        try run.copy("puzzles/sudoku-9x9/classic-01.json")
        let repl = try run.script(["open classic-01.json", "grade", "explain", "explain 2", "show", "quit"])
        #expect(repl.status == 0, "\(repl.stderr)")
        let grade = try run.run(["sudoku", "grade", "classic-01.json"])
        #expect(grade.status == 0)
        let gradeLine = try #require(grade.lines.first)
        #expect(repl.lines.contains(gradeLine), "REPL: \(repl.stdout)\nCLI: \(gradeLine)")
        let explain = try run.run(["sudoku", "explain", "classic-01.json"])
        #expect(explain.status == 0)
        // The CLI prints the file's name and `puzzle LINE` first; every line after is the REPL's too, in order.
        let body = Array(explain.lines.drop { !$0.hasPrefix("grade: ") })
        #expect(body.count > 10)
        let start = try #require(repl.lines.firstIndex(of: body[0]), "\(repl.stdout)")
        #expect(Array(repl.lines[start..<min(repl.lines.count, start + body.count)]) == body)
        #expect(repl.lines.contains(body[2]), "explain 2 prints step 2")
        let tier = String(gradeLine.split(separator: " ")[1])
        #expect(repl.stdout.contains("solutions: unique · tier \(tier) (hardest: "), "`show`'s status line names the tier: \(repl.stdout)")
    }

    @Test("A selection is one edit; marks toggle; paste replaces the givens; refusals say what to do")
    func selectionMarksPaste() throws {
        let run = try EditorRun()
        try run.copy("puzzles/sudoku-4x4/mini-01.json")
        let line = "1...........4..."
        let repl = try run.script([
            "open mini-01.json", "paste \(line)", "given r1c2,r1c3 2", "mark corner r2c1,r2c2 3", "mark corner r2c1,r2c2 3",
            "mark colour r1c1 7", "unmark r1c1", "paste 1234", "quit --force",
        ])
        let refused = try run.script(["open mini-01.json", "mark sideways r1c1 1", "quit --force"])
        #expect(repl.stdout.contains("paste 16-cell line (2 givens)"), "\(repl.stdout)")
        #expect(repl.stdout.contains("given r1c2, r1c3 = 2"))
        #expect(repl.stdout.contains("add corner 3 in r2c1, r2c2") && repl.stdout.contains("remove corner 3 from r2c1, r2c2"))
        #expect(repl.stdout.contains("add colour 7 in r1c1") && repl.stdout.contains("clear the marks of r1c1"))
        #expect(repl.stderr.contains("a line must have 16, 36 or 81 cells") && repl.stderr.contains("paste a puzzle line"), "\(repl.stderr)")
        #expect(refused.stderr.contains("\"sideways\" is not a kind of mark: use corner, centre or colour"), "\(refused.stderr)")
    }
}
