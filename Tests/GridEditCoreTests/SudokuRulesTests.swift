import Foundation
import GridEditCore
import GridEditJSON
import GridEditTestSupport
import Testing

private let metadata = PuzzleMetadata(id: "p", name: "P", difficulty: .easy,
                                      createdAt: "2026-11-22T09:00:00Z", updatedAt: "2026-11-22T09:00:00Z")

private func puzzle(_ line: String, difficulty: Difficulty = .easy, solution: String? = nil) throws -> SudokuPuzzle {
    var m = metadata
    m.difficulty = difficulty
    return SudokuPuzzle(metadata: m, givens: try SudokuGrid(line: line), solution: try solution.map { try SudokuGrid(line: $0) })
}

private func findings(_ p: SudokuPuzzle, _ rule: String) -> [Finding] {
    SudokuKind.validate(p).filter { $0.rule == rule }
}

/// The X-wing puzzle of the grader tests and its solution.
private let hard = "................12....345........3....6.......71..8......2.6..834.......5..7....."

@Suite("Sudoku check rules")
struct SudokuRulesTests {
    @Test("a unique puzzle of the right difficulty has no findings")
    func clean() throws {
        let grid = try SudokuGrid(line: hard)
        let solution = try #require(SudokuSolver.countSolutions(grid).solution)
        #expect(SudokuKind.validate(try puzzle(hard, difficulty: .hard, solution: solution.line)).isEmpty)
    }

    @Test("no solution: reported once, with the cell where the forced steps end")
    func noSolution() throws {
        let grid = try SudokuGrid(line: hard)
        let solution = try #require(SudokuSolver.countSolutions(grid).solution)
        // A wrong digit in an empty cell that breaks no rule by itself.
        var broken = grid
        let (r, c, digit) = try #require((0..<81).lazy.compactMap { i -> (Int, Int, UInt8)? in
            guard grid.cells[i] == 0 else { return nil }
            for d in UInt8(1)...9 where d != solution.cells[i] {
                var probe = grid
                probe[i / 9, i % 9] = d
                if probe.conflicts.isEmpty { return (i / 9, i % 9, d) }
            }
            return nil
        }.first)
        broken[r, c] = digit
        try #require(BruteForceSudoku.count(size: 9, cells: broken.cells).count == 0)
        let found = findings(try puzzle(broken.line), "sudoku.no-solution")
        #expect(found.count == 1)
        #expect(found.first?.severity == .error)
        #expect(found.first?.path == JSONPath.root.appending(key: "givens"))
        #expect(found.first?.message.hasPrefix("the givens have no solution") == true)
        #expect(findings(try puzzle(broken.line), "sudoku.multiple-solutions").isEmpty)
        #expect(findings(try puzzle(broken.line), "sudoku.difficulty-mismatch").isEmpty)
    }

    @Test("the contradiction is named when singles reach it")
    func contradictionMessage() throws {
        // r1c9 can take no digit: 1–8 in its row, 9 in its column.
        let line = SudokuSolverTests.line(9, (0..<8).map { (0, $0, $0 + 1) } + [(5, 8, 9)])
        let message = try #require(findings(try puzzle(line), "sudoku.no-solution").first?.message)
        #expect(message == "the givens have no solution; r1c9 has no digit left that its row, column and box allow; change or remove a given")
    }

    @Test("conflicting givens are given-conflict's business alone")
    func conflicts() throws {
        let p = try puzzle("11" + String(repeating: ".", count: 14))
        // Reported twice (row 1 and box 1), and by nothing else.
        #expect(SudokuKind.validate(p).map(\.rule) == ["sudoku.given-conflict", "sudoku.given-conflict"])
    }

    @Test("several solutions: two cells that differ are named, each with both digits")
    func multipleSolutions() throws {
        var random = TestRandom(seed: 12)
        for size in [4, 6, 9] {
            let (unique, solution) = randomPuzzle(size: size, random: &random)
            // Remove givens until there is more than one solution.
            var grid = unique
            for index in grid.cells.indices where grid.cells[index] != 0 {
                grid[index / size, index % size] = 0
                if BruteForceSudoku.count(size: size, cells: grid.cells).count > 1 { break }
            }
            let found = findings(try puzzle(grid.line, solution: SudokuGrid(size: grid.size, cells: solution)!.line),
                                 "sudoku.multiple-solutions")
            #expect(found.count == 1)
            let message = try #require(found.first?.message)
            // "r1c3 is 4 in one solution and 7 in another, and r2c5 is 7 in one solution and 4 in another"
            let claims = message.matches(of: /r(\d)c(\d) is (\d) in one solution and (\d) in another/)
            #expect(claims.count == 2, "\(message)")
            let result = SudokuSolver.countSolutions(grid)
            for claim in claims {
                let (r, c) = (Int(claim.1)! - 1, Int(claim.2)! - 1)
                #expect(grid[r, c] == 0)
                #expect(result.solutions.map { $0[r, c] } == [UInt8(claim.3)!, UInt8(claim.4)!])
                #expect(claim.3 != claim.4)
            }
            #expect(message.contains("the stored solution is only one of them"))
        }
    }

    @Test("templates (no givens) are not reported")
    func template() throws {
        #expect(SudokuKind.validate(try puzzle(String(repeating: ".", count: 81))).isEmpty)
    }

    @Test("a difficulty that disagrees with the grade is a warning naming both", arguments: [
        (Difficulty.easy, "difficulty is \"easy\" but the grade is hard (hardest technique: X-wing); set \"difficulty\": \"hard\""),
        (.expert, "difficulty is \"expert\" but the grade is hard (hardest technique: X-wing); set \"difficulty\": \"hard\""),
    ])
    func difficultyMismatch(stored: Difficulty, message: String) throws {
        let found = findings(try puzzle(hard, difficulty: stored), "sudoku.difficulty-mismatch")
        #expect(found.count == 1)
        #expect(found.first?.severity == .warning)
        #expect(found.first?.path == JSONPath.root.appending(key: "difficulty"))
        #expect(found.first?.message.hasPrefix(message) == true, "\(found.first?.message ?? "")")
    }

    @Test("beyond-logic puzzles belong in expert")
    func beyondLogicIsExpert() throws {
        let line = "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2"
        #expect(findings(try puzzle(line, difficulty: .expert), "sudoku.difficulty-mismatch").isEmpty)
        let message = try #require(findings(try puzzle(line, difficulty: .hard), "sudoku.difficulty-mismatch").first?.message)
        #expect(message.contains("beyond-logic"))
        #expect(message.contains("set \"difficulty\": \"expert\""))
    }
}

@Suite("pack.duplicate-puzzle for Sudoku")
struct SudokuDuplicateRuleTests {
    func pack(_ lines: [String]) throws -> Pack {
        var puzzles: [Int: PuzzleFacts] = [:]
        for (i, line) in lines.enumerated() {
            var m = metadata
            m.id = "p\(i)"
            puzzles[i] = PuzzleFacts(SudokuPuzzle(metadata: m, givens: try SudokuGrid(line: line)))
        }
        let names = lines.indices.map { "p\($0).json" }
        let manifest = PackManifest(id: "pack", title: "Pack", description: "", ageRange: 4...10, puzzles: names)
        return Pack(folder: "pack", manifest: manifest, files: names, puzzles: puzzles)
    }

    @Test("a disguised copy is reported at the later entry, naming the earlier one")
    func disguised() throws {
        var random = TestRandom(seed: 4)
        let (a, _) = randomPuzzle(size: 9, random: &random)
        let (b, _) = randomPuzzle(size: 9, random: &random)
        let found = try pack([a.line, b.line, disguise(a, &random, transpose: true).line, a.line])
            .validate().filter { $0.rule == "pack.duplicate-puzzle" }
        #expect(found.map(\.path) == [2, 3].map { JSONPath.root.appending(key: "puzzles").appending(index: $0) })
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(found.first?.message.hasPrefix("p2.json is the same Sudoku as p0.json (the same givens once digits are renamed") == true)
        #expect(found.last?.message.hasPrefix("p3.json is the same Sudoku as p0.json (the same givens)") == true)
    }

    @Test("different puzzles, and the same puzzle at another size, are not duplicates")
    func distinct() throws {
        var random = TestRandom(seed: 9)
        let lines = (0..<5).map { _ in randomPuzzle(size: 6, random: &random).puzzle.line }
            + [randomPuzzle(size: 4, random: &random).puzzle.line]
        #expect(try pack(lines).validate().filter { $0.rule == "pack.duplicate-puzzle" }.isEmpty)
    }
}

@Suite("Sudoku batch line interface")
struct SudokuBatchTests {
    @Test("lines: extra fields, CRLF, comments and blank lines; errors keep their place")
    func parsing() throws {
        let text = "# header\r\n1.3.0.2..1..4... 17 clues\r\n\r\n..2.........3.1.,rated\n12x4............\n1234\n  ..2.........3.1.;x\n"
        let input = SudokuBatch.parse(Array(text.utf8))
        #expect(input.count == 5)
        #expect(input.lines.map(\.number) == [2, 4, 5, 6, 7])
        #expect(try input.lines[0].puzzle.get().line == "1.3...2..1..4...")
        #expect(try input.lines[1].puzzle.get().line == "..2.........3.1.")
        #expect(input.errors(source: "in") == [
            "in:5: character 3 is \"x\": use a digit for the size or . or 0 for an empty cell",
            "in:6: a line must have 16, 36 or 81 cells (4×4, 6×6, 9×9); this one has 4",
        ])
        let output = String(decoding: SudokuBatch.solve(input, limit: 2, jobs: 1), as: UTF8.self)
        let rows = output.split(separator: "\n").map(String.init)
        #expect(rows.count == 5)
        #expect(rows[2] == "error -")
        #expect(rows[3] == "error -")
        #expect(rows[1] == rows[4])
    }

    @Test("9×9 lines: a digit above the size or a stray character is refused where it stands; counts of 10 and more print whole")
    func nineByNine() throws {
        var random = TestRandom(seed: 5)
        let full = SudokuTestData.randomFullGrid(size: 9, random: &random)
        let solved = full.map { String($0) }.joined()
        let empty = String(repeating: ".", count: 81)
        let bad = String(solved.prefix(40)) + "a" + String(solved.dropFirst(41))
        let small = "1.3.5.2..1..4..."
        let input = SudokuBatch.parse(Array([solved, bad, empty, small].joined(separator: "\n").utf8))
        #expect(input.errors(source: "in") == [
            "in:2: character 41 is \"a\": use a digit for the size or . or 0 for an empty cell",
            "in:4: character 5 is \"5\": use a digit for the size or . or 0 for an empty cell",
        ])
        let rows = String(decoding: SudokuBatch.solve(input, limit: 12, jobs: 1), as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(rows == ["1 \(solved)", "error -", rows[2], "error -"])
        let fields = rows[2].split(separator: " ")
        #expect(fields.first == "12")
        #expect(try SudokuGrid(line: String(fields.last ?? "")).cells.allSatisfy { $0 != 0 })
    }

    @Test("solve agrees with the solver, in input order, for any number of jobs")
    func order() throws {
        var random = TestRandom(seed: 21)
        var lines: [String] = []
        for i in 0..<700 {
            let size = [4, 6, 9][i % 3]
            var cells = SudokuTestData.randomFullGrid(size: size, random: &random)
            for c in cells.indices where random.below(100) < 75 { cells[c] = 0 }
            lines.append(SudokuGrid(size: sudokuSize(size), cells: cells)!.line)
        }
        let input = SudokuBatch.parse(Array(lines.joined(separator: "\n").utf8))
        let one = SudokuBatch.solve(input, limit: 3, jobs: 1)
        #expect(SudokuBatch.solve(input, limit: 3, jobs: 4) == one)
        let rows = String(decoding: one, as: UTF8.self).split(separator: "\n")
        #expect(rows.count == lines.count)
        for (line, row) in zip(lines, rows) {
            let result = SudokuSolver.countSolutions(try SudokuGrid(line: line), limit: 3)
            #expect(row == "\(result.count) \(result.solutions.first?.line ?? "-")")
        }
    }
}
