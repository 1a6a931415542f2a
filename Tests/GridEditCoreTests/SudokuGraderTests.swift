import Foundation
@testable import GridEditCore
import GridEditTestSupport
import Testing

/// A 9×9 board whose empty cells all allow every digit, except where a test narrows them:
/// the way to set up one technique's pattern and nothing else.
struct Pattern {
    var candidates = [UInt16](repeating: 0x1FF, count: 81)

    static func index(_ name: String) -> Int {
        let parts = name.dropFirst().split(separator: "c")
        return (Int(parts[0])! - 1) * 9 + Int(parts[1])! - 1
    }

    /// `cell` (r1c1 style) may hold exactly `digits`.
    mutating func only(_ cell: String, _ digits: [Int]) {
        candidates[Self.index(cell)] = digits.reduce(0) { $0 | UInt16(1 << ($1 - 1)) }
    }

    /// In the cells named by `unit` (their indices), `digit` is possible only in `keep`.
    mutating func confine(_ digit: Int, in unit: [Int], to keep: [String]) {
        let keepIndices = Set(keep.map(Self.index))
        for cell in unit where !keepIndices.contains(cell) { candidates[cell] &= ~UInt16(1 << (digit - 1)) }
    }

    static func row(_ r: Int) -> [Int] { (0..<9).map { (r - 1) * 9 + $0 } }
    static func column(_ c: Int) -> [Int] { (0..<9).map { $0 * 9 + c - 1 } }
    static func box(_ b: Int) -> [Int] {
        let top = (b - 1) / 3 * 3, left = (b - 1) % 3 * 3
        return (0..<9).map { (top + $0 / 3) * 9 + left + $0 % 3 }
    }

    var board: SudokuBoard { SudokuBoard(size: .nine, values: Array(repeating: 0, count: 81), candidates: candidates) }
}

/// Eliminations as "r1c4-5" strings, sorted, for comparing with hand-computed expectations.
func removals(_ step: SudokuStep?) -> [String] {
    (step?.eliminations ?? []).map { "\($0.cell)-\($0.digit)" }.sorted()
}

func cells(_ names: [String], digit: Int) -> [String] { names.map { "\($0)-\(digit)" }.sorted() }

@Suite("Sudoku techniques on hand-made candidate patterns")
struct SudokuTechniquePatternTests {
    @Test func pointing() {
        var p = Pattern()
        p.confine(5, in: Pattern.box(1), to: ["r1c1", "r1c2"])
        let step = Intersections.pointing(p.board)
        #expect(step?.technique == .pointing)
        #expect(removals(step) == cells(["r1c4", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9"], digit: 5))
        #expect(step?.explanation.contains("In box 1, 5 can only go in row 1") == true, "\(step?.explanation ?? "")")
        // Nothing to remove: not reported.
        p.confine(5, in: Pattern.row(1), to: ["r1c1", "r1c2"])
        #expect(Intersections.pointing(p.board) == nil)
    }

    @Test func claiming() {
        var p = Pattern()
        p.confine(7, in: Pattern.row(1), to: ["r1c1", "r1c3"])
        let step = Intersections.claiming(p.board)
        #expect(step?.technique == .claiming)
        #expect(removals(step) == cells(["r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"], digit: 7))
    }

    @Test func nakedPairTripleQuad() {
        var pair = Pattern()
        pair.only("r1c2", [4, 8])
        pair.only("r1c5", [4, 8])
        let others = ["r1c1", "r1c3", "r1c4", "r1c6", "r1c7", "r1c8", "r1c9"]
        #expect(removals(Subsets.naked(pair.board, size: 2)) == (cells(others, digit: 4) + cells(others, digit: 8)).sorted())

        var triple = Pattern()
        triple.only("r1c1", [1, 2])
        triple.only("r1c4", [2, 3])
        triple.only("r1c9", [1, 3])
        #expect(Subsets.naked(triple.board, size: 2) == nil)
        let rest = ["r1c2", "r1c3", "r1c5", "r1c6", "r1c7", "r1c8"]
        let step = Subsets.naked(triple.board, size: 3)
        #expect(step?.technique == .nakedTriple)
        #expect(removals(step) == [1, 2, 3].flatMap { cells(rest, digit: $0) }.sorted())

        var quad = Pattern()
        quad.only("r1c1", [1, 2])
        quad.only("r1c2", [2, 3])
        quad.only("r1c3", [3, 4])
        quad.only("r1c4", [1, 4])
        #expect(Subsets.naked(quad.board, size: 3) == nil)
        let tail = ["r1c5", "r1c6", "r1c7", "r1c8", "r1c9"]
        #expect(Subsets.naked(quad.board, size: 4)?.technique == .nakedQuad)
        #expect(removals(Subsets.naked(quad.board, size: 4)) == [1, 2, 3, 4].flatMap { cells(tail, digit: $0) }.sorted())
    }

    @Test func hiddenPairTripleQuad() {
        var pair = Pattern()
        pair.confine(6, in: Pattern.row(1), to: ["r1c3", "r1c7"])
        pair.confine(9, in: Pattern.row(1), to: ["r1c3", "r1c7"])
        let step = Subsets.hidden(pair.board, size: 2)
        #expect(step?.technique == .hiddenPair)
        #expect(removals(step) == [1, 2, 3, 4, 5, 7, 8].flatMap { cells(["r1c3", "r1c7"], digit: $0) }.sorted())

        var triple = Pattern()
        triple.confine(2, in: Pattern.row(1), to: ["r1c2", "r1c5"])
        triple.confine(5, in: Pattern.row(1), to: ["r1c5", "r1c8"])
        triple.confine(7, in: Pattern.row(1), to: ["r1c2", "r1c8"])
        #expect(Subsets.hidden(triple.board, size: 2) == nil)
        let three = ["r1c2", "r1c5", "r1c8"]
        #expect(removals(Subsets.hidden(triple.board, size: 3)) == [1, 3, 4, 6, 8, 9].flatMap { cells(three, digit: $0) }.sorted())

        var quad = Pattern()
        for digit in 1...4 { quad.confine(digit, in: Pattern.column(5), to: ["r2c5", "r4c5", "r6c5", "r8c5"]) }
        let four = ["r2c5", "r4c5", "r6c5", "r8c5"]
        let step4 = Subsets.hidden(quad.board, size: 4)
        #expect(step4?.technique == .hiddenQuad)
        #expect(removals(step4) == [5, 6, 7, 8, 9].flatMap { cells(four, digit: $0) }.sorted())
    }

    @Test func fish() {
        var xWing = Pattern()
        xWing.confine(6, in: Pattern.row(2), to: ["r2c3", "r2c8"])
        xWing.confine(6, in: Pattern.row(7), to: ["r7c3", "r7c8"])
        let step = Fish.find(xWing.board, size: 2)
        #expect(step?.technique == .xWing)
        let others = [1, 3, 4, 5, 6, 8, 9]
        #expect(removals(step) == cells(others.flatMap { ["r\($0)c3", "r\($0)c8"] }, digit: 6))

        var swordfish = Pattern()
        swordfish.confine(4, in: Pattern.row(1), to: ["r1c2", "r1c5"])
        swordfish.confine(4, in: Pattern.row(5), to: ["r5c5", "r5c8"])
        swordfish.confine(4, in: Pattern.row(9), to: ["r9c2", "r9c8"])
        #expect(Fish.find(swordfish.board, size: 2) == nil)
        let rows = [2, 3, 4, 6, 7, 8]
        #expect(removals(Fish.find(swordfish.board, size: 3)) == cells(rows.flatMap { r in [2, 5, 8].map { "r\(r)c\($0)" } }, digit: 4))

        // Columns as the base: 3 in columns 1, 3, 5, 7 only in rows 2, 4, 6, 8.
        var jellyfish = Pattern()
        jellyfish.confine(3, in: Pattern.column(1), to: ["r2c1", "r4c1"])
        jellyfish.confine(3, in: Pattern.column(3), to: ["r4c3", "r6c3"])
        jellyfish.confine(3, in: Pattern.column(5), to: ["r6c5", "r8c5"])
        jellyfish.confine(3, in: Pattern.column(7), to: ["r8c7", "r2c7"])
        #expect(Fish.find(jellyfish.board, size: 3) == nil)
        let step4 = Fish.find(jellyfish.board, size: 4)
        #expect(step4?.technique == .jellyfish)
        #expect(removals(step4) == cells([2, 4, 6, 8].flatMap { r in [2, 4, 6, 8, 9].map { "r\(r)c\($0)" } }, digit: 3))
    }

    @Test func xyWing() {
        var p = Pattern()
        p.only("r5c5", [1, 2])
        p.only("r5c1", [1, 3])
        p.only("r1c5", [2, 3])
        let step = Wings.xyWing(p.board)
        #expect(step?.technique == .xyWing)
        #expect(removals(step) == ["r1c1-3"])
        #expect(step?.focus == [SudokuCell(row: 4, column: 4), SudokuCell(row: 0, column: 4), SudokuCell(row: 4, column: 0)])
        // The wings must not both share the same pivot digit.
        p.only("r1c5", [1, 3])
        #expect(Wings.xyWing(p.board) == nil)
    }

    @Test func xyzWing() {
        var p = Pattern()
        p.only("r5c5", [1, 2, 3])
        p.only("r5c6", [1, 3])
        p.only("r4c5", [2, 3])
        let step = Wings.xyzWing(p.board)
        #expect(step?.technique == .xyzWing)
        #expect(removals(step) == cells(["r4c4", "r4c6", "r5c4", "r6c4", "r6c5", "r6c6"], digit: 3))
    }

    @Test func simpleColouringTrap() {
        var p = Pattern()
        p.confine(7, in: Pattern.row(1), to: ["r1c1", "r1c6"])
        p.confine(7, in: Pattern.column(6), to: ["r1c6", "r5c6"])
        p.confine(7, in: Pattern.row(5), to: ["r5c6", "r5c2"])
        let step = Chains.simpleColouring(p.board)
        #expect(step?.technique == .simpleColouring)
        #expect(removals(step) == cells(["r2c2", "r3c2", "r4c1", "r6c1"], digit: 7))
    }

    @Test func simpleColouringWrap() {
        var p = Pattern()
        p.confine(2, in: Pattern.row(1), to: ["r1c1", "r1c4"])
        p.confine(2, in: Pattern.column(4), to: ["r1c4", "r4c4"])
        p.confine(2, in: Pattern.row(4), to: ["r4c4", "r4c2"])
        p.confine(2, in: Pattern.column(2), to: ["r4c2", "r2c2"])
        let step = Chains.simpleColouring(p.board)
        // r1c1 and r2c2 share box 1 but would both be 2: their side is the wrong one.
        #expect(removals(step) == cells(["r1c1", "r2c2", "r4c4"], digit: 2))
    }

    @Test func xChain() {
        var p = Pattern()
        p.confine(4, in: Pattern.column(1), to: ["r1c1", "r6c1"])
        p.confine(4, in: Pattern.box(6), to: ["r6c7", "r4c9"])
        #expect(Chains.simpleColouring(p.board) == nil)
        let step = Chains.xChain(p.board)
        #expect(step?.technique == .xChain)
        #expect(removals(step) == ["r1c9-4"])
        #expect(step?.explanation.contains("r1c1 = r6c1 – r6c7 = r4c9") == true, "\(step?.explanation ?? "")")
    }

    @Test func xyChain() {
        var p = Pattern()
        p.only("r1c1", [1, 2])
        p.only("r1c7", [2, 3])
        p.only("r7c7", [3, 4])
        p.only("r7c2", [1, 4])
        #expect(Wings.xyWing(p.board) == nil)
        let step = Chains.xyChain(p.board)
        #expect(step?.technique == .xyChain)
        // Cells that see both ends: r1c2 (row 1, column 2), r2c2 and r3c2 (box 1, column 2),
        // r7c1 (column 1, row 7), r8c1 and r9c1 (column 1, box 7).
        #expect(removals(step) == cells(["r1c2", "r2c2", "r3c2", "r7c1", "r8c1", "r9c1"], digit: 1))
    }

    @Test func skyscraper() {
        var p = Pattern()
        p.confine(5, in: Pattern.row(2), to: ["r2c3", "r2c7"])
        p.confine(5, in: Pattern.row(6), to: ["r6c3", "r6c8"])
        let step = SingleDigitPatterns.skyscraper(p.board)
        #expect(step?.technique == .skyscraper)
        // r2c3 and r6c3 share column 3: r2c7 or r6c8 is 5.
        #expect(removals(step) == cells(["r1c8", "r3c8", "r4c7", "r5c7"], digit: 5))
        #expect(step?.explanation.contains("One of r2c7 and r6c8 is 5") == true, "\(step?.explanation ?? "")")
        #expect(SingleDigitPatterns.twoStringKite(p.board) == nil)
        #expect(SingleDigitPatterns.turbotFish(p.board) == nil)
    }

    @Test func twoStringKite() {
        var p = Pattern()
        p.confine(4, in: Pattern.row(1), to: ["r1c2", "r1c7"])
        p.confine(4, in: Pattern.column(1), to: ["r2c1", "r8c1"])
        let step = SingleDigitPatterns.twoStringKite(p.board)
        #expect(step?.technique == .twoStringKite)
        // r1c2 and r2c1 share box 1: r1c7 or r8c1 is 4.
        #expect(removals(step) == cells(["r8c7"], digit: 4))
        #expect(SingleDigitPatterns.skyscraper(p.board) == nil)
        #expect(SingleDigitPatterns.turbotFish(p.board) == nil)
    }

    @Test func turbotFish() {
        var p = Pattern()
        p.confine(7, in: Pattern.box(1), to: ["r1c2", "r3c1"])
        p.confine(7, in: Pattern.column(6), to: ["r1c6", "r7c6"])
        let step = SingleDigitPatterns.turbotFish(p.board)
        #expect(step?.technique == .turbotFish)
        // r1c2 and r1c6 share row 1: r3c1 or r7c6 is 7.
        #expect(removals(step) == cells(["r7c1"], digit: 7))
        #expect(SingleDigitPatterns.skyscraper(p.board) == nil)
        #expect(SingleDigitPatterns.twoStringKite(p.board) == nil)
    }

    @Test func wWing() {
        var p = Pattern()
        p.only("r1c1", [3, 8])
        p.only("r5c5", [3, 8])
        p.confine(8, in: Pattern.row(9), to: ["r9c1", "r9c5"])
        let step = Wings.wWing(p.board)
        #expect(step?.technique == .wWing)
        // r9c1 sees r1c1, r9c5 sees r5c5: one of r1c1 and r5c5 is 3.
        #expect(removals(step) == cells(["r1c5", "r5c1"], digit: 3))
        #expect(step?.explanation.contains("In row 9, 8 can only go in r9c1 or r9c5") == true, "\(step?.explanation ?? "")")
        // Without the link in row 9, no W-wing.
        var q = Pattern()
        q.only("r1c1", [3, 8])
        q.only("r5c5", [3, 8])
        #expect(Wings.wWing(q.board) == nil)
    }

    @Test func remotePair() {
        var p = Pattern()
        for cell in ["r1c1", "r1c5", "r5c5", "r5c9"] { p.only(cell, [2, 7]) }
        let step = Chains.remotePair(p.board)
        #expect(step?.technique == .remotePair)
        // r1c1 and r5c9 are three links apart: one is 2, the other 7.
        #expect(removals(step) == (cells(["r1c9", "r5c1"], digit: 2) + cells(["r1c9", "r5c1"], digit: 7)).sorted())
        #expect(step?.explanation.contains("r1c1 and r5c9, an odd number of steps apart") == true, "\(step?.explanation ?? "")")
    }

    @Test func finnedXWing() {
        var p = Pattern()
        p.confine(3, in: Pattern.row(2), to: ["r2c2", "r2c7"])
        p.confine(3, in: Pattern.row(8), to: ["r8c2", "r8c7", "r8c8"])
        #expect(Fish.find(p.board, size: 2) == nil)
        let step = FinnedFish.find(p.board, size: 2)
        #expect(step?.technique == .finnedXWing)
        // Either the fin r8c8 is 3 or the X-wing in columns 2 and 7 is: r7c7 and r9c7 see both.
        #expect(removals(step) == cells(["r7c7", "r9c7"], digit: 3))
        #expect(step?.explanation.contains("except in r8c8 (the fin, in box 9)") == true, "\(step?.explanation ?? "")")
    }

    @Test func aic() {
        var p = Pattern()
        p.only("r1c1", [1, 2])
        p.only("r1c5", [2, 3])
        p.confine(3, in: Pattern.row(7), to: ["r7c5", "r7c1"])
        // One digit alone or bivalue cells alone make no chain here: it needs both kinds.
        #expect(Chains.xChain(p.board) == nil)
        #expect(Chains.xyChain(p.board) == nil)
        let step = Chains.aic(p.board)
        #expect(step?.technique == .aic)
        // r1c1(1) = r1c1(2) – r1c5(2) = r1c5(3) – r7c5(3) = r7c1(3): r1c1 is 1 or r7c1 is 3,
        // and 1 in r7c1 rules out both.
        #expect(removals(step) == ["r7c1-1"])
        #expect(step?.explanation.contains("r1c1(1) = r1c1(2) – r1c5(2) = r1c5(3) – r7c5(3) = r7c1(3)") == true, "\(step?.explanation ?? "")")
    }

    @Test func uniqueRectangles() {
        func unique(_ p: Pattern) -> SudokuBoard { var b = p.board; b.knownUnique = true; return b }
        // Type 1: three corners are only 1 or 2.
        var one = Pattern()
        for cell in ["r1c1", "r1c4", "r2c1"] { one.only(cell, [1, 2]) }
        one.only("r2c4", [1, 2, 5, 7])
        #expect(Uniqueness.uniqueRectangle(one.board) == nil, "used without knowing the puzzle is unique")
        let step1 = Uniqueness.uniqueRectangle(unique(one))
        #expect(step1?.technique == .uniqueRectangle)
        #expect(removals(step1) == ["r2c4-1", "r2c4-2"])
        // Type 2: the roof in column 4 adds 5 to both corners.
        var two = Pattern()
        for cell in ["r1c1", "r2c1"] { two.only(cell, [1, 2]) }
        for cell in ["r1c4", "r2c4"] { two.only(cell, [1, 2, 5]) }
        let step2 = Uniqueness.uniqueRectangle(unique(two))
        #expect(removals(step2) == cells(["r3c4", "r4c4", "r5c4", "r6c4", "r7c4", "r8c4", "r9c4",
                                          "r1c5", "r1c6", "r2c5", "r2c6", "r3c5", "r3c6"], digit: 5))
        // Type 4: 1 fits only in the roof in column 4, so neither roof corner is 2.
        var four = Pattern()
        for cell in ["r1c1", "r2c1"] { four.only(cell, [1, 2]) }
        four.only("r1c4", [1, 2, 5, 6])
        four.only("r2c4", [1, 2, 7])
        four.confine(1, in: Pattern.column(4), to: ["r1c4", "r2c4"])
        let step4 = Uniqueness.uniqueRectangle(unique(four))
        #expect(removals(step4) == ["r1c4-2", "r2c4-2"])
        // Corners in four boxes make no deadly pattern.
        var apart = Pattern()
        for cell in ["r1c1", "r1c4", "r4c1"] { apart.only(cell, [1, 2]) }
        apart.only("r4c4", [1, 2, 5])
        #expect(Uniqueness.uniqueRectangle(unique(apart)) == nil)
    }

    @Test func alsXZ() {
        // r1c1 and r1c2 hold only 1, 2 and 3 between them (two cells, three digits); r5c1 is 1
        // or 3. 1 is restricted (r1c1 sees r5c1), so 3 is in r1c2 or r5c1.
        var p = Pattern()
        p.only("r1c1", [1, 2])
        p.only("r1c2", [2, 3])
        p.only("r5c1", [1, 3])
        let step = AlmostLockedSets.alsXZ(p.board)
        #expect(step?.technique == .alsXZ)
        #expect(removals(step) == cells(["r2c1", "r3c1", "r4c2", "r5c2", "r6c2"], digit: 3))
    }

    @Test func alsXYWing() {
        var p = Pattern()
        p.only("r5c5", [1, 2])
        p.only("r5c1", [1, 3])
        p.only("r1c5", [2, 3])
        let step = AlmostLockedSets.alsXYWing(p.board)
        #expect(step?.technique == .alsXYWing)
        #expect(removals(step) == ["r1c1-3"])
    }

    @Test func bugPlusOne() throws {
        // A top1465 puzzle whose solution reaches a BUG+1 position: replay it to just before.
        let grid = try SudokuGrid(line: "5..6.3....2....98.......1...1..9.......3....67.......4....8.25.4..7..............")
        let solution = try #require(SudokuSolver.countSolutions(grid).solution)
        // Without the uniqueness techniques of issue 14, which take this puzzle another way.
        let grade = SudokuGrader.grade(grid, using: SudokuGrader.allTechniques.subtracting(issue14Techniques))
        let index = try #require(grade.steps.firstIndex { $0.technique == .bugPlusOne })
        var board = SudokuBoard(grid)
        for step in grade.steps[..<index] { board.apply(step) }
        let empty = board.candidates.indices.filter { board.values[$0] == 0 }
        #expect(empty.filter { board.candidates[$0].nonzeroBitCount == 3 }.count == 1)
        #expect(empty.filter { board.candidates[$0].nonzeroBitCount == 2 }.count == empty.count - 1)
        #expect(Uniqueness.bugPlusOne(board) == nil, "used without knowing the puzzle is unique")
        board.knownUnique = true
        let step = try #require(Uniqueness.bugPlusOne(board))
        #expect(step == grade.steps[index])
        let placement = try #require(step.placements.first)
        #expect(Int(solution.cells[placement.cell.row * 9 + placement.cell.column]) == placement.digit)
        #expect(step.explanation.contains(placement.cell.description))
    }

    @Test func forcingChain() {
        // r5c5 is 1 or 2; r1c5 is 1 or 9; r5c1 is 2 or 9. If r1c1 were 9, r1c5 would be 1,
        // r5c5 2, r5c1 9: two 9s in column 1.
        var p = Pattern()
        p.only("r5c5", [1, 2])
        p.only("r1c5", [1, 9])
        p.only("r5c1", [2, 9])
        let step = Forcing.forcingChain(p.board)
        #expect(step?.technique == .forcingChain)
        #expect(removals(step) == ["r1c1-9"])
        #expect(step?.explanation.contains("Suppose r1c1 is 9") == true, "\(step?.explanation ?? "")")
    }

    @Test func singles() throws {
        // A solved grid with a few holes.
        let full = try SudokuGrid(line: "534678912672195348198342567859761423426853791713924856961537284287419635345286179")
        var grid = full
        grid[0, 0] = 0
        let house = Singles.fullHouse(SudokuBoard(grid))
        #expect(house?.placements == [SudokuCellDigit(cell: SudokuCell(row: 0, column: 0), digit: 5)])
        // Three holes in box 1: no box has one left, so the first full house is a row's.
        grid[0, 1] = 0
        grid[1, 0] = 0
        #expect(Singles.fullHouse(SudokuBoard(grid))?.explanation == "r2c1 is the last empty cell in row 2, so it takes the missing 6.")

        var hidden = Pattern()
        hidden.confine(8, in: Pattern.box(5), to: ["r5c5"])
        #expect(Singles.hiddenSingle(hidden.board)?.placements == [SudokuCellDigit(cell: SudokuCell(row: 4, column: 4), digit: 8)])
        var naked = Pattern()
        naked.only("r9c9", [6])
        let step = Singles.nakedSingle(naked.board)
        #expect(step?.placements == [SudokuCellDigit(cell: SudokuCell(row: 8, column: 8), digit: 6)])
        #expect(step?.explanation == "r9c9 can only be 6: 1, 2, 3, 4, 5, 7, 8 and 9 are ruled out there.")
    }
}

// MARK: - Whole puzzles

/// Puzzles whose grading needs exactly one technique as its hardest: with the techniques
/// before it in the ladder the grader gets stuck; with it, the puzzle is solved. From the
/// 17-clue collection in ../shared/data/sudoku, except the hidden quad: a hidden quad is only
/// ever the simplest step in a unit with no digit placed yet (otherwise the naked pair, triple
/// or quad of the other cells removes the same candidates first), so that puzzle was found by
/// a search of puzzles grown around an empty unit.
let techniquePuzzles: [(SudokuTechnique, String)] = [
    (.hiddenSingle, ".................1.....2.3......45....1.6.....4......7....8.4....9...2..3.61...9."),
    (.nakedSingle, ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8...952.7....."),
    (.pointing, ".................1.....2.3...2...4....3.5......41....6.5.6......7.....2..8.91...."),
    (.claiming, ".................1....23.4.........5..2..6.3...71.........37.6..5...8...91......."),
    (.nakedPair, ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."),
    (.hiddenPair, ".................1....23.4......2.3...1.45.....6...7.....71.....4.......23.....8."),
    (.nakedTriple, ".................1..2.34..............5...34..6.7........1.6..8..98......74....9."),
    (.hiddenTriple, "................12..3.45..............1...4.5.6..7.3.......1......2...7.7.4...8.."),
    (.nakedQuad, "........1.......23..4..5........6.......4.5...21.........3....26.5...7..8...1...."),
    (.hiddenQuad, ".689.....2......1.5..614...93..5..214....8..........5...............56.....12948."),
    (.xWing, "................12....345........3....6.......71..8......2.6..834.......5..7....."),
    (.swordfish, "..............1..2.34....5..............5.34.1....67.....4..1.....83....2.......6"),
    (.remotePair, ".................1.....234.....5......3...6....7.1...8.5...3....9...6...18......5"),
    (.skyscraper, ".................1..2..3.4.............15...6.43..7..........3815.6.....6......7."),
    (.twoStringKite, "................12....34..............12.......5..64.....7....5.4...86..36.1....."),
    (.turbotFish, ".................1..2.34.5.............1.6..7..3....8.....8..3..9..2....61......9"),
    (.wWing, ".................1..2..3.4.............15...6..3.7..2......473..5.......16...8..."),
    (.xyWing, ".................1..2..3.4......2.5..16.....74............6......5...83.9..17...."),
    (.xyzWing, "................12....34..5.......6...52.1....7....3......7.6..1.4......2....8..."),
    (.finnedXWing, ".................1..2..3.4......25....4......16......7....1......8.5.32.5...7...."),
    (.jellyfish, "................12..3.45................567..18......9.....35...2.......91.2....."),
    (.finnedSwordfish, ".................1..2..3..4.......5......4.....3..678.....9.2...1.5.....64.1....."),
    (.simpleColouring, ".................1..2..3.4.......2...1....5...6..74.......1..6...5....3...856...."),
    (.xChain, ".................1..2..3.4......52...1.....6.7..........3.8.5....52.....4..1....7"),
    (.xyChain, ".................1..2..3.4........2......43...5..1...6...47...8.2..8....3.9......"),
    (.uniqueRectangle, ".................1..2..3.4......2.....5..43...1......6..4...2...7..1.....8..6...7"),
    (.aic, ".................1.....2.34.....56....7....8..8..1.7.....8.....3..6.....9.5.....3"),
    (.alsXZ, "8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5..........."),
    (.alsXYWing, ".................1..2.34.................526..7.8........98...7..6....3.2.51....."),
    // Needed a forcing chain until grouped AICs came (issue 14): a grouped AIC solves it.
    (.groupedAIC, ".................1..2.34........2....4..5....6..1....7.....8.3...3...54.1..6....."),
    (.forcingNet, ".................1..2..3.4......5.2..6...7...81...........1.3.6....8......96..2.."),
]

/// A published puzzle whose grading reaches `technique`: it is used, every step of the solution
/// agrees with the solution, and each of its steps names every cell it changes.
func expectUsedSoundly(_ technique: SudokuTechnique, _ line: String,
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let grid = try SudokuGrid(line: line)
    let solution = try #require(SudokuSolver.countSolutions(grid).solution, sourceLocation: sourceLocation)
    let grade = SudokuGrader.grade(grid)
    #expect(grade.steps.contains { $0.technique == technique }, "\(technique.id) not used on \(line)", sourceLocation: sourceLocation)
    expectSound(grade, solution: solution.cells.map(Int.init), "\(technique.id) \(line)", sourceLocation: sourceLocation)
    for step in grade.steps where step.technique == technique {
        for change in step.eliminations.map(\.cell) + step.placements.map(\.cell) {
            #expect(step.explanation.contains(change.description), "\(step)", sourceLocation: sourceLocation)
        }
    }
}

/// Every step agrees with the solution: placements are the solution's digits, eliminations
/// never remove a solution digit.
func expectSound(_ grade: SudokuGrade, solution: [Int], _ label: String,
                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let n = Int(Double(solution.count).squareRoot())
    for step in grade.steps {
        for p in step.placements where solution[p.cell.row * n + p.cell.column] != p.digit {
            Issue.record("\(label): \(step) places \(p.digit) in \(p.cell) but the solution has \(solution[p.cell.row * n + p.cell.column])",
                         sourceLocation: sourceLocation)
        }
        for e in step.eliminations where solution[e.cell.row * n + e.cell.column] == e.digit {
            Issue.record("\(label): \(step) removes the solution's \(e.digit) from \(e.cell)", sourceLocation: sourceLocation)
        }
        #expect(!step.placements.isEmpty || !step.eliminations.isEmpty, "\(label): a step that changes nothing",
                sourceLocation: sourceLocation)
    }
}

@Suite("Sudoku grader")
struct SudokuGraderTests {
    @Test("the ladder is in tier order and covers every technique")
    func ladder() {
        #expect(SudokuGrader.ladder.map(\.technique) == SudokuTechnique.allCases)
        let tiers = SudokuTechnique.allCases.map(\.tier)
        #expect(tiers == tiers.sorted())
        #expect(Set(tiers) == [.easy, .medium, .hard, .expert])
    }

    @Test("tiers map onto the difficulty field; beyond-logic is expert")
    func tierMapping() {
        #expect(SudokuTier.allCases.map(\.difficulty) == [.easy, .medium, .hard, .expert, .expert])
        for difficulty in Difficulty.allCases { #expect(SudokuTier(difficulty).difficulty == difficulty) }
    }

    @Test("a puzzle that needs exactly one technique", arguments: techniquePuzzles)
    func needsExactly(_ technique: SudokuTechnique, _ line: String) throws {
        let grid = try SudokuGrid(line: line)
        let brute = BruteForceSudoku.count(size: 9, cells: grid.cells)
        try #require(brute.count == 1, "\(line) is not unique")
        let grade = SudokuGrader.grade(grid)
        #expect(grade.status == .solved)
        #expect(grade.hardest == technique)
        #expect(grade.tier == technique.tier)
        #expect(grade.steps.contains { $0.technique == technique })
        expectSound(grade, solution: brute.first!, technique.id)
        // Without it (only the techniques before it), the grader is stuck.
        let before = Set(SudokuTechnique.allCases.filter { $0 < technique })
        let without = SudokuGrader.grade(grid, using: before)
        #expect(without.status == .stuck, "\(technique.id): solved without it")
        #expect(without.tier == .beyondLogic)
        // The steps place every empty cell, and the explanations name the cells they change.
        var filled = grid
        for step in grade.steps {
            for p in step.placements { filled[p.cell.row, p.cell.column] = UInt8(p.digit) }
            for change in step.placements.map(\.cell) + step.eliminations.map(\.cell) {
                #expect(step.explanation.contains(change.description), "\(step)")
            }
        }
        #expect(filled.cells == brute.first!.map(UInt8.init))
    }

    @Test("full house: a grid missing one cell in each row, column and box")
    func fullHouse() throws {
        var grid = try SudokuGrid(line: "534678912672195348198342567859761423426853791713924856961537284287419635345286179")
        for (r, c) in [(0, 0), (1, 3), (2, 6), (3, 1), (4, 4), (5, 7), (6, 2), (7, 5), (8, 8)] { grid[r, c] = 0 }
        let grade = SudokuGrader.grade(grid)
        #expect(grade.hardest == .fullHouse)
        #expect(grade.steps.count == 9)
        #expect(grade.tier == .easy)
        #expect(grade.line == "easy full-house 9 36")
        #expect(grade.score == 9 * SudokuTechnique.fullHouse.points)
    }

    @Test("a puzzle beyond the ladder before forcing chains is graded so, and what is done is sound")
    func beyondLogic() throws {
        try expectBeyondLogic(["98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2"])
    }

    @Test("the hardest published puzzles need forcing chains or nets, and every step is sound",
          .sharedSudokuData("tdoku_puzzles5_forum_hardest_1905_11plus.txt"))
    func beyondLogicPublished() throws {
        try expectBeyondLogic(try SharedSudokuData.lines("tdoku_puzzles5_forum_hardest_1905_11plus.txt", limit: 3))
    }

    /// Without the last resort (forcing chains and nets) the ladder is stuck on `lines`; with
    /// it, every step is sound, and the puzzle is expert or (if even the nets fail) beyond logic.
    func expectBeyondLogic(_ lines: [String]) throws {
        let withoutForcing = SudokuGrader.allTechniques.filter { !$0.isLastResort }
        for line in lines {
            let grid = try SudokuGrid(line: line)
            let solution = BruteForceSudoku.count(size: 9, cells: grid.cells).first!
            let stuck = SudokuGrader.grade(grid, using: withoutForcing)
            #expect(stuck.status == .stuck)
            #expect(stuck.tier == .beyondLogic)
            #expect(stuck.difficulty == .expert)
            #expect(stuck.line.hasPrefix("beyond-logic "))
            expectSound(stuck, solution: solution, line)
            let grade = SudokuGrader.grade(grid)
            #expect(grade.tier == .expert || grade.tier == .beyondLogic)
            #expect(grade.status == .stuck || grade.steps.contains { $0.technique.isLastResort })
            expectSound(grade, solution: solution, line)
        }
    }

    @Test("no solution and several solutions are reported as such")
    func invalid() throws {
        let conflict = try SudokuGrid(line: "11" + String(repeating: ".", count: 79))
        #expect(SudokuGrader.grade(conflict).status == .noSolution)
        #expect(SudokuGrader.grade(conflict).line == "no-solution - 0 -")
        let empty = SudokuGrid(size: .six)
        #expect(SudokuGrader.grade(empty).status == .multipleSolutions)
        #expect(SudokuGrader.grade(empty).tier == nil)
        #expect(SudokuGrader.grade(empty).line == "multiple-solutions - 0 -")
        #expect(SudokuGrader.grade(empty).score == nil)
    }

    @Test("every step is sound on random puzzles of every size", arguments: [4, 6, 9])
    func soundOnRandomPuzzles(size: Int) {
        var random = TestRandom(seed: 2024 + UInt64(size))
        var tiers = Set<SudokuTier>()
        for i in 0..<(size == 9 ? 40 : 150) {
            let full = SudokuTestData.randomFullGrid(size: size, random: &random)
            // Remove cells while the brute force says the puzzle stays unique.
            var cells = full
            var order = Array(0..<size * size)
            order.shuffle(using: &random)
            for cell in order {
                let saved = cells[cell]
                cells[cell] = 0
                if BruteForceSudoku.count(size: size, cells: cells).count != 1 { cells[cell] = saved }
            }
            let grade = SudokuGrader.grade(SudokuGrid(size: sudokuSize(size), cells: cells)!)
            #expect(grade.status == .solved || grade.status == .stuck)
            if let tier = grade.tier { tiers.insert(tier) }
            expectSound(grade, solution: full.map(Int.init), "random \(size)×\(size) #\(i)")
        }
        #expect(!tiers.isEmpty)
    }

    static let soundnessFiles = ["tdoku_puzzles3_magictour_top1465.txt", "norvig_top95.txt", "tdoku_puzzles2_17_clue.txt"]

    @Test("every step is sound on published puzzles",
          .sharedSudokuData(SudokuGraderTests.soundnessFiles))
    func soundOnPublishedPuzzles() throws {
        var lines: [String] = []
        for name in Self.soundnessFiles {
            lines += try SharedSudokuData.lines(name, limit: 40)
        }
        for line in lines {
            let grid = try SudokuGrid(line: line)
            let solution = try #require(SudokuSolver.countSolutions(grid).solution)
            expectSound(SudokuGrader.grade(grid), solution: solution.cells.map(Int.init), line)
        }
    }

    /// The techniques added with the numeric rating, which the published puzzles below must
    /// exercise, so that their soundness is tested on real positions and not only on patterns.
    static let laterTechniques: Set<SudokuTechnique> = [.remotePair, .skyscraper, .twoStringKite, .turbotFish, .wWing,
                                                        .finnedXWing, .finnedSwordfish, .uniqueRectangle, .bugPlusOne,
                                                        .aic, .alsXZ, .alsXYWing, .forcingChain, .forcingNet]

    @Test("every step is sound on a few hundred published puzzles, the later techniques included",
          .sharedSudokuData("tdoku_puzzles2_17_clue.txt", "tdoku_puzzles3_magictour_top1465.txt"))
    func soundOnManyPuzzles() throws {
        let clue17 = try SharedSudokuData.lines("tdoku_puzzles2_17_clue.txt")
        let top = try SharedSudokuData.lines("tdoku_puzzles3_magictour_top1465.txt")
        // Every 100th 17-clue puzzle and every 15th of top1465: about 590 puzzles.
        let lines = stride(from: 7, to: clue17.count, by: 100).map { clue17[$0] } + stride(from: 3, to: top.count, by: 15).map { top[$0] }
        var used: [SudokuTechnique: Int] = [:]
        for line in lines {
            let grid = try SudokuGrid(line: line)
            let solution = try #require(SudokuSolver.countSolutions(grid).solution)
            let grade = SudokuGrader.grade(grid)
            for step in grade.steps { used[step.technique, default: 0] += 1 }
            expectSound(grade, solution: solution.cells.map(Int.init), line)
        }
        print("steps per technique on \(lines.count) puzzles: \(used.sorted { $0.key < $1.key }.map { "\($0.key.id) \($0.value)" }.joined(separator: ", "))")
        // Issue 14's techniques too, but for unique rectangle type 5, which these puzzles never
        // need (its patterns are in SudokuUniquenessTechniqueTests.swift).
        for technique in Self.laterTechniques.union(issue14Techniques.subtracting([.uniqueRectangle5])).sorted() {
            #expect(used[technique, default: 0] > 0, "\(technique.id) never used, so not tested here")
        }
    }

    @Test("nextStep is the grade's first step; stepsToNextPlacement ends with a placement")
    func nextStep() throws {
        let grid = try SudokuGrid(line: techniquePuzzles.first { $0.0 == .xWing }!.1)
        let grade = SudokuGrader.grade(grid)
        #expect(SudokuGrader.nextStep(grid) == grade.steps.first)
        // From the position just before the X-wing is first needed.
        let index = try #require(grade.steps.firstIndex { $0.technique == .xWing })
        var position = grid
        for step in grade.steps[..<index] { for p in step.placements { position[p.cell.row, p.cell.column] = UInt8(p.digit) } }
        let steps = SudokuGrader.stepsToNextPlacement(position)
        #expect(steps.last?.isPlacement == true)
        #expect(steps.dropLast().allSatisfy { !$0.isPlacement })
        let solution = try #require(SudokuSolver.countSolutions(grid).solution)
        for p in steps.last!.placements { #expect(solution[p.cell.row, p.cell.column] == UInt8(p.digit)) }
        #expect(SudokuGrader.nextStep(solution) == nil)
    }

    @Test("hints: mistakes, conflicts, solved, steps, and broken givens")
    func hints() throws {
        let givens = try SudokuGrid(line: techniquePuzzles.first { $0.0 == .pointing }!.1)
        let solution = try #require(SudokuSolver.countSolutions(givens).solution)
        #expect(SudokuGrader.hint(givens: givens, current: solution) == .solved)

        guard case .steps(let steps) = SudokuGrader.hint(givens: givens, current: givens) else {
            Issue.record("expected steps")
            return
        }
        #expect(steps.last?.isPlacement == true)

        // A wrong digit that breaks no rule yet.
        var current = givens
        let empty = try #require(givens.cells.indices.first { givens.cells[$0] == 0 })
        let (r, c) = (empty / 9, empty % 9)
        let box = givens.box(row: r, column: c)
        func breaksNoRule(_ d: UInt8) -> Bool {
            let inLine = (0..<9).contains { (i: Int) -> Bool in givens[r, i] == d || givens[i, c] == d }
            let inBox = (0..<81).contains { (i: Int) -> Bool in givens.cells[i] == d && givens.box(row: i / 9, column: i % 9) == box }
            return !inLine && !inBox
        }
        let wrong = try #require((1...9).map(UInt8.init).first { (d: UInt8) -> Bool in d != solution[r, c] && breaksNoRule(d) })
        current[r, c] = wrong
        #expect(SudokuGrader.hint(givens: givens, current: current) == .mistakes([SudokuCell(row: r, column: c)]))

        // A digit repeated in a row.
        var clash = givens
        let given = try #require(givens.cells.indices.first { givens.cells[$0] != 0 })
        let rowmate = try #require((0..<9).map { (given / 9) * 9 + $0 }.first { givens.cells[$0] == 0 })
        clash.cells[rowmate] = givens.cells[given]
        guard case .conflict = SudokuGrader.hint(givens: givens, current: clash) else {
            Issue.record("expected a conflict")
            return
        }
        #expect(SudokuGrader.hint(givens: SudokuGrid(size: .four), current: SudokuGrid(size: .four)) == .multipleSolutions)
    }
}

/// The page's panel grades one puzzle with the slow techniques on a second thread: the steps,
/// their words included, must be the ones the one-thread ladder takes.
@Suite("Sudoku grading on two threads: the same steps")
struct SudokuTwoThreadGradingTests {
    @Test("Puzzles needing chains, ALS and forcing nets (top95, top1465): the same steps and words on two threads as on one",
          .sharedSudokuData("norvig_top95.txt", "tdoku_puzzles3_magictour_top1465.txt"))
    func sameSteps() throws {
        var generator = SplitMix64(seed: 35)
        let lines = try SharedSudokuData.lines("norvig_top95.txt").shuffled(using: &generator).prefix(16)
            + SharedSudokuData.lines("tdoku_puzzles3_magictour_top1465.txt", limit: 400).shuffled(using: &generator).prefix(8)
        var forcing = 0
        for line in lines {
            let grid = try SudokuGrid(line: line.prefix(81))
            let one = SudokuGrader.grade(grid)
            let two = SudokuGrader.grade(grid, twoThreads: true)
            #expect(one.steps == two.steps, "\(line)")
            #expect(one.steps.map(\.explanation) == two.steps.map(\.explanation), "\(line)")
            if one.steps.contains(where: { $0.technique >= .sueDeCoq }) { forcing += 1 }
        }
        #expect(forcing >= 4, "the sample reaches the slow techniques")
    }

    @Test("A grade asked to stop between steps stops")
    func cancelled() throws {
        let grid = try SudokuGrid(line: "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
        var asked = 0
        let grade = SudokuGrader.grade(grid, isCancelled: { asked += 1; return asked > 3 })
        #expect(grade.steps.count == 3)
    }
}
