import Foundation
@testable import GridEditCore
import GridEditTestSupport
import Testing

/// The 9×9 bitboard solver against the plain candidate-mask solver (`GeneralSolver`, which also
/// handles 9×9 but shares none of its inference: no triads, no band configurations, branching on
/// cells). Hard published puzzles drive the bitboard solver deep into its search, where its
/// triad and configuration logic acts; mutating them (a given removed, a digit added, a given
/// changed) gives puzzles with no solution and with several, so a wrong elimination shows up as
/// a count that differs (0/1/2).
@Suite("Sudoku 9×9 solver cross-check")
struct SudokuSolverCrossCheckTests {
    static let files = [("tdoku_puzzles3_magictour_top1465.txt", 60), ("tdoku_puzzles5_forum_hardest_1905_11plus.txt", 60),
                        ("tdoku_puzzles2_17_clue.txt", 30), ("tdoku_puzzles7_serg_benchmark.txt", 30)]

    /// Both counts to 2; the bitboard solver's first solution, when it finds one, must be valid.
    func expectSameCount(_ cells: [UInt8], _ label: @autoclosure () -> String,
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Int {
        let fast = BitboardSolver9(keep: 1)
        var general = GeneralSolver(size: .nine)
        let expected = general.solve(cells, limit: 2, keep: 0)
        let count = cells.withUnsafeBufferPointer { fast.solve($0.baseAddress!, limit: 2) }
        #expect(count == expected, "\(label()): bitboard \(count), general \(expected) (\(SudokuGrid(size: .nine, cells: cells)!.line))",
                sourceLocation: sourceLocation)
        if count > 0 {
            #expect(SudokuTestData.isValidSolution(Array(fast.solution(0)), of: cells, size: 9), "\(label())",
                    sourceLocation: sourceLocation)
        }
        return expected
    }

    /// The puzzle and three mutations of it; returns how many of each count (0, 1, 2) were seen.
    func checkWithMutations(_ cells: [UInt8], _ label: String, random: inout TestRandom) -> [Int] {
        var seen = [0, 0, 0]
        seen[expectSameCount(cells, label)] += 1
        let givens = cells.indices.filter { cells[$0] != 0 }
        let empties = cells.indices.filter { cells[$0] == 0 }
        if !givens.isEmpty {
            var fewer = cells
            for _ in 0..<(1 + random.below(3)) { fewer[givens[random.below(givens.count)]] = 0 }
            seen[expectSameCount(fewer, "\(label) minus givens")] += 1
            var changed = cells
            let cell = givens[random.below(givens.count)]
            changed[cell] = UInt8(1 + (Int(cells[cell]) + random.below(8)) % 9)
            seen[expectSameCount(changed, "\(label) with a given changed")] += 1
        }
        if !empties.isEmpty {
            var more = cells
            more[empties[random.below(empties.count)]] = UInt8(1 + random.below(9))
            seen[expectSameCount(more, "\(label) plus a digit")] += 1
        }
        return seen
    }

    @Test("hard published puzzles and mutations of them: the same counts as the general solver",
          .sharedSudokuData(SudokuSolverCrossCheckTests.files.map(\.0)))
    func publishedAndMutated() throws {
        var random = TestRandom(seed: 1465)
        var seen = [0, 0, 0]
        for (name, sample) in Self.files {
            let lines = try SharedSudokuData.lines(name)
            for _ in 0..<sample {
                let line = lines[random.below(lines.count)]
                let cells = try SudokuGrid(line: line).cells
                for (k, n) in checkWithMutations(cells, "\(name): \(line)", random: &random).enumerated() { seen[k] += n }
            }
        }
        // The sample must reach all three verdicts, or it tests less than it claims.
        #expect(seen.allSatisfy { $0 > 10 }, "counts 0/1/2 seen: \(seen)")
    }

    @Test("random sparse puzzles and mutations of them: the same counts as the general solver")
    func randomSparse() {
        var random = TestRandom(seed: 2026)
        var seen = [0, 0, 0]
        for i in 0..<120 {
            let full = SudokuTestData.randomFullGrid(size: 9, random: &random)
            var cells = full
            // 22 to 45 givens: from several solutions (searched deeply) to unique.
            var order = Array(0..<81)
            order.shuffle(using: &random)
            for cell in order.dropFirst(22 + random.below(24)) { cells[cell] = 0 }
            for (k, n) in checkWithMutations(cells, "random #\(i)", random: &random).enumerated() { seen[k] += n }
        }
        #expect(seen.allSatisfy { $0 > 10 }, "counts 0/1/2 seen: \(seen)")
    }

    /// The givens are read in one pass: each kind of clash between two givens must still give no
    /// solution, wherever in the grid the two sit (same band or not), and a digit above 9 too.
    @Test("two equal givens in a row, a box or a column (in one band or across bands) give no solution")
    func clashingGivens() {
        var random = TestRandom(seed: 81)
        for _ in 0..<40 {
            let full = SudokuTestData.randomFullGrid(size: 9, random: &random)
            var cells = full
            var order = Array(0..<81)
            order.shuffle(using: &random)
            for cell in order.dropFirst(30) { cells[cell] = 0 }
            // A cell of each kind of peer of `a`, given a's digit.
            let a = random.below(81)
            let (r, c) = (a / 9, a % 9)
            let row = 9 * r + (c + 1 + random.below(8)) % 9
            let column = 9 * ((r + 1 + random.below(8)) % 9) + c
            let box = 9 * (3 * (r / 3) + (r % 3 + 1) % 3) + 3 * (c / 3) + (c % 3 + 1 + random.below(2)) % 3
            let acrossBands = 9 * ((r + 3 + random.below(6)) % 9) + c
            for peer in [row, column, box, acrossBands] {
                var clash = cells
                clash[a] = full[a]
                clash[peer] = full[a]
                #expect(expectSameCount(clash, "\(a) and \(peer) both \(full[a])") == 0)
            }
            var tooBig = cells
            tooBig[a] = 10
            #expect(BitboardSolver9(keep: 1).solve(tooBig, limit: 2) == 0)
        }
    }
}
