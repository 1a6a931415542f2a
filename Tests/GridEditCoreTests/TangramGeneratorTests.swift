import Foundation
import GridEditCheck
@testable import GridEditCore
import GridEditGeometry
import GridEditTestSupport
import Testing

/// `TangramGenerator` on a seeded share (the bench runs the full count with the same code): every
/// figure has exactly the solutions asked for, passes every filter, is congruent to no other and
/// to no figure of the pack, and its file passes `check`.
@Suite("Tangram generator: seeded figures, exactly as asked")
struct TangramGeneratorTests {
    /// The figure a written file asks for, solved again from the file's own bytes (the silhouette
    /// as written, or the pieces' outline), not from the generator's region.
    static func reread(_ document: PuzzleDocument) throws -> TangramAnalysis {
        let bytes = Array(document.canonicalText().utf8)
        guard case .success(let figure) = TangramFigureFile.load(bytes), case .success(let region) = figure.region else {
            throw TangramTestError("the written file is not a figure")
        }
        return TangramAnalysis(region: region)
    }

    struct TangramTestError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test("Unique figures (the default): one solution up to symmetry each, from the written file; no two congruent; all pass check",
          arguments: [(UInt64(1), true), (UInt64(2), false)])
    func uniqueFigures(seed: UInt64, mixed: Bool) throws {
        var options = TangramGenerator.Options()
        options.mixed = mixed
        let (figures, tally) = TangramGenerator(options: options).generate(count: 12, seed: seed)
        #expect(figures.count == 12, "\(tally)")
        let keys = figures.map(\.region.congruenceKey)
        #expect(Set(keys).count == keys.count, "no two congruent")
        let folder = try TemporaryFolder()
        let files = TangramGenerator.puzzleFiles(for: figures, in: folder.path, prefix: "gen", timestamp: "2026-11-28T00:00:00Z")
        for (path, document) in files {
            let analysis = try Self.reread(document)
            #expect(analysis.solutionsUpToSymmetry == 1, "\(path)")
            // The stored solution is one of the solver's solutions.
            let stored = Set((document.puzzle as! TangramPuzzle).pieces!.map(\.footprint))
            #expect(analysis.solutions.contains { Set($0.map(\.footprint)) == stored }, "\(path): the stored solution fills the figure")
            if !mixed {
                #expect((document.puzzle as! TangramPuzzle).pieces!.allSatisfy { $0.rotation.eighths % 2 == 0 }, "aligned pieces only")
            }
            try document.canonicalText().write(toFile: path, atomically: true, encoding: .utf8)
        }
        _ = try PuzzleStore(root: folder.path).list(files.map(\.path))
        let report = Checker().check([folder.path])
        let problems = report.files.flatMap { file in file.findings.map { "\(file.path): \($0.rule) \($0.message)" } }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("Filters hold: holes and corner contacts only when allowed, hidden outlines, size, compactness; a pack's figures are never made again")
    func filters() throws {
        var options = TangramGenerator.Options()
        options.minimumHiddenOutlines = 3
        options.maximumSize = 5
        options.minimumCompactness = 0.3
        let (figures, tally) = TangramGenerator(options: options).generate(count: 8, seed: 5, maximumCandidates: 20_000)
        #expect(figures.count == 8, "\(tally)")
        for figure in figures {
            #expect(figure.difficulty.hiddenOutlines >= 3)
            let box = PoseBounds(figure.pieces)
            #expect(box.width <= 5 + 1e-9 && box.height <= 5 + 1e-9)
            #expect(8 / (box.width * box.height) >= 0.3)
            let topology = try #require(figure.region.topology())
            #expect(!topology.ringTwiceArea.contains { $0.signum < 0 }, "no holes")
            #expect(TangramGenerator.hasSimpleRings(figure.region), "no outline touching itself")
            #expect(figure.pieces.allSatisfy { $0.polygon.vertices.allSatisfy { (0...8).contains($0.doubleX) && (0...8).contains($0.doubleY) } })
        }

        // Holes and corner contacts allowed: some figures use them (and still solve exactly).
        var loose = TangramGenerator.Options()
        loose.holes = true
        loose.cornerContacts = true
        loose.solutions = nil
        let (some, _) = TangramGenerator(options: loose).generate(count: 60, seed: 9)
        let unusual = some.filter { figure in
            let topology = figure.region.topology()!
            return topology.ringTwiceArea.contains { $0.signum < 0 } || !TangramGenerator.hasSimpleRings(figure.region)
                || topology.ringTwiceArea.filter { $0.signum > 0 }.count > 1
        }
        #expect(!unusual.isEmpty, "with holes and corner contacts allowed, some figures have them")

        // Known figures (the shipped pack's) are never generated: a generator told every key it
        // makes is known makes nothing it made before.
        let shipped = TangramGenerator.knownFigures(in: GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/tangram-starter").path)
        #expect(shipped.count == 13)
        let first = TangramGenerator().generate(count: 6, seed: 11).figures
        let again = TangramGenerator().generate(count: 6, seed: 11, known: Set(first.map(\.region.congruenceKey))).figures
        #expect(Set(again.map(\.region.congruenceKey)).isDisjoint(with: first.map(\.region.congruenceKey)))
    }

    @Test("The same seed and options give the same figures, byte for byte")
    func deterministic() {
        let a = TangramGenerator().generate(count: 5, seed: 42).figures
        let b = TangramGenerator().generate(count: 5, seed: 42).figures
        let text = { (figures: [TangramGenerator.Figure]) in
            TangramGenerator.puzzleFiles(for: figures, in: "/nowhere", prefix: "g", timestamp: "2026-11-28T00:00:00Z").map { $0.document.canonicalText() }
        }
        #expect(text(a) == text(b))
        #expect(a.map(\.candidate) == b.map(\.candidate))
    }
}

/// An independent count of a figure's solutions, to check the solver's (issue 35): a plain
/// search written apart from `TangramSolver`, sharing only the geometry (regions, polygons).
/// The lowest, leftmost corner of what is left is filled by exactly one piece in any solution,
/// the one with a corner there and an edge along the boundary edge that leaves it; every such
/// placement inside what is left is tried, each piece shape once per footprint, so each
/// solution (a set of seven footprints, twins alike) is counted once.
enum BruteForceTangramCount {
    static func count(_ region: OctilinearRegion) -> Int {
        var left: [TangramPiece.Shape: Int] = [.largeTriangle: 2, .mediumTriangle: 1, .smallTriangle: 2, .square: 1, .parallelogram: 1]
        let representative: [TangramPiece.Shape: TangramPiece] = [.largeTriangle: .large1, .mediumTriangle: .medium, .smallTriangle: .small1,
                                                                  .square: .square, .parallelogram: .parallelogram]
        // Each shape's outlines at the origin, counter-clockwise: every turn and, for the
        // parallelogram, every mirror image.
        var outlines: [TangramPiece.Shape: [[Point]]] = [:]
        for (shape, piece) in representative {
            var seen = Set<Set<Point>>()
            for flipped in shape.isChiral ? [false, true] : [false] {
                for eighths in 0..<8 {
                    var vertices = Pose(piece: piece, position: .origin, rotation: Rotation(eighths: eighths), flipped: flipped).vertices
                    if !Polygon(vertices)!.isCounterClockwise { vertices.reverse() }
                    if seen.insert(Set(vertices)).inserted { outlines[shape, default: []].append(vertices) }
                }
            }
        }
        func direction(_ a: Point, _ b: Point) -> Int { Octilinear.direction(of: b - a)!.direction }
        func search(_ rest: OctilinearRegion) -> Int {
            if left.values.allSatisfy({ $0 == 0 }) { return rest.isEmpty ? 1 : 0 }
            guard let corner = rest.lowestVertex,
                  let edge = rest.edges.filter({ $0.start == corner }).min(by: { direction($0.start, $0.end) < direction($1.start, $1.end) })
            else { return 0 }
            let along = direction(edge.start, edge.end)
            var total = 0
            for (shape, n) in left where n > 0 {
                var tried = Set<Set<Point>>()
                for outline in outlines[shape]! {
                    for i in outline.indices where direction(outline[i], outline[(i + 1) % outline.count]) == along {
                        let shift = corner - outline[i]
                        let placed = outline.map { $0 + shift }
                        guard tried.insert(Set(placed)).inserted, rest.relation(toConvex: Polygon(placed)!) == .inside else { continue }
                        left[shape] = n - 1
                        total += search(rest.subtracting(placed))
                        left[shape] = n
                    }
                }
            }
            return total
        }
        return search(region)
    }
}

@Suite("Tangram solutions counted twice: the solver and an independent search agree")
struct TangramIndependentCountTests {
    @Test("Shipped figures and a seeded share of generated ones (unique and with two solutions, aligned, 45° mixes, holes and corner contacts): the same counts")
    func countsAgree() throws {
        var regions: [(String, OctilinearRegion, Int?)] = try ShippedContent.puzzleFiles
            .filter { $0.deletingLastPathComponent().lastPathComponent == "tangram-starter" }
            .map { url in
                let puzzle = try PuzzleStore(root: ".").load(url.path).document.puzzle as! TangramPuzzle
                return (url.lastPathComponent, try OctilinearRegion(union: puzzle.pieces!.map(\.polygon)), nil)
            }
        for (seed, mixed, solutions, loose) in [(UInt64(3), true, 1, false), (UInt64(4), false, 1, false), (UInt64(5), true, 2, false),
                                                (UInt64(6), true, 1, true)] {
            var options = TangramGenerator.Options()
            options.mixed = mixed
            options.solutions = solutions
            // Holes and pieces meeting only at a corner allowed.
            (options.holes, options.cornerContacts) = (loose, loose)
            let (figures, _) = TangramGenerator(options: options).generate(count: 4, seed: seed)
            #expect(figures.count == 4)
            regions += figures.enumerated().map { ("seed \(seed) figure \($0.offset)", $0.element.region, solutions) }
        }
        for (name, region, asked) in regions {
            let analysis = TangramAnalysis(region: region)
            #expect(BruteForceTangramCount.count(region) == analysis.solutions.count, "\(name)")
            if let asked { #expect(analysis.solutionsUpToSymmetry == asked, "\(name)") }
        }
    }
}
