import GridEditCore
import GridEditGeometry
import GridEditTestSupport
import Testing

@Suite struct TangramModelTests {
    static func square() throws -> TangramPuzzle {
        let store = PuzzleStore(root: GridEditBinary.repositoryRoot.appendingPathComponent("puzzles").path)
        let document = try store.load(GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/tangram-starter/square.json").path).document
        return try #require(document.puzzle as? TangramPuzzle)
    }

    @Test func pieceAreasAddUpToEight() {
        let total = TangramPiece.allCases.map(\.shape.area).reduce(Area.zero, +)
        #expect(total == Area(units: 8))
    }

    @Test func completionIgnoresWhichTwinTriangleLiesWhere() throws {
        var puzzle = try Self.square()
        let target = try #require(puzzle.pieces)
        #expect(!puzzle.isCompleted)
        puzzle.currentState = target
        #expect(puzzle.isCompleted)
        // Swap the two large triangles: the child cannot tell them apart.
        var swapped = target
        let a = swapped.firstIndex { $0.piece == .large1 }!, b = swapped.firstIndex { $0.piece == .large2 }!
        (swapped[a].position, swapped[b].position) = (swapped[b].position, swapped[a].position)
        (swapped[a].rotation, swapped[b].rotation) = (swapped[b].rotation, swapped[a].rotation)
        puzzle.currentState = swapped
        #expect(puzzle.isCompleted)
        // A quarter-unit nudge is not a solution.
        swapped[0].position = swapped[0].position + Vector(Exact(quarters: 1), .zero)
        puzzle.currentState = swapped
        #expect(!puzzle.isCompleted)
    }

    @Test func validatesCleanAndFlagsANudgedPiece() throws {
        var puzzle = try Self.square()
        #expect(puzzle.isValid)
        #expect(TangramKind.validate(puzzle).isEmpty)
        // Nudging the square a quarter unit into its neighbour is an exact overlap.
        let i = puzzle.pieces!.firstIndex { $0.piece == .square }!
        puzzle.pieces![i].position = puzzle.pieces![i].position + Vector(Exact(quarters: -1), .zero)
        let rules = TangramKind.validate(puzzle).map(\.rule)
        #expect(rules.contains("tangram.overlap"))
        #expect(!puzzle.isValid)
    }

    @Test func silhouetteAreaMustBeEight() throws {
        var puzzle = try Self.square()
        #expect(TangramKind.validate(puzzle).isEmpty)
        let ring = puzzle.silhouette![0]
        // Stretch the outline by a quarter unit to the right.
        let stretched = ring.vertices.map { p in p.x > Exact(4) ? p + Vector(Exact(quarters: 1), .zero) : p }
        puzzle.silhouette = [try #require(Polygon(stretched))]
        #expect(TangramKind.validate(puzzle).map(\.rule) == ["tangram.silhouette-area"])
        // The same outline clockwise with no outer ring.
        puzzle.silhouette = [ring.reversed]
        #expect(TangramKind.validate(puzzle).map(\.rule).contains("tangram.silhouette-shape"))
    }

    @Test func flipOnlyMattersForTheParallelogram() {
        let p = Point(Exact(2), Exact(2))
        for piece in TangramPiece.allCases where piece != .parallelogram {
            let flipped = Pose(piece: piece, position: p, rotation: Rotation(eighths: 1), flipped: true)
            #expect(!flipped.flipped)
            #expect(flipped.footprint == Pose(piece: piece, position: p, rotation: Rotation(eighths: 3)).footprint)
        }
        let mirrored = Pose(piece: .parallelogram, position: p, flipped: true)
        #expect(mirrored.flipped)
        let all = (0..<8).map { Pose(piece: .parallelogram, position: p, rotation: Rotation(eighths: $0)).footprint }
        #expect(!all.contains(mirrored.footprint), "a mirrored parallelogram is no rotation of the original")
    }
}

@Suite struct SudokuModelTests {
    @Test func lineFormatRoundTripsAllSizes() throws {
        let lines = [
            "1.3...2..1...4..",
            "1.....2.....3.....4.....5.....6.....",
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        ]
        for line in lines {
            let grid = try SudokuGrid(line: line)
            #expect(grid.line == line)
            #expect(try SudokuGrid(line: line.replacingOccurrences(of: ".", with: "0")) == grid)
        }
    }

    @Test func lineFormatErrorsSayWhatAndWhere() {
        #expect(throws: SudokuGrid.LineFormatError.length(15)) { try SudokuGrid(line: "1.3...2..1...4.") }
        #expect(throws: SudokuGrid.LineFormatError.character("5", position: 2)) { try SudokuGrid(line: "1.5...2..1...4..") }
        let results = SudokuLines.parseEntries("# a comment\n1.3...2..1...4..\n\nxx\n")
        #expect(results.count == 2)
        if case .failure(let error) = results[1] { #expect(error.line == 4) } else { Issue.record("bad line accepted") }
    }

    @Test func boxesFollowTheSizeShape() throws {
        let six = SudokuGrid(size: .six)
        // 6×6 boxes are 2 rows by 3 columns.
        #expect(six.box(row: 0, column: 2) == 0)
        #expect(six.box(row: 1, column: 3) == 1)
        #expect(six.box(row: 2, column: 0) == 2)
        #expect(six.units.filter { $0.name.hasPrefix("box") }.allSatisfy { $0.cells.count == 6 })
        // Two equal digits in one 6×6 box but different rows and columns conflict.
        var grid = six
        grid[0, 0] = 4
        grid[1, 2] = 4
        #expect(grid.conflicts.map(\.unit) == ["box 1"])
        grid[1, 2] = 0
        grid[1, 3] = 4
        #expect(grid.conflicts.isEmpty)
    }

    @Test func completionKeepsGivensAndRules() throws {
        let givens = try SudokuGrid(line: "1...............")
        let metadata = PuzzleMetadata(id: "t", name: "T", difficulty: .easy,
                                      createdAt: "2026-11-22T09:00:00Z", updatedAt: "2026-11-22T09:00:00Z")
        var puzzle = SudokuPuzzle(metadata: metadata, givens: givens)
        #expect(!puzzle.isCompleted)
        puzzle.currentState = try SudokuGrid(line: "1234341221434321")
        #expect(puzzle.isCompleted)
        puzzle.currentState = try SudokuGrid(line: "2143341212344321")  // valid grid, breaks the given
        #expect(!puzzle.isCompleted)
    }
}
