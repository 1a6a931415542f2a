import Foundation
@testable import GridEditCore
import GridEditGeometry
import GridEditTestSupport
import Testing

enum TangramFixtures {
    /// A shipped tangram puzzle by id.
    static func shipped(_ id: String) throws -> TangramPuzzle {
        let path = GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/tangram-starter/\(id).json").path
        let document = try PuzzleStore(root: GridEditBinary.repositoryRoot.appendingPathComponent("puzzles").path).load(path).document
        return try #require(document.puzzle as? TangramPuzzle)
    }

    static let shippedIDs = ["house", "fish", "sailboat", "cat", "rabbit", "swan", "rectangle", "triangle", "square",
                             "parallelogram", "trapezoid", "pentagon", "hexagon"]

    /// The figure of a shipped puzzle: its silhouette, or its arrangement's outline.
    static func figure(_ id: String) throws -> OctilinearRegion {
        try #require(TangramTarget.figure(of: try shipped(id)))
    }

    static func region(_ points: [(Exact, Exact)]) throws -> OctilinearRegion {
        try OctilinearRegion(rings: [try #require(Polygon(points.map { Point($0.0, $0.1) }))])
    }

    static let root2 = Exact(quarters: 0, sqrt2Quarters: 4)

    /// Why `poses` is not a filling of `region`, or nil if it is one: the seven pieces, each
    /// once, none overlapping another, their union exactly the region.
    static func problem(with poses: [Pose], filling region: OctilinearRegion) -> String? {
        guard poses.map(\.piece) == TangramPiece.allCases else { return "pieces \(poses.map(\.piece.rawValue))" }
        let polygons = poses.map(\.polygon)
        for j in polygons.indices {
            for i in 0..<j where polygons[i].interiorsOverlap(polygons[j]) { return "\(poses[i].piece) overlaps \(poses[j].piece)" }
        }
        guard let union = try? OctilinearRegion(union: polygons) else { return "no union" }
        return union == region ? nil : "union differs from the figure"
    }

    /// The pieces of a filling as shapes and places, twins indistinct.
    static func footprints(_ poses: [Pose]) -> [Pose.Footprint: Int] {
        poses.reduce(into: [:]) { $0[$1.footprint, default: 0] += 1 }
    }
}

@Suite("Tangram solver")
struct TangramSolverTests {
    // MARK: Reference results

    @Test("the convex candidates: 20 non-congruent convex polygons of area 8 on the half-square grid")
    func twentyConvexCandidates() throws {
        let candidates = TangramConvexCandidates.all()
        #expect(candidates.count == 20)
        #expect(Set(candidates.map(\.congruenceKey)).count == candidates.count)
        for candidate in candidates {
            #expect(candidate.area == Area(units: 8))
            #expect(TangramDifficulty.isConvex(candidate))
            #expect(candidate.vertices.allSatisfy { $0.x.isOnQuarterGrid && $0.y.isOnQuarterGrid && $0.x.numerator.a % 4 == 0 && $0.y.numerator.a % 4 == 0 })
        }
    }

    @Test("Wang and Hsiung: exactly 13 of the 20 convex candidates can be made, and every solution is a filling")
    func thirteenConvexTangrams() throws {
        let candidates = TangramConvexCandidates.all()
        var solvable: [OctilinearRegion] = []
        for candidate in candidates {
            let outcome = TangramSolver.solve(candidate)
            #expect(outcome.isExhaustive)
            for solution in outcome.solutions {
                #expect(TangramFixtures.problem(with: solution, filling: candidate) == nil)
            }
            #expect(Set(outcome.solutions.map(TangramFixtures.footprints)).count == outcome.solutions.count,
                    "each filling once, twins swapped or not")
            if outcome.isSolvable { solvable.append(candidate) }
        }
        #expect(solvable.count == 13)
        // The pack's seven convex shapes are among them.
        let keys = Set(solvable.map(\.congruenceKey))
        for id in ["rectangle", "triangle", "square", "parallelogram", "trapezoid", "pentagon", "hexagon"] {
            #expect(keys.contains(try TangramFixtures.figure(id).congruenceKey), "\(id)")
        }
    }

    @Test("the square has exactly one solution up to symmetry, whichever way it is turned")
    func squareIsUnique() throws {
        let side = TangramFixtures.root2.times(2)
        let square = try TangramFixtures.region([(.zero, .zero), (side, .zero), (side, side), (.zero, side)])
        let diamond = try TangramFixtures.region([(Exact(2), .zero), (Exact(4), Exact(2)), (Exact(2), Exact(4)), (.zero, Exact(2))])
        for figure in [square, diamond, try TangramFixtures.figure("square")] {
            let analysis = TangramAnalysis(region: figure)
            #expect(analysis.symmetries.count == 8)
            #expect(analysis.solutionsUpToSymmetry == 1)
            #expect(analysis.solutions.count == 8, "the eight images of the one dissection")
        }
    }

    @Test("the shipped figures are solved, and their stored arrangement is among the solutions", arguments: TangramFixtures.shippedIDs)
    func shippedFigures(id: String) throws {
        let puzzle = try TangramFixtures.shipped(id)
        let figure = try TangramFixtures.figure(id)
        let outcome = TangramSolver.solve(figure)
        #expect(outcome.isSolvable && outcome.isExhaustive)
        for solution in outcome.solutions { #expect(TangramFixtures.problem(with: solution, filling: figure) == nil) }
        let stored = TangramFixtures.footprints(try #require(puzzle.pieces))
        #expect(outcome.solutions.contains { TangramFixtures.footprints($0) == stored })
    }

    // MARK: Random figures

    @Test("figures of random arrangements are solved, with the arrangement among the solutions", arguments: [false, true])
    func randomArrangements(mixed: Bool) throws {
        var mixedFigures = 0
        for index in 0..<24 {
            let poses = TangramRandomArrangement.make(seed: UInt64(index) + (mixed ? 1000 : 0), mixed: mixed)
            let figure = try OctilinearRegion(union: poses.map(\.polygon))
            let turns = Set(poses.map { $0.rotation.eighths % 2 })
            if turns.count == 2 { mixedFigures += 1 }
            let first = TangramSolver.solve(figure, limit: 1)
            #expect(first.isSolvable, "figure \(index): \(figure.rings)")
            if let solution = first.solutions.first { #expect(TangramFixtures.problem(with: solution, filling: figure) == nil) }
            if index % 3 == 0 {
                let all = TangramSolver.solve(figure)
                #expect(all.solutions.contains { TangramFixtures.footprints($0) == TangramFixtures.footprints(poses) },
                        "figure \(index): the arrangement it was made from")
            }
        }
        if mixed { #expect(mixedFigures >= 12, "most figures mix pieces turned 45° against each other") }
    }

    @Test("a figure with a hole")
    func figureWithAHole() throws {
        // Random arrangements now and then enclose a hole; the first three are solved, and
        // their outlines without the hole (too much area) are not.
        var holes = 0
        for seed in 0..<3000 where holes < 3 {
            let poses = TangramRandomArrangement.make(seed: UInt64(seed), mixed: true)
            let figure = try OctilinearRegion(union: poses.map(\.polygon))
            guard let topology = figure.topology(), topology.ringTwiceArea.contains(where: { $0.signum < 0 }) else { continue }
            holes += 1
            let outcome = TangramSolver.solve(figure, limit: 1)
            #expect(outcome.isSolvable, "\(figure.rings)")
            // The same outline without the hole has more area than the pieces: no solution.
            let outer = figure.rings.filter(\.isCounterClockwise)
            #expect(!TangramSolver.solve(try OctilinearRegion(rings: outer), limit: 1).isSolvable)
        }
        #expect(holes == 3)
    }

    @Test("random figures of 16 half-squares are decided, every solution found a filling")
    func randomHalfSquareFigures() throws {
        // Each unit cell is cut along one diagonal (chosen when first used); half-cells are added
        // at random along an edge of the figure so far. Most such figures are no tangrams.
        var random = SplitMix64(seed: 16)
        var solvable = 0, nodes = 0
        let p = { (a: Int, b: Int) in Point(Exact(a), Exact(b)) }
        func polygon(_ x: Int, _ y: Int, rising: Bool, upper: Bool) -> Polygon {
            switch (rising, upper) {
            case (true, false): Polygon([p(x, y), p(x + 1, y), p(x + 1, y + 1)])!
            case (true, true): Polygon([p(x, y), p(x + 1, y + 1), p(x, y + 1)])!
            case (false, false): Polygon([p(x, y), p(x + 1, y), p(x, y + 1)])!
            case (false, true): Polygon([p(x + 1, y), p(x + 1, y + 1), p(x, y + 1)])!
            }
        }
        for _ in 0..<80 {
            var rising: [[Int]: Bool] = [[0, 0]: random.below(2) == 0]
            var used: [[Int]] = [[0, 0, 0]]  // x, y, upper half
            var halves = [polygon(0, 0, rising: rising[[0, 0]]!, upper: false)]
            while used.count < 16 {
                let from = used[random.below(used.count)]
                let (dx, dy) = [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)][random.below(5)]
                let cell = [from[0] + dx, from[1] + dy]
                let cut = rising[cell] ?? (random.below(2) == 0)
                let half = cell + [random.below(2)]
                let candidate = polygon(cell[0], cell[1], rising: cut, upper: half[2] == 1)
                guard !used.contains(half), halves.contains(where: { $0.sharesBoundarySegment(with: candidate) }) else { continue }
                rising[cell] = cut
                used.append(half)
                halves.append(candidate)
            }
            let figure = try OctilinearRegion(union: halves)
            let outcome = TangramSolver.solve(figure)
            #expect(outcome.isExhaustive)
            for solution in outcome.solutions { #expect(TangramFixtures.problem(with: solution, filling: figure) == nil) }
            if outcome.isSolvable { solvable += 1 }
            nodes += outcome.nodes
        }
        #expect(solvable >= 5 && solvable < 80)
        #expect(nodes > 80 * 5, "not all decided at the first step")
    }

    // MARK: Near misses

    @Test("the seven convex candidates that are not tangrams, and stretched or sheared shapes, are refused")
    func nearMisses() throws {
        let unsolvable = TangramConvexCandidates.all().filter { !TangramSolver.solve($0, limit: 1).isSolvable }
        #expect(unsolvable.count == 7)
        for candidate in unsolvable {
            #expect(candidate.area == Area(units: 8), "same area as the pieces: only the search can refuse it")
        }
        // The square stretched by a quarter unit: the area is no longer 8.
        let side = TangramFixtures.root2.times(2)
        let wider = side + Exact(quarters: 1)
        let stretched = try TangramFixtures.region([(.zero, .zero), (wider, .zero), (wider, side), (.zero, side)])
        #expect(!TangramSolver.solve(stretched).isSolvable)
        #expect(TangramSolver.solve(try TangramFixtures.figure("square")).isSolvable)
        // The parallelogram with its top edge moved a quarter unit: area 8, but slanted edges.
        let q = { (x: Int, y: Int) in (Exact(quarters: x), Exact(quarters: y)) }
        #expect(throws: OctilinearRegion.Error.self) { try TangramFixtures.region([q(4, 12), q(20, 12), q(29, 20), q(13, 20)]) }
        // Every solvable convex shape stretched by a quarter unit: cut along a line through a
        // vertex (vertical, horizontal or diagonal) and pulled apart a quarter unit along each
        // axis, where that keeps the edges in the eight directions.
        var stretchedCount = 0
        let quarter = Exact(quarters: 1)
        let cuts: [(along: (Point) -> Exact, shift: Vector)] = [
            ({ $0.x }, Vector(quarter, .zero)), ({ $0.y }, Vector(.zero, quarter)),
            ({ $0.x + $0.y }, Vector(quarter, quarter)), ({ $0.y - $0.x }, Vector(-quarter, quarter)),
        ]
        for candidate in TangramConvexCandidates.all() where TangramSolver.solve(candidate, limit: 1).isSolvable {
            let ring = try #require(candidate.rings.first)
            let stretched = cuts.lazy.flatMap { cut in
                Set(ring.vertices.map(cut.along)).sorted().dropLast().lazy.compactMap { level -> OctilinearRegion? in
                    let moved = ring.vertices.map { cut.along($0) > level ? $0 + cut.shift : $0 }
                    return Polygon(moved).flatMap { try? OctilinearRegion(rings: [$0]) }
                }
            }.first
            guard let stretched else { continue }
            stretchedCount += 1
            #expect(stretched.area != candidate.area)
            #expect(!TangramSolver.solve(stretched).isSolvable)
        }
        #expect(stretchedCount >= 10)
    }

    // MARK: Counting and ambiguity

    @Test("solutions are counted raw and up to the figure's symmetry")
    func countsUpToSymmetry() throws {
        let rectangle = TangramAnalysis(region: try TangramFixtures.figure("rectangle"))
        #expect(rectangle.symmetries.count == 4)
        // Every class is the orbit of a solution under the symmetries: raw = Σ orbit sizes.
        var orbits: [Int: Int] = [:]
        for c in rectangle.symmetryClass { orbits[c, default: 0] += 1 }
        #expect(orbits.count == rectangle.solutionsUpToSymmetry)
        #expect(orbits.values.allSatisfy { 4 % $0 == 0 })
        #expect(orbits.values.reduce(0, +) == rectangle.solutions.count)
        #expect(rectangle.solutionsUpToSymmetry > 1 && rectangle.solutions.count > rectangle.solutionsUpToSymmetry)
        // A figure with no symmetry: every solution is its own class.
        let cat = TangramAnalysis(region: try TangramFixtures.figure("cat"))
        #expect(cat.symmetries.count == 1 && cat.solutionsUpToSymmetry == cat.solutions.count)
    }

    /// A figure with two unit-square notches, A at (2, 1) and B at (−1, 0): the square piece
    /// fills one, the two small triangles the other. With `touching`, notch A is moved up to
    /// touch the rest at one corner only.
    static func twoNotches(touching: Bool = false) throws -> OctilinearRegion {
        func ring(_ points: [(Int, Int)]) -> Polygon { Polygon(points.map { Point(Exact($0.0), Exact($0.1)) })! }
        let a = touching ? 1 : 0
        return try OctilinearRegion(union: [
            ring([(0, 0), (2, 0), (0, 2)]), ring([(2, 0), (2, 2), (0, 2)]),  // large triangles
            ring([(0, 2), (2, 2), (1, 3)]),  // medium triangle
            ring([(0, -1), (1, -1), (2, 0), (1, 0)]),  // parallelogram
            ring([(2, 1 + a), (3, 1 + a), (3, 2 + a), (2, 2 + a)]),  // square in notch A
            ring([(-1, 0), (0, 0), (0, 1)]), ring([(-1, 0), (0, 1), (-1, 1)]),  // small triangles in notch B
        ])
    }

    @Test("a figure that touches itself at a point")
    func pinchedFigure() throws {
        let figure = try Self.twoNotches(touching: true)
        #expect(figure.topology()?.ringTwiceArea.count == 2)
        let outcome = TangramSolver.solve(figure)
        #expect(outcome.isSolvable)
        for solution in outcome.solutions { #expect(TangramFixtures.problem(with: solution, filling: figure) == nil) }
    }

    @Test("ambiguous parts: two small triangles standing in for the square")
    func ambiguity() throws {
        let analysis = TangramAnalysis(region: try Self.twoNotches())
        #expect(analysis.solutionsUpToSymmetry > 1)
        let ambiguities = analysis.ambiguities()
        #expect(ambiguities.contains { $0.region.area == Area(units: 1) && $0.fillings.contains([.square]) && $0.fillings.contains([.smallTriangle, .smallTriangle]) })
        // In the 2×4 rectangle too, every part found can be filled in two ways or more.
        let rectangle = TangramAnalysis(region: try TangramFixtures.figure("rectangle"))
        let parts = rectangle.ambiguities()
        #expect(!parts.isEmpty)
        for ambiguity in parts + ambiguities {
            #expect(ambiguity.fillings.count >= 2)
            // Each filling covers the part: its pieces' areas (in half units) add up to it.
            let halves = ambiguity.fillings.map { $0.map { PieceCorners.halfAreas[PieceCorners.shapes.firstIndex(of: $0)!] }.reduce(0, +) }
            #expect(halves.allSatisfy { ambiguity.region.twiceSignedArea == ZSqrt2(16 * $0) })
        }
        // A figure with one solution has nothing ambiguous.
        #expect(TangramAnalysis(region: try TangramFixtures.figure("cat")).ambiguities().isEmpty)
    }
}
