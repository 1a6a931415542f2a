import Foundation
import GridEditCore
import GridEditTestSupport
import Testing

/// A random element of the Sudoku symmetry group for `size`, applied to a grid: digits
/// relabelled, bands and rows within bands, stacks and columns within stacks permuted, and
/// (square boxes only) transposed. Written here independently of the product's canonical form.
func disguise(_ grid: SudokuGrid, _ random: inout TestRandom, transpose: Bool? = nil) -> SudokuGrid {
    let n = grid.size.rawValue
    let (bandHeight, stackWidth) = (grid.size.boxRows, grid.size.boxColumns)
    func order(_ count: Int, group: Int) -> [Int] {
        var groups = Array(0..<count / group)
        groups.shuffle(using: &random)
        return groups.flatMap { g -> [Int] in
            var inside = Array(g * group..<(g + 1) * group)
            inside.shuffle(using: &random)
            return inside
        }
    }
    let rows = order(n, group: bandHeight), columns = order(n, group: stackWidth)
    var labels = Array(1...n)
    labels.shuffle(using: &random)
    let flip = bandHeight == stackWidth && (transpose ?? (random.below(2) == 1))
    var cells = [UInt8](repeating: 0, count: n * n)
    for r in 0..<n {
        for c in 0..<n {
            let value = flip ? grid[columns[c], rows[r]] : grid[rows[r], columns[c]]
            cells[r * n + c] = value == 0 ? 0 : UInt8(labels[Int(value) - 1])
        }
    }
    return SudokuGrid(size: grid.size, cells: cells)!
}

/// A random unique puzzle from the brute force (cells removed while it stays unique).
func randomPuzzle(size: Int, random: inout TestRandom, keepExtra: Int = 0) -> (puzzle: SudokuGrid, solution: [UInt8]) {
    let full = SudokuTestData.randomFullGrid(size: size, random: &random)
    var cells = full
    var order = Array(0..<size * size)
    order.shuffle(using: &random)
    for cell in order.dropFirst(keepExtra) {
        let saved = cells[cell]
        cells[cell] = 0
        if BruteForceSudoku.count(size: size, cells: cells).count != 1 { cells[cell] = saved }
    }
    return (SudokuGrid(size: sudokuSize(size), cells: cells)!, full)
}

@Suite("Sudoku canonical form")
struct SudokuCanonicalFormTests {
    @Test("a puzzle in disguise has the same canonical form", arguments: [4, 6, 9])
    func invariance(size: Int) {
        var random = TestRandom(seed: 31 + UInt64(size))
        for _ in 0..<(size == 9 ? 12 : 30) {
            let (puzzle, solution) = randomPuzzle(size: size, random: &random)
            let key = SudokuCanonicalForm.key(puzzle)
            for _ in 0..<3 { #expect(SudokuCanonicalForm.key(disguise(puzzle, &random)) == key) }
            // The canonical form is itself equivalent: it has the same number of givens and
            // is its own canonical form.
            let canonical = SudokuCanonicalForm.of(puzzle)
            #expect(canonical.cells.filter { $0 != 0 }.count == puzzle.cells.filter { $0 != 0 }.count)
            #expect(SudokuCanonicalForm.key(canonical) == key)
            // One more given makes a different puzzle.
            var more = puzzle
            let empty = puzzle.cells.indices.first { puzzle.cells[$0] == 0 }!
            more[empty / size, empty % size] = solution[empty]
            #expect(SudokuCanonicalForm.key(more) != key)
            // Full grids too.
            let full = SudokuGrid(size: sudokuSize(size), cells: solution)!
            #expect(SudokuCanonicalForm.key(disguise(full, &random)) == SudokuCanonicalForm.key(full))
        }
    }

    @Test("turning a 9×9 or 4×4 grid a quarter is a disguise; for 6×6 a half turn is, a transposition is not")
    func turns() {
        var random = TestRandom(seed: 8)
        for size in [4, 9] {
            let (puzzle, _) = randomPuzzle(size: size, random: &random)
            let n = size
            let turned = SudokuGrid(size: puzzle.size, cells: (0..<n * n).map { i in puzzle[n - 1 - i % n, i / n] })!
            #expect(SudokuCanonicalForm.key(turned) == SudokuCanonicalForm.key(puzzle))
        }
        var invalidTransposes = 0
        for _ in 0..<6 {
            let (puzzle, solution) = randomPuzzle(size: 6, random: &random)
            let halfTurn = SudokuGrid(size: .six, cells: puzzle.cells.reversed())!
            #expect(SudokuCanonicalForm.key(halfTurn) == SudokuCanonicalForm.key(puzzle))
            // Transposed, a full 6×6 grid has 3×2 boxes. When that breaks a 2×3 box, it is no
            // 6×6 Sudoku at all, so no disguise of the original: the keys must differ.
            let full = SudokuGrid(size: .six, cells: solution)!
            let transposed = SudokuGrid(size: .six, cells: (0..<36).map { full[$0 % 6, $0 / 6] })!
            if !transposed.conflicts.isEmpty {
                invalidTransposes += 1
                #expect(SudokuCanonicalForm.key(transposed) != SudokuCanonicalForm.key(full))
            }
        }
        #expect(invalidTransposes >= 3)
    }

    @Test("the search gives exactly the grid of the plain reference search", arguments: [4, 6, 9])
    func sameAsReference(size: Int) {
        var random = TestRandom(seed: 90 + UInt64(size))
        for _ in 0..<(size == 9 ? 10 : 30) {
            let (puzzle, solution) = randomPuzzle(size: size, random: &random)
            #expect(SudokuCanonicalForm.of(puzzle) == ReferenceCanonicalForm.of(puzzle))
            let shown = disguise(puzzle, &random)
            #expect(SudokuCanonicalForm.of(shown) == ReferenceCanonicalForm.of(shown))
            let full = SudokuGrid(size: sudokuSize(size), cells: solution)!
            #expect(SudokuCanonicalForm.of(full) == ReferenceCanonicalForm.of(full))
            // A grid that breaks the rules (a digit twice in a row) still has one form.
            var broken = puzzle
            if let a = puzzle.cells.firstIndex(where: { $0 != 0 }), let b = puzzle.cells.indices.first(where: { $0 / size == a / size && puzzle.cells[$0] == 0 }) {
                broken[b / size, b % size] = puzzle.cells[a]
                #expect(SudokuCanonicalForm.of(broken) == ReferenceCanonicalForm.of(broken))
            }
        }
    }

    @Test("the empty grid and a one-given grid have simple canonical forms")
    func small() throws {
        #expect(SudokuCanonicalForm.key(SudokuGrid(size: .nine)) == String(repeating: ".", count: 81))
        var one = SudokuGrid(size: .nine)
        one[7, 5] = 9
        #expect(SudokuCanonicalForm.key(one) == "1" + String(repeating: ".", count: 80))
    }

    @Test("17-clue puzzles are canonicalised quickly and keep their clue count",
          .sharedSudokuData("tdoku_puzzles2_17_clue.txt"))
    func sparse() throws {
        let lines = try SharedSudokuData.lines("tdoku_puzzles2_17_clue.txt", limit: 20)
        var random = TestRandom(seed: 3)
        var keys = Set<String>()
        for line in lines {
            let grid = try SudokuGrid(line: line)
            let key = SudokuCanonicalForm.key(grid)
            #expect(key.filter { $0 != "." }.count == 17)
            if keys.count < 5 { #expect(SudokuCanonicalForm.of(grid) == ReferenceCanonicalForm.of(grid)) }
            #expect(SudokuCanonicalForm.key(disguise(grid, &random)) == key)
            keys.insert(key)
        }
        #expect(keys.count == lines.count, "the collection holds no two equivalent puzzles")
    }
}

@Suite("Sudoku symmetry and minimality")
struct SudokuSymmetryTests {
    @Test("orbits of each symmetry")
    func orbits() {
        let corner = SudokuCell(row: 0, column: 0)
        #expect(SudokuSymmetry.none.orbit(of: corner, size: .nine) == [corner])
        #expect(SudokuSymmetry.rot180.orbit(of: corner, size: .nine) == [corner, SudokuCell(row: 8, column: 8)])
        #expect(SudokuSymmetry.rot90.orbit(of: SudokuCell(row: 0, column: 1), size: .nine)
                    == [SudokuCell(row: 0, column: 1), SudokuCell(row: 1, column: 8), SudokuCell(row: 7, column: 0), SudokuCell(row: 8, column: 7)])
        #expect(SudokuSymmetry.leftRight.orbit(of: SudokuCell(row: 2, column: 1), size: .six) == [SudokuCell(row: 2, column: 1), SudokuCell(row: 2, column: 4)])
        #expect(SudokuSymmetry.topBottom.orbit(of: SudokuCell(row: 0, column: 3), size: .four) == [SudokuCell(row: 0, column: 3), SudokuCell(row: 3, column: 3)])
        #expect(SudokuSymmetry.diagonal.orbit(of: SudokuCell(row: 1, column: 4), size: .nine) == [SudokuCell(row: 1, column: 4), SudokuCell(row: 4, column: 1)])
        #expect(SudokuSymmetry.antiDiagonal.orbit(of: SudokuCell(row: 0, column: 0), size: .nine) == [corner, SudokuCell(row: 8, column: 8)])
        #expect(SudokuSymmetry.dihedral.orbit(of: SudokuCell(row: 0, column: 1), size: .nine).count == 8)
        #expect(SudokuSymmetry.rot180.orbit(of: SudokuCell(row: 4, column: 4), size: .nine) == [SudokuCell(row: 4, column: 4)])
        for symmetry in SudokuSymmetry.allCases {
            for size in SudokuSize.allCases {
                let orbits = symmetry.orbits(size: size)
                #expect(orbits.reduce(0) { $0 + $1.count } == size.cellCount, "\(symmetry) \(size)")
            }
        }
    }

    @Test("detection finds the symmetries a pattern has and no others")
    func detection() throws {
        #expect(SudokuSymmetry.detect(SudokuGrid(size: .nine)) == [.dihedral, .rot90, .rot180, .leftRight, .topBottom, .diagonal, .antiDiagonal])
        var grid = SudokuGrid(size: .nine)
        grid[0, 1] = 5
        #expect(SudokuSymmetry.detect(grid) == [.none])
        grid[8, 7] = 3
        #expect(SudokuSymmetry.detect(grid) == [.rot180])
        grid[1, 8] = 1
        grid[7, 0] = 2
        #expect(SudokuSymmetry.detect(grid) == [.rot90, .rot180])
        var mirrored = SudokuGrid(size: .six)
        mirrored[2, 0] = 1
        mirrored[2, 5] = 2
        #expect(SudokuSymmetry.detect(mirrored) == [.leftRight])
    }

    @Test("redundant givens: each one removable on its own, and no other", arguments: [4, 6, 9])
    func redundantGivens(size: Int) {
        var random = TestRandom(seed: 77 + UInt64(size))
        for _ in 0..<(size == 9 ? 3 : 8) {
            // A unique puzzle with a few givens to spare.
            let (puzzle, _) = randomPuzzle(size: size, random: &random, keepExtra: size == 9 ? 30 : size * 2)
            let redundant = Set(SudokuMinimality.redundantGivens(puzzle))
            for index in puzzle.cells.indices where puzzle.cells[index] != 0 {
                var fewer = puzzle.cells
                fewer[index] = 0
                let unique = BruteForceSudoku.count(size: size, cells: fewer).count == 1
                #expect(redundant.contains(SudokuCell(row: index / size, column: index % size)) == unique)
            }
            #expect(SudokuMinimality.isMinimal(puzzle) == redundant.isEmpty)
        }
        let (minimal, _) = randomPuzzle(size: size, random: &random)
        #expect(SudokuMinimality.redundantGivens(minimal).isEmpty)
        #expect(SudokuMinimality.isMinimal(minimal))
        #expect(SudokuMinimality.redundantGivens(SudokuGrid(size: sudokuSize(size))).isEmpty)
        #expect(!SudokuMinimality.isMinimal(SudokuGrid(size: sudokuSize(size))))
    }
}

@Suite("Sudoku generator")
struct SudokuGeneratorTests {
    @Test("the same seed gives the same puzzles, whatever the number of jobs; another seed others")
    func determinism() {
        let options = SudokuGenerator.Options(size: .nine, tier: .easy, symmetry: .rot180, seed: 42)
        let once = SudokuGenerator.generate(options, count: 4, jobs: 1).map { try? $0.get().givens }
        let again = SudokuGenerator.generate(options, count: 4, jobs: 3).map { try? $0.get().givens }
        #expect(once == again)
        #expect(!once.contains(nil))
        var other = options
        other.seed = 43
        #expect(SudokuGenerator.generate(other, count: 4).map { try? $0.get().givens } != once)
        // The i-th puzzle does not depend on how many are asked for.
        #expect(SudokuGenerator.generate(options, index: 2).map(\.givens) == .success(once[2]!))
    }

    @Test("puzzles are unique, of the tier asked for, with the symmetry asked for", arguments: [
        (SudokuSize.four, SudokuTier.easy, SudokuSymmetry.rot90),
        (.six, .easy, .leftRight), (.six, .hard, .rot180), (.six, .expert, .none),
        (.nine, .easy, .rot180), (.nine, .medium, .diagonal), (.nine, .hard, .none),
    ])
    func tierAndSymmetry(size: SudokuSize, tier: SudokuTier, symmetry: SudokuSymmetry) throws {
        for result in SudokuGenerator.generate(.init(size: size, tier: tier, symmetry: symmetry, seed: 5), count: 2) {
            let generated = try result.get()
            let brute = BruteForceSudoku.count(size: size.rawValue, cells: generated.givens.cells)
            #expect(brute.count == 1)
            #expect(brute.first == generated.solution.cells.map(Int.init))
            #expect(SudokuGrader.grade(generated.givens).tier == tier)
            #expect(symmetry.holds(for: generated.givens))
            #expect(SudokuSymmetry.detect(generated.givens).contains(symmetry) || symmetry == .none)
        }
    }

    @Test("a tier a small grid cannot reach gives up with a clear message")
    func givesUp() {
        let options = SudokuGenerator.Options(size: .four, tier: .expert, symmetry: .none, seed: 1, maxAttempts: 20)
        guard case .failure(let failure) = SudokuGenerator.generate(options) else {
            Issue.record("an expert 4×4 puzzle")
            return
        }
        #expect(failure.description.hasPrefix("no expert 4×4 puzzle with none symmetry after 20 attempts"))
    }
}
