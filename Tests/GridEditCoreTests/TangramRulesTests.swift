import Foundation
@testable import GridEditCore
import GridEditGeometry
import GridEditJSON
import GridEditTestSupport
import Testing

private let solverRules: Set<String> = ["tangram.unsolvable", "tangram.solution-mismatch", "tangram.difficulty-mismatch"]

private func rules(_ puzzle: TangramPuzzle) -> [String] { TangramKind.validate(puzzle).map(\.rule) }

/// A puzzle with only a silhouette.
private func silhouettePuzzle(_ region: OctilinearRegion, difficulty: Difficulty = .hard) -> TangramPuzzle {
    let metadata = PuzzleMetadata(id: "figure", name: "Figure", difficulty: difficulty,
                                  createdAt: "2026-11-22T09:00:00Z", updatedAt: "2026-11-22T09:00:00Z")
    return TangramPuzzle(metadata: metadata, pieces: nil, silhouette: region.rings)
}

/// The region moved to the middle of the play area (candidates start at the origin).
private func centred(_ region: OctilinearRegion) -> OctilinearRegion {
    region.translated(by: Vector(Exact(2), Exact(2)))
}

@Suite("Tangram solver rules")
struct TangramRulesTests {
    @Test("the shipped tangrams pass the solver rules", arguments: TangramFixtures.shippedIDs)
    func shippedPass(id: String) throws {
        let found = Set(rules(try TangramFixtures.shipped(id)))
        #expect(found.isDisjoint(with: solverRules), "\(found)")
    }

    @Test("tangram.unsolvable: the convex candidates that are no tangrams, and slanted edges")
    func unsolvable() throws {
        var refused = 0
        for candidate in TangramConvexCandidates.all() {
            let found = rules(silhouettePuzzle(centred(candidate)))
            let solvable = TangramSolver.solve(candidate, limit: 1).isSolvable
            #expect(found.contains("tangram.unsolvable") == !solvable, "\(found)")
            if !solvable { refused += 1 }
        }
        #expect(refused == 7)
        let finding = try #require(TangramKind.validate(silhouettePuzzle(centred(TangramConvexCandidates.all()[1])))
            .first { $0.rule == "tangram.unsolvable" })
        #expect(finding.path == JSONPath.root.appending(key: "silhouette"))
        #expect(finding.message.contains("every placement was tried"))

        // The shipped parallelogram sheared by a quarter unit: area 8 still, edges slanted.
        var sheared = try TangramFixtures.shipped("parallelogram")
        let q = { (x: Int, y: Int) in Point(Exact(quarters: x), Exact(quarters: y)) }
        sheared.silhouette = [try #require(Polygon([q(4, 12), q(20, 12), q(29, 20), q(13, 20)]))]
        let shearedFindings = TangramKind.validate(sheared)
        #expect(shearedFindings.contains { $0.rule == "tangram.unsolvable" && $0.message.contains("not horizontal, vertical or at 45°") })
        #expect(!shearedFindings.contains { $0.rule == "tangram.solution-mismatch" }, "one finding for one mistake")
    }

    @Test("tangram.solution-mismatch: a piece of the stored solution outside the silhouette")
    func mismatch() throws {
        var square = try TangramFixtures.shipped("square")
        #expect(!rules(square).contains("tangram.solution-mismatch"))
        // The silhouette moved a quarter unit: the pieces along its left side now poke out of
        // it; one finding, at the first of them, names them all.
        square.silhouette = square.silhouette!.map { $0.translated(by: Vector(Exact(quarters: 1), .zero)) }
        let moved = try OctilinearRegion(rings: square.silhouette!)
        let outside = square.pieces!.indices.filter { !moved.contains(convex: square.pieces![$0].polygon) }
        #expect(outside.count >= 2)
        let findings = TangramKind.validate(square).filter { $0.rule == "tangram.solution-mismatch" }
        #expect(findings.count == 1)
        #expect(findings.first?.path == JSONPath.root.appending(key: "pieces").appending(index: outside[0]))
        #expect(findings.first?.severity == .error)
        let names = outside.map { square.pieces![$0].piece.rawValue }
        #expect(findings.first?.message.contains(names.dropLast().joined(separator: ", ") + " and \(names.last!) lie partly outside it") == true)
        #expect(!rules(square).contains("tangram.unsolvable"), "the moved square is still a square")

        // The silhouette of another figure with the same area: only the pieces that leave it.
        var rectangle = try TangramFixtures.shipped("rectangle")
        rectangle.silhouette = try TangramFixtures.figure("trapezoid").rings
        let named = try #require(TangramKind.validate(rectangle).first { $0.rule == "tangram.solution-mismatch" })
        let trapezoid = try TangramFixtures.figure("trapezoid")
        let leaving = rectangle.pieces!.filter { !trapezoid.contains(convex: $0.polygon) }
        #expect(!leaving.isEmpty && leaving.count < 7)
        #expect(leaving.allSatisfy { named.message.contains($0.piece.rawValue) })
        #expect(named.message.contains(leaving.count == 1 ? " lies partly outside" : " lie partly outside"))
    }

    @Test("the solver rules stay quiet while other rules report the cause")
    func oneFindingPerMistake() throws {
        // Stretched silhouette: area rule only (as the model tests expect).
        var square = try TangramFixtures.shipped("square")
        let ring = square.silhouette![0]
        square.silhouette = [try #require(Polygon(ring.vertices.map { $0.x > Exact(4) ? $0 + Vector(Exact(quarters: 1), .zero) : $0 }))]
        #expect(rules(square) == ["tangram.silhouette-area"])
        // Overlapping pieces in an arrangement-only figure: no estimate, no duplicate analysis.
        var cat = try TangramFixtures.shipped("cat")
        cat.pieces![6] = Pose(piece: .parallelogram, position: cat.pieces![0].position, rotation: cat.pieces![0].rotation)
        #expect(Set(rules(cat)).isDisjoint(with: solverRules))
        // A piece out of the play area.
        var fish = try TangramFixtures.shipped("fish")
        fish.pieces![3].position = Point(Exact(20), Exact(1))
        #expect(Set(rules(fish)).isDisjoint(with: solverRules))
    }

    @Test("tangram.difficulty-mismatch: a warning two levels or more away from the estimate")
    func difficulty() throws {
        var square = try TangramFixtures.shipped("square")
        let estimate = try #require(TangramDifficulty(TangramAnalysis(region: try TangramFixtures.figure("square"))))
        #expect(estimate.level == .expert)
        #expect(estimate.isConvex && estimate.solutionsUpToSymmetry == 1)
        for level in Difficulty.allCases {
            square.metadata.difficulty = level
            let findings = TangramKind.validate(square).filter { $0.rule == "tangram.difficulty-mismatch" }
            #expect(findings.isEmpty == (level >= .hard), "\(level)")
            for finding in findings {
                #expect(finding.severity == .warning)
                #expect(finding.path == JSONPath.root.appending(key: "difficulty"))
                #expect(finding.message.contains("estimates expert"))
            }
        }
        // The points: hidden outlines, convexity, a single solution.
        #expect(TangramDifficulty(hiddenOutlines: 0, solutionsUpToSymmetry: 3, isConvex: false).level == .easy)
        #expect(TangramDifficulty(hiddenOutlines: 3, solutionsUpToSymmetry: 1, isConvex: false).level == .medium)
        #expect(TangramDifficulty(hiddenOutlines: 4, solutionsUpToSymmetry: 2, isConvex: true).level == .hard)
        #expect(TangramDifficulty(hiddenOutlines: 6, solutionsUpToSymmetry: 1, isConvex: true).level == .expert)
        // The cat gives away almost every piece.
        let cat = try #require(TangramDifficulty(TangramAnalysis(region: try TangramFixtures.figure("cat"))))
        #expect(cat.hiddenOutlines <= 1 && !cat.isConvex && cat.level == .easy)
    }

    @Test("a silhouette-only puzzle is completed by any exact filling")
    func completion() throws {
        let figure = try TangramFixtures.figure("rectangle")
        var puzzle = silhouettePuzzle(figure)
        let solutions = TangramSolver.solve(figure).solutions
        #expect(solutions.count > 1)
        #expect(!puzzle.isCompleted)
        for solution in solutions {
            puzzle.currentState = solution
            #expect(puzzle.isCompleted)
        }
        var nudged = solutions[0]
        nudged[5].position = nudged[5].position + Vector(Exact(quarters: 1), .zero)
        puzzle.currentState = nudged
        #expect(!puzzle.isCompleted)
        puzzle.currentState = Array(solutions[0].dropLast())
        #expect(!puzzle.isCompleted)
        // A puzzle with both: another filling than the stored one completes it too.
        var rectangle = try TangramFixtures.shipped("rectangle")
        let stored = TangramFixtures.footprints(rectangle.pieces!)
        let other = try #require(solutions.first { TangramFixtures.footprints($0) != stored })
        rectangle.currentState = other
        #expect(rectangle.isCompleted)
    }

    // MARK: Packs

    private func pack(_ puzzles: [TangramPuzzle]) -> Pack {
        let names = puzzles.indices.map { "p\($0).json" }
        let manifest = PackManifest(id: "test", title: "Test", description: "", ageRange: 4...8, puzzles: names)
        return Pack(folder: "/tmp/test", manifest: manifest, files: names,
                    puzzles: Dictionary(uniqueKeysWithValues: puzzles.enumerated().map { ($0.offset, PuzzleFacts($0.element)) }))
    }

    @Test("pack.duplicate-silhouette: the same figure moved, turned or mirrored")
    func duplicates() throws {
        let square = try TangramFixtures.shipped("square")
        // The square's silhouette turned 45° (a diamond) and moved: the same puzzle.
        let diamond = silhouettePuzzle(try TangramFixtures.region([(Exact(3), Exact(1)), (Exact(5), Exact(3)), (Exact(3), Exact(5)), (Exact(1), Exact(3))]))
        // The cat's arrangement mirrored: its outline is the cat's mirror image.
        let cat = try TangramFixtures.shipped("cat")
        var mirrored = cat
        mirrored.pieces = cat.pieces!.map { pose in
            Pose(piece: pose.piece, position: Point(Exact(8) - pose.position.x, pose.position.y),
                 rotation: pose.rotation.inverse, flipped: !pose.flipped)
        }
        #expect(TangramTarget.arrangement(of: mirrored) != nil)
        let findings = DuplicateSilhouetteRule().check(pack([square, cat, try TangramFixtures.shipped("fish"), diamond, mirrored]))
        #expect(findings.map(\.path) == [Pack.entryPath(3), Pack.entryPath(4)])
        #expect(findings.allSatisfy { $0.rule == "pack.duplicate-silhouette" && $0.severity == .warning })
        #expect(findings[0].message.contains("p3.json asks for the same figure as p0.json"))
        #expect(findings[1].message.contains("p4.json asks for the same figure as p1.json"))
        // The shipped pack has none, and the rule is registered.
        let shipped = try TangramFixtures.shippedIDs.map(TangramFixtures.shipped)
        #expect(DuplicateSilhouetteRule().check(pack(shipped)).isEmpty)
        #expect(Pack.rules.contains { type(of: $0).id == "pack.duplicate-silhouette" })
    }

    // MARK: Figure files

    @Test("bare silhouette files: decimals snap to exact values, strings are exact, the rest is refused")
    func figureFiles() throws {
        func load(_ text: String) -> Result<TangramFigureFile.Figure, TangramFigureFile.Problem> {
            TangramFigureFile.load(Array(text.utf8))
        }
        // The square of side 2√2, once as floating-point decimals and once exactly.
        let decimals = #"{"polygons": [[[0, 0], [2.8284271247461903, 0], [2.82842712474619, 2.8284271], [0, 2.8284271247]]]}"#
        let exact = #"{"polygons": [[[0, 0], ["2√2", 0], ["2√2", "2 sqrt2"], [0, "2√2"]]]}"#
        let a = try load(decimals).get(), b = try load(exact).get()
        #expect(a.rings == b.rings)
        #expect(try a.region.get() == b.region.get())
        #expect(TangramSolver.solve(try a.region.get()).solutions.count == 8)

        guard case .failure(let problem) = load(#"{"polygons": [[[0, 0], [2.1, 0], [0, 2]]]}"#) else {
            Issue.record("0.1 accepted"); return
        }
        #expect(problem.message.contains("2.1 is not within 1e-6 of any exact coordinate"))
        #expect(problem.location?.line == 1 && problem.location?.column == 25)

        #expect(throws: TangramFigureFile.Problem.self) { try load(#"{"polygons": [], "x": 1}"#).get() }
        #expect(throws: TangramFigureFile.Problem.self) { try load(#"{"polygons": [[[0, 0], [1, 1], [2, 2]]]}"#).get() }
        #expect(throws: TangramFigureFile.Problem.self) { try load("{\"polygons\": [[[0, 0], [1, 0]]").get() }

        // A puzzle file: its silhouette, or the outline of its pieces.
        let square = try load(String(decoding: try Data(contentsOf: GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/tangram-starter/square.json")), as: UTF8.self)).get()
        #expect(square.source == "silhouette")
        let cat = try load(String(decoding: try Data(contentsOf: GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/tangram-starter/cat.json")), as: UTF8.self)).get()
        #expect(cat.source == "arrangement")
        #expect(try cat.region.get() == TangramFixtures.figure("cat"))
        let sudoku = load(String(decoding: try Data(contentsOf: GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/sudoku-4x4/mini-01.json")), as: UTF8.self))
        guard case .failure(let notTangram) = sudoku else { Issue.record("a sudoku accepted"); return }
        #expect(notTangram.message.contains("not a tangram"))
    }
}
