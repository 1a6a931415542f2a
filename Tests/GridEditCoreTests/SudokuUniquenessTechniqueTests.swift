import Foundation
@testable import GridEditCore
import GridEditTestSupport
import Testing

// The techniques of gridedit issue 14: unique rectangle types 3, 5 and 6, hidden and avoidable
// rectangles, and multi-colouring. Hand-made candidate patterns (see `Pattern` in
// SudokuGraderTests.swift) check each one's eliminations; published puzzles check that each is
// needed somewhere and that every step it takes agrees with the solution.

@Suite("Sudoku uniqueness techniques and multi-colouring on hand-made patterns")
struct SudokuUniquenessPatternTests {
    /// The pattern's board, known to belong to a puzzle with one solution.
    func unique(_ p: Pattern) -> SudokuBoard {
        var board = p.board
        board.knownUnique = true
        return board
    }

    @Test func type5() {
        // Opposite corners r1c4 and r2c1 add 5: one of them is 5.
        var diagonal = Pattern()
        for cell in ["r1c1", "r2c4"] { diagonal.only(cell, [1, 2]) }
        for cell in ["r1c4", "r2c1"] { diagonal.only(cell, [1, 2, 5]) }
        #expect(Uniqueness.uniqueRectangle5(diagonal.board) == nil, "used without knowing the puzzle is unique")
        #expect(Uniqueness.uniqueRectangle(unique(diagonal)) == nil, "types 1, 2 and 4 do not apply")
        let step = Uniqueness.uniqueRectangle5(unique(diagonal))
        #expect(step?.technique == .uniqueRectangle5)
        #expect(removals(step) == cells(["r1c2", "r1c3", "r2c5", "r2c6"], digit: 5))
        #expect(step?.explanation.contains("so one of r1c4 and r2c1 is 5") == true, "\(step?.explanation ?? "")")
        // Three corners add 5: a cell that sees all three.
        var three = Pattern()
        three.only("r1c1", [1, 2])
        for cell in ["r1c4", "r2c1", "r2c4"] { three.only(cell, [1, 2, 5]) }
        #expect(Uniqueness.uniqueRectangle(unique(three)) == nil)
        #expect(removals(Uniqueness.uniqueRectangle5(unique(three))) == cells(["r2c5", "r2c6"], digit: 5))
        // Two extra digits: nothing follows.
        var two = diagonal
        two.only("r2c1", [1, 2, 5, 6])
        #expect(Uniqueness.uniqueRectangle5(unique(two)) == nil)
    }

    @Test func type6() {
        // r1c1 and r2c4 are 1 or 2; in rows 1 and 2 (and columns 1 and 4) 1 fits only in the
        // corners, so it fills a diagonal: not r1c4 and r2c1, which would leave r1c1 and r2c4 2.
        var p = Pattern()
        for cell in ["r1c1", "r2c4"] { p.only(cell, [1, 2]) }
        p.only("r1c4", [1, 2, 5])
        p.only("r2c1", [1, 2, 6])
        p.confine(1, in: Pattern.row(1), to: ["r1c1", "r1c4"])
        p.confine(1, in: Pattern.row(2), to: ["r2c1", "r2c4"])
        p.confine(1, in: Pattern.column(1), to: ["r1c1", "r2c1"])
        p.confine(1, in: Pattern.column(4), to: ["r1c4", "r2c4"])
        #expect(Uniqueness.uniqueRectangle6(p.board) == nil, "used without knowing the puzzle is unique")
        #expect(Uniqueness.uniqueRectangle(unique(p)) == nil)
        #expect(Uniqueness.uniqueRectangle5(unique(p)) == nil)
        let step = Uniqueness.uniqueRectangle6(unique(p))
        #expect(step?.technique == .uniqueRectangle6)
        #expect(removals(step) == ["r1c4-1", "r2c1-1"])
        // Without the strong links in the rows or in the columns, nothing follows.
        var loose = Pattern()
        for cell in ["r1c1", "r2c4"] { loose.only(cell, [1, 2]) }
        loose.only("r1c4", [1, 2, 5])
        loose.only("r2c1", [1, 2, 6])
        loose.confine(1, in: Pattern.row(1), to: ["r1c1", "r1c4"])
        loose.confine(1, in: Pattern.column(4), to: ["r1c4", "r2c4"])
        #expect(Uniqueness.uniqueRectangle6(unique(loose)) == nil)
    }

    @Test func hiddenRectangle() {
        // r1c1 is 1 or 2; in row 2 and column 4, which meet at r2c4, 1 fits only in the
        // rectangle: r2c4 = 2 would force 1 into r2c1 and r1c4, and r1c1 to 2.
        var p = Pattern()
        p.only("r1c1", [1, 2])
        p.only("r1c4", [1, 2, 5, 6])
        p.only("r2c1", [1, 2, 7])
        p.only("r2c4", [1, 2, 8, 9])
        p.confine(1, in: Pattern.row(2), to: ["r2c1", "r2c4"])
        p.confine(1, in: Pattern.column(4), to: ["r1c4", "r2c4"])
        #expect(Uniqueness.hiddenRectangle(p.board) == nil, "used without knowing the puzzle is unique")
        for earlier in [Uniqueness.uniqueRectangle, Uniqueness.uniqueRectangle5, Uniqueness.uniqueRectangle6] {
            #expect(earlier(unique(p)) == nil)
        }
        let step = Uniqueness.hiddenRectangle(unique(p))
        #expect(step?.technique == .hiddenRectangle)
        #expect(removals(step) == ["r2c4-2"])
        #expect(step?.explanation.contains("If r2c4 were 2, 1 would go in r1c4 and r2c1") == true, "\(step?.explanation ?? "")")
        // Only the row: not enough.
        var row = Pattern()
        row.only("r1c1", [1, 2])
        row.only("r2c4", [1, 2, 8, 9])
        row.confine(1, in: Pattern.row(2), to: ["r2c1", "r2c4"])
        #expect(Uniqueness.hiddenRectangle(unique(row)) == nil)
    }

    @Test func type3() {
        // r1c4 and r2c4 add 3 and 4: one of them is 3 or 4, and with r5c4 (3 or 4) column 4
        // has a pair on 3 and 4.
        var p = Pattern()
        for cell in ["r1c1", "r2c1"] { p.only(cell, [1, 2]) }
        p.only("r1c4", [1, 2, 3])
        p.only("r2c4", [1, 2, 4])
        p.only("r5c4", [3, 4])
        #expect(Uniqueness.uniqueRectangle3(p.board) == nil, "used without knowing the puzzle is unique")
        #expect(Uniqueness.uniqueRectangle(unique(p)) == nil)
        let step = Uniqueness.uniqueRectangle3(unique(p))
        #expect(step?.technique == .uniqueRectangle3)
        #expect(removals(step) == (cells(["r3c4", "r4c4", "r6c4", "r7c4", "r8c4", "r9c4"], digit: 3)
                                   + cells(["r3c4", "r4c4", "r6c4", "r7c4", "r8c4", "r9c4"], digit: 4)).sorted())
        #expect(step?.explanation.contains("2 cells of column 4 for the 2 digits 3 and 4") == true, "\(step?.explanation ?? "")")
        // The same subset in the box the extra corners share.
        var box = Pattern()
        for cell in ["r1c1", "r2c1"] { box.only(cell, [1, 2]) }
        box.only("r1c4", [1, 2, 3])
        box.only("r2c4", [1, 2, 4])
        box.only("r3c6", [3, 4])
        #expect(removals(Uniqueness.uniqueRectangle3(unique(box))) == (cells(["r1c5", "r1c6", "r2c5", "r2c6", "r3c4", "r3c5"], digit: 3)
                                                                        + cells(["r1c5", "r1c6", "r2c5", "r2c6", "r3c4", "r3c5"], digit: 4)).sorted())
        // A triple: r5c4 and r7c4 hold 3, 4 and 6 with the extras.
        var triple = Pattern()
        for cell in ["r1c1", "r2c1"] { triple.only(cell, [1, 2]) }
        triple.only("r1c4", [1, 2, 3])
        triple.only("r2c4", [1, 2, 4])
        triple.only("r5c4", [3, 6])
        triple.only("r7c4", [4, 6])
        let three = Uniqueness.uniqueRectangle3(unique(triple))
        #expect(three?.eliminations.count == 5 * 3)
        #expect(three?.eliminations.allSatisfy { [3, 4, 6].contains($0.digit) && $0.cell.column == 3 } == true)
    }

    /// A board with `solved` placed while solving (not givens) and every other cell open.
    func solvedBoard(_ p: Pattern, solved: [String: Int], givens: Bool = false) -> SudokuBoard {
        var values = [UInt8](repeating: 0, count: 81)
        var candidates = p.candidates
        for (name, digit) in solved {
            values[Pattern.index(name)] = UInt8(digit)
            candidates[Pattern.index(name)] = 0
        }
        var board = SudokuBoard(size: .nine, values: values, candidates: candidates,
                                givens: values.map { givens && $0 != 0 })
        board.knownUnique = true
        return board
    }

    @Test func avoidableRectangle() {
        // Type 1: r1c1 = 3, r1c4 = 5 and r2c1 = 5 were solved; r2c4 = 3 would make the pattern.
        var one = Pattern()
        one.only("r2c4", [3, 7])
        let solved = ["r1c1": 3, "r1c4": 5, "r2c1": 5]
        let step = Uniqueness.avoidableRectangle(solvedBoard(one, solved: solved))
        #expect(step?.technique == .avoidableRectangle)
        #expect(removals(step) == ["r2c4-3"])
        #expect(step?.explanation.contains("If r2c4 were 3") == true, "\(step?.explanation ?? "")")
        // Givens cannot be swapped: no avoidable rectangle.
        #expect(Uniqueness.avoidableRectangle(solvedBoard(one, solved: solved, givens: true)) == nil)
        var notKnown = solvedBoard(one, solved: solved)
        notKnown.knownUnique = false
        #expect(Uniqueness.avoidableRectangle(notKnown) == nil)
        // A board made from a grid takes its digits as givens.
        #expect(SudokuBoard(SudokuGrid(size: .nine, uncheckedCells: solvedBoard(one, solved: solved).values)).isGiven.filter { $0 }.count == 3)
        // Type 2: r1c1 = 3 and r1c4 = 5 were solved; r2c1 is 5 or 7, r2c4 3 or 7: one is 7.
        var two = Pattern()
        two.only("r2c1", [5, 7])
        two.only("r2c4", [3, 7])
        let step2 = Uniqueness.avoidableRectangle(solvedBoard(two, solved: ["r1c1": 3, "r1c4": 5]))
        #expect(step2?.technique == .avoidableRectangle)
        #expect(removals(step2) == cells(["r2c2", "r2c3", "r2c5", "r2c6", "r2c7", "r2c8", "r2c9"], digit: 7))
        // The open corners must want the opposite corner's digit: r2c1 as 3 would not make the pattern.
        var wrong = Pattern()
        wrong.only("r2c1", [3, 7])
        wrong.only("r2c4", [5, 7])
        #expect(Uniqueness.avoidableRectangle(solvedBoard(wrong, solved: ["r1c1": 3, "r1c4": 5])) == nil)
    }

    @Test func multiColouringBridge() {
        // For 1: r1c1 = r1c4 = r5c4 = r5c8 (rows 1 and 5, column 4) and r2c2 = r8c2 (column 2).
        // r1c1 and r2c2 share box 1, so r1c4 and r5c8 or r8c2 hold 1: not r8c8.
        var p = Pattern()
        p.confine(1, in: Pattern.row(1), to: ["r1c1", "r1c4"])
        p.confine(1, in: Pattern.column(4), to: ["r1c4", "r5c4"])
        p.confine(1, in: Pattern.row(5), to: ["r5c4", "r5c8"])
        p.confine(1, in: Pattern.column(2), to: ["r2c2", "r8c2"])
        let board = p.board
        for earlier in [SingleDigitPatterns.skyscraper, SingleDigitPatterns.twoStringKite, SingleDigitPatterns.turbotFish, Chains.simpleColouring] {
            #expect(earlier(board) == nil)
        }
        let step = MultiColouring.find(board)
        #expect(step?.technique == .multiColouring)
        #expect(removals(step) == ["r8c8-1"])
        #expect(step?.explanation.contains("r1c1 and r2c2 share a unit") == true, "\(step?.explanation ?? "")")
        #expect(SudokuGrader.next(board)?.technique == .multiColouring)
    }

    @Test func multiColouringSideSeesBoth() {
        // For 1: r1c1 = r1c4 = r5c4 and r2c2 = r5c2. r1c1 sees r2c2 and r5c4 sees r5c2, so the
        // side r1c1, r5c4 would leave column 2 without 1.
        var p = Pattern()
        p.confine(1, in: Pattern.row(1), to: ["r1c1", "r1c4"])
        p.confine(1, in: Pattern.column(4), to: ["r1c4", "r5c4"])
        p.confine(1, in: Pattern.column(2), to: ["r2c2", "r5c2"])
        let step = MultiColouring.find(p.board)
        #expect(step?.technique == .multiColouring)
        #expect(removals(step) == ["r1c1-1", "r5c4-1"])
        // One cluster alone: nothing for multi-colouring.
        var one = Pattern()
        one.confine(1, in: Pattern.row(1), to: ["r1c1", "r1c4"])
        one.confine(1, in: Pattern.column(4), to: ["r1c4", "r5c4"])
        #expect(MultiColouring.find(one.board) == nil)
    }

    @Test func clustersSplitIntoSides() {
        var p = Pattern()
        p.confine(1, in: Pattern.row(1), to: ["r1c1", "r1c4"])
        p.confine(1, in: Pattern.column(4), to: ["r1c4", "r5c4"])
        let clusters = ColourCluster.all(p.board, digit: 1)
        #expect(clusters.count == 1)
        #expect(clusters.first?.sides == [[Pattern.index("r1c1"), Pattern.index("r5c4")], [Pattern.index("r1c4")]])
    }
}

/// The techniques this file tests.
let issue14Techniques: Set<SudokuTechnique> = [.uniqueRectangle5, .avoidableRectangle, .uniqueRectangle6, .hiddenRectangle,
                                               .uniqueRectangle3, .multiColouring]

@Suite("Sudoku uniqueness techniques and multi-colouring on published puzzles")
struct SudokuUniquenessPuzzleTests {
    /// magictour top1465 puzzles whose solution uses the technique (found with
    /// `gridedit-bench grader-scan`).
    static let uses: [(SudokuTechnique, String)] = [
        (.hiddenRectangle, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"),
        (.hiddenRectangle, "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."),
        (.avoidableRectangle, "....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5.."),
        (.uniqueRectangle6, "5..6.3....2....98.......1...1..9.......3....67.......4....8.25.4..7.............."),
        (.uniqueRectangle6, "......41.9..3.....3...5.....48..7..........52.1.......6..2....5.7....8......9...."),
    ]

    @Test("the technique is used, and every step agrees with the solution", arguments: uses)
    func used(_ technique: SudokuTechnique, _ line: String) throws {
        try expectUsedSoundly(technique, line)
    }
}
