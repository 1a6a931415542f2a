import Foundation
import GridEditCore
import GridEditTestSupport
import Testing

// The independent brute force is GridEditTestSupport's `BruteForceSudoku`, written apart from
// the product's solvers and sharing no code with them.

// MARK: - Helpers shared by the Sudoku test files

/// SplitMix64, for random puzzles that are the same on every run.
struct TestRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

enum SudokuTestData {

    /// A full valid grid from the brute force with digits tried in a random order.
    static func randomFullGrid(size: Int, random: inout TestRandom) -> [UInt8] {
        // Fill the first row at random, then let the brute force complete it; relabel digits
        // and shuffle rows within bands for variety.
        var cells = [UInt8](repeating: 0, count: size * size)
        var digits = Array(1...size)
        digits.shuffle(using: &random)
        for c in 0..<size { cells[c] = UInt8(digits[c]) }
        let solved = BruteForceSudoku.count(size: size, cells: cells, limit: 1).first!
        let boxRows = size == 9 ? 3 : 2
        var rows = Array(0..<size)
        for band in stride(from: 0, to: size, by: boxRows) { rows[band..<band + boxRows].shuffle(using: &random) }
        return rows.flatMap { r in (0..<size).map { UInt8(solved[r * size + $0]) } }
    }

    static func isValidSolution(_ solution: [UInt8], of cells: [UInt8], size: Int) -> Bool {
        guard solution.count == size * size, solution.allSatisfy({ (1...size).contains(Int($0)) }) else { return false }
        guard zip(cells, solution).allSatisfy({ $0 == 0 || $0 == $1 }) else { return false }
        // A full grid that the brute force reads without a conflict has every digit once per unit.
        return BruteForceSudoku(cells: solution).map { $0.n == size && !$0.hasConflict } ?? false
    }
}

func sudokuSize(_ n: Int) -> SudokuSize { SudokuSize(rawValue: n)! }

// MARK: - Tests

@Suite("Sudoku solver")
struct SudokuSolverTests {
    /// The product's answer must equal the brute force's: the count (to `limit`), and when the
    /// solution is unique, the solution; every solution returned must be valid and keep the givens.
    func expectAgreement(_ cells: [UInt8], size: Int, limit: Int = 2, _ label: @autoclosure () -> String,
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let grid = SudokuGrid(size: sudokuSize(size), cells: cells)!
        let result = SudokuSolver.countSolutions(grid, limit: limit)
        let brute = BruteForceSudoku.count(size: size, cells: cells, limit: limit)
        #expect(result.count == brute.count, "\(label()): solver \(result.count), brute force \(brute.count) (\(grid.line))",
                sourceLocation: sourceLocation)
        for solution in result.solutions {
            #expect(SudokuTestData.isValidSolution(solution.cells, of: cells, size: size),
                    "\(label()): invalid solution \(solution.line)", sourceLocation: sourceLocation)
        }
        #expect(result.solutions.count == min(result.count, 2), sourceLocation: sourceLocation)
        if brute.count == 1 {
            #expect(result.solution?.cells.map(Int.init) == brute.first, "\(label())", sourceLocation: sourceLocation)
        }
        if result.solutions.count == 2 {
            #expect(result.solutions[0] != result.solutions[1], sourceLocation: sourceLocation)
            #expect(result.differences.count >= 2, sourceLocation: sourceLocation)
        }
    }

    @Test("random puzzles of every size agree with the brute force", arguments: [4, 6, 9])
    func randomPuzzles(size: Int) {
        var random = TestRandom(seed: UInt64(size) * 7919)
        let cases = size == 9 ? 150 : 400
        for i in 0..<cases {
            let full = SudokuTestData.randomFullGrid(size: size, random: &random)
            var cells = full
            // From nearly full to very sparse (many solutions).
            let keep = size * size * (5 + random.below(70)) / 100
            var order = Array(0..<size * size)
            order.shuffle(using: &random)
            for cell in order.dropFirst(keep) { cells[cell] = 0 }
            expectAgreement(cells, size: size, "random \(size)×\(size) #\(i)")
            // The same puzzle with one wrong digit added in an empty cell: often no solution.
            if let empty = order.dropFirst(keep).first {
                var wrong = cells
                wrong[empty] = UInt8(1 + (Int(full[empty]) + random.below(size - 1)) % size)
                expectAgreement(wrong, size: size, "random \(size)×\(size) #\(i) with a wrong digit")
            }
        }
    }

    @Test("random scattered digits (mostly invalid or unsolvable) agree with the brute force", arguments: [4, 6, 9])
    func randomNoise(size: Int) {
        var random = TestRandom(seed: 4242 + UInt64(size))
        for i in 0..<(size == 9 ? 150 : 400) {
            var cells = [UInt8](repeating: 0, count: size * size)
            for _ in 0..<random.below(size * 2 + 4) {
                cells[random.below(size * size)] = UInt8(1 + random.below(size))
            }
            expectAgreement(cells, size: size, "noise \(size)×\(size) #\(i)")
        }
    }

    @Test("counts beyond 2 agree with the brute force", arguments: [4, 6, 9])
    func higherLimits(size: Int) {
        var random = TestRandom(seed: 99 + UInt64(size))
        for i in 0..<40 {
            let full = SudokuTestData.randomFullGrid(size: size, random: &random)
            var cells = full
            for cell in 0..<size * size where random.below(100) < (size == 9 ? 55 : 60) { cells[cell] = 0 }
            expectAgreement(cells, size: size, limit: 25, "limit 25, \(size)×\(size) #\(i)")
        }
    }

    @Test("the empty 4×4 grid has exactly 288 solutions")
    func empty4x4() {
        let result = SudokuSolver.countSolutions(SudokuGrid(size: .four), limit: 10_000)
        #expect(result.count == 288)
        #expect(!result.isCapped)
        #expect(BruteForceSudoku.count(size: 4, cells: Array(repeating: 0, count: 16), limit: 10_000).count == 288)
    }

    @Test("empty and nearly empty grids stop at the limit", arguments: SudokuSize.allCases)
    func emptyGrid(size: SudokuSize) {
        let result = SudokuSolver.countSolutions(SudokuGrid(size: size), limit: 2)
        #expect(result.count == 2)
        #expect(result.verdict == .multiple)
        #expect(result.isCapped)
        #expect(result.solution == nil)
        let witness = result.differences
        #expect(witness.count >= 2)
        for difference in witness { #expect(difference.first != difference.second) }
    }

    /// A line of `size × size` cells with the given digits placed (0-based row, column).
    static func line(_ size: Int, _ digits: [(Int, Int, Int)]) -> String {
        var chars = [Character](repeating: ".", count: size * size)
        for (r, c, d) in digits { chars[r * size + c] = Character(String(d)) }
        return String(chars)
    }

    @Test("conflicting givens have no solution", arguments: [
        line(4, [(0, 0, 1), (0, 1, 1)]), line(4, [(0, 0, 1), (1, 0, 1)]), line(4, [(0, 0, 1), (1, 1, 1)]),
        line(6, [(0, 0, 1), (0, 5, 1)]), line(6, [(0, 0, 1), (1, 2, 1)]), line(6, [(2, 3, 6), (5, 3, 6)]),
        line(9, [(0, 0, 5), (0, 8, 5)]), line(9, [(0, 0, 5), (8, 0, 5)]), line(9, [(3, 3, 5), (5, 5, 5)]),
        // No direct conflict, but r1c9 has no digit left: 1–8 in its row, 9 in its column.
        line(9, [(0, 0, 1), (0, 1, 2), (0, 2, 3), (0, 3, 4), (0, 4, 5), (0, 5, 6), (0, 6, 7), (0, 7, 8), (5, 8, 9)]),
    ])
    func conflictingGivens(line: String) throws {
        let grid = try SudokuGrid(line: line)
        let result = SudokuSolver.countSolutions(grid)
        #expect(result.count == 0)
        #expect(result.verdict == .none)
        #expect(result.solutions.isEmpty)
        #expect(BruteForceSudoku.count(size: grid.size.rawValue, cells: grid.cells).count == 0)
    }

    static let publishedFiles = [("norvig_top95.txt", 10), ("norvig_hardest.txt", 11), ("tdoku_puzzles2_17_clue.txt", 10),
                                 ("tdoku_puzzles3_magictour_top1465.txt", 10), ("tdoku_puzzles5_forum_hardest_1905_11plus.txt", 4),
                                 ("tdoku_puzzles7_serg_benchmark.txt", 20)]

    @Test("published puzzles agree with the brute force, also with a given removed or a wrong digit added",
          .sharedSudokuData(SudokuSolverTests.publishedFiles.map(\.0)))
    func publishedPuzzles() throws {
        var puzzles: [String] = []
        for (name, count) in Self.publishedFiles {
            puzzles += try SharedSudokuData.lines(name, limit: count)
        }
        var random = TestRandom(seed: 17)
        for (i, line) in puzzles.enumerated() {
            let grid = try SudokuGrid(line: line)
            expectAgreement(grid.cells, size: 9, "published #\(i)")
            let givens = grid.cells.indices.filter { grid.cells[$0] != 0 }
            var fewer = grid.cells
            fewer[givens[random.below(givens.count)]] = 0
            expectAgreement(fewer, size: 9, "published #\(i) minus a given")
            let empties = grid.cells.indices.filter { grid.cells[$0] == 0 }
            var more = grid.cells
            more[empties[random.below(empties.count)]] = UInt8(1 + random.below(9))
            expectAgreement(more, size: 9, "published #\(i) plus a digit")
        }
    }

    static let benchmarkFiles = [("tdoku_puzzles3_magictour_top1465.txt", 1), ("tdoku_puzzles6_forum_hardest_1106.txt", 1),
                                 ("tdoku_puzzles7_serg_benchmark.txt", 2), ("norvig_top95.txt", 1)]

    @Test("the shared benchmark files have the solution counts their README states",
          .sharedSudokuData(SudokuSolverTests.benchmarkFiles.map(\.0)))
    func benchmarkFileCounts() throws {
        var counter = SudokuCounter(keep: 1)
        for (name, expected) in Self.benchmarkFiles {
            let lines = try SharedSudokuData.lines(name)
            var wrong = 0
            for line in lines where counter.count(try SudokuGrid(line: line), limit: 2).count != expected { wrong += 1 }
            #expect(wrong == 0, "\(name): \(wrong) of \(lines.count) puzzles do not have \(expected == 1 ? "one solution" : "2+ solutions")")
        }
    }

    @Test("a reused counter gives the same answers as fresh ones")
    func reusedCounter() throws {
        var random = TestRandom(seed: 5)
        var counter = SudokuCounter()
        for size in [9, 4, 6, 9, 6, 4] {
            for _ in 0..<30 {
                var cells = SudokuTestData.randomFullGrid(size: size, random: &random)
                for cell in cells.indices where random.below(100) < 70 { cells[cell] = 0 }
                let grid = SudokuGrid(size: sudokuSize(size), cells: cells)!
                #expect(counter.count(grid, limit: 3) == SudokuSolver.countSolutions(grid, limit: 3))
            }
        }
    }
}
