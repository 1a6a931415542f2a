import Foundation
import GridEditCore
import GridEditLayout
import GridEditGeometry
import GridEditTestSupport
import Testing

@Suite("LayoutSnapper: a whole captured layout becomes exact poses")
struct LayoutSnapperTests {
    /// Every figure of the shipped starter pack, with its name.
    static func shippedFigures() throws -> [(name: String, poses: [Pose])] {
        try ShippedContent.puzzleFiles.filter { $0.deletingLastPathComponent().lastPathComponent == "tangram-starter" }.compactMap { url in
            let loaded = try PuzzleStore(root: ".").load(url.path)
            guard let pieces = (loaded.document.puzzle as? TangramPuzzle)?.pieces, !pieces.isEmpty else { return nil }
            return (url.deletingPathExtension().lastPathComponent, pieces)
        }
    }

    /// The poses as a camera might see them: each piece off by up to ±0.1 units on each axis and
    /// up to ±4°; and the poses it should snap back to (the figure moved by `shift`).
    static func seen(_ poses: [Pose], shift: Vector, noise: inout Noise, position: Double = 0.1,
                     angle: Double = 4) -> (observations: [ApproximatePose], expected: [Pose]) {
        let expected = poses.map { $0.translated(by: shift) }
        let observations = expected.map { pose in
            ApproximatePose(piece: pose.piece, x: pose.position.doubleX + noise.jitter(position),
                            y: pose.position.doubleY + noise.jitter(position),
                            degrees: Double(pose.rotation.degrees) + noise.jitter(angle), flipped: pose.flipped,
                            confidence: 0.9)
        }
        return (observations, expected)
    }

    static func footprints(_ poses: [Pose]) -> [TangramPiece: Pose.Footprint] {
        Dictionary(uniqueKeysWithValues: poses.map { ($0.piece, $0.footprint) })
    }

    /// Corners on grid points (both coordinates multiples of 0.25).
    static func cornersOnGrid(_ poses: [Pose]) -> Int {
        poses.reduce(0) { $0 + $1.vertices.filter { $0.x.numerator.b == 0 && $0.y.numerator.b == 0 }.count }
    }

    /// Figures whose shipped position no other grid position within the camera's error can match:
    /// every piece on whole quarters, or (sailboat, square) no rival with as many corners on grid points.
    static let unambiguous: Set<String> = ["fish", "hexagon", "house", "parallelogram", "pentagon", "rectangle", "sailboat",
                                           "square", "trapezoid"]

    /// Seen with camera noise and moved by quarters, every shipped figure snaps back to its exact
    /// shape, on the grid, within the camera's error of where it was. Its exact shipped position
    /// comes back for the figures in `unambiguous`. For the others it cannot, from any readings
    /// good to 0.1: 45° pieces give a figure grid positions a few hundredths apart (3√2 is 0.0074
    /// from 4.25, so the cat moved up by 0.0074 still has a corner on a grid point), and the
    /// shipped rabbit has no corner on a grid point at all. There the snapper picks the position
    /// with the most corners on grid points, never fewer than the shipped one.
    @Test("Every shipped figure, seen with ±0.1 units and ±4° of noise and moved by quarters, snaps back exactly (60 seeds each)")
    func shippedFiguresRecover() throws {
        let figures = try Self.shippedFigures()
        #expect(figures.count == 13)
        let snapper = LayoutSnapper()
        var failures: [String] = []
        var exactPositions = 0
        for (name, poses) in figures {
            for seed in 1...60 {
                var noise = Noise(state: UInt64(seed) &* 7919 &+ UInt64(name.utf8.count))
                let shift = Vector(Exact(quarters: noise.int(in: -8...8)), Exact(quarters: noise.int(in: -8...8)))
                let (observations, expected) = Self.seen(poses, shift: shift, noise: &noise)
                let result = try snapper.snap(observations.shuffled(using: &noise))
                let got = Self.footprints(result.poses)
                let first = try #require(result.poses.first { $0.piece == expected[0].piece })
                let offset = first.position - expected[0].position
                let sameShape = Self.footprints(expected.map { $0.translated(by: offset) }) == got
                let near = abs(offset.doubleX) <= 2 * snapper.tolerance && abs(offset.doubleY) <= 2 * snapper.tolerance
                let onGrid = Self.cornersOnGrid(result.poses) >= max(1, Self.cornersOnGrid(expected))
                if offset == .zero { exactPositions += 1 }
                if !sameShape || !near || !onGrid || (Self.unambiguous.contains(name) && offset != .zero)
                    || !result.overlaps.isEmpty || result.figures != 1 {
                    failures.append("\(name) seed \(seed): shape \(sameShape) near \(near) onGrid \(onGrid) overlaps \(result.overlaps.count) figures \(result.figures) moved by \(offset); \(result.reports.map(\.description).joined(separator: "; "))")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) layouts did not snap back:\n\(failures.prefix(10).joined(separator: "\n"))")
        #expect(exactPositions >= 13 * 60 * 8 / 10, "most layouts land exactly where they were shipped")
    }

    @Test("Exact input keeps its exact shape, and its position unless another grid position has more corners on grid points")
    func exactInput() throws {
        for (name, poses) in try Self.shippedFigures() {
            var noise = Noise(state: 5)
            let (observations, expected) = Self.seen(poses, shift: .zero, noise: &noise, position: 0, angle: 0)
            let result = try LayoutSnapper().snap(observations.reversed())
            #expect(result.reports.allSatisfy { $0.turn == 0 }, "\(name)")
            let offset = result.poses[0].position - expected.sorted { $0.piece < $1.piece }[0].position
            #expect(Self.footprints(result.poses) == Self.footprints(expected.map { $0.translated(by: offset) }), "\(name)")
            if Self.unambiguous.contains(name) {
                #expect(result.poses == expected.sorted { $0.piece < $1.piece }, "\(name)")
                #expect(result.reports.allSatisfy { $0.distance < 1e-9 }, "\(name)")
            } else {
                #expect(Self.cornersOnGrid(result.poses) >= Self.cornersOnGrid(expected), "\(name)")
            }
        }
    }

    @Test("Loose pieces each go to the grid at their best vertex")
    func loosePieces() throws {
        let observations = [
            ApproximatePose(piece: .square, x: 1.07, y: 0.96, degrees: 2),
            // Turned 45°: vertex 0 seen near (6, 5); vertices 1 and 2 have √2 parts, farther from grid points.
            ApproximatePose(piece: .small1, x: 6.01, y: 4.99, degrees: 47),
        ]
        let result = try LayoutSnapper().snap(observations)
        #expect(result.figures == 2)
        #expect(result.overlaps.isEmpty)
        let square = try #require(result.poses.first { $0.piece == .square })
        #expect(square == Pose(piece: .square, position: Point(Exact(1), Exact(1))))
        let small = try #require(result.poses.first { $0.piece == .small1 })
        #expect(small.rotation == Rotation(eighths: 1))
                #expect(small.position == Point(Exact(6), Exact(5)))
        let report = try #require(result.reports.first { $0.piece == .small1 })
        #expect(report.method == .grid(vertex: 0))
        #expect(abs(report.turn - -2) < 1e-9)
    }

    @Test("A 45°-turned loose piece uses the vertex nearest the grid, not vertex 0")
    func bestVertexNotZero() throws {
        // The square turned 45° has vertices o, o + (√2/2, √2/2), o + (0, √2), o + (-√2/2, √2/2): with
        // vertex 1 at (3, 2), vertex 0 is at (3-0.5√2, 2-0.5√2), off the grid.
        let origin = (x: 3 - 0.5 * 2.0.squareRoot(), y: 2 - 0.5 * 2.0.squareRoot())  // vertex 1 at (3, 2)
        let result = try LayoutSnapper().snap([ApproximatePose(piece: .square, x: origin.x + 0.03, y: origin.y - 0.02,
                                                                          degrees: 44)])
        let square = try #require(result.poses.first)
        #expect(square.position == Point(Exact(parsing: "3-0.5√2")!, Exact(parsing: "2-0.5√2")!))
        #expect(result.reports.first?.method == .grid(vertex: 1))
    }

    @Test("A piece 0.3 from another lands flush against it")
    func nearPieceLandsFlush() throws {
        let observations = [
            ApproximatePose(piece: .large1, x: 2, y: 2, degrees: 0),
            // The square's left edge 0.3 to the right of the triangle's corner at (4, 2).
            ApproximatePose(piece: .square, x: 4.3, y: 2, degrees: -1),
        ]
        let result = try LayoutSnapper().snap(observations)
        let square = try #require(result.poses.first { $0.piece == .square })
        let large = try #require(result.poses.first { $0.piece == .large1 })
        #expect(large.position == Point(Exact(2), Exact(2)))
        #expect(square.position == Point(Exact(4), Exact(2)))
        #expect(square.polygon.touchesOrOverlaps(large.polygon) && !square.polygon.interiorsOverlap(large.polygon))
        #expect(result.figures == 1)
        let report = try #require(result.reports.first { $0.piece == .square })
        #expect(report.method == .corner(of: .large1))
        #expect(abs(report.distance - 0.3) < 0.02)
        #expect(report.description.hasPrefix("square: onto a corner of large-1, moved 0.3"))
    }

    @Test("A 45°-turned piece near a corner that the grid cannot reach lands on it exactly")
    func offGridNeighbour() throws {
        // The classic square's square piece and medium triangle, meeting at (4+√2, 4).
        let observations = [
            ApproximatePose(piece: .square, x: 4.71, y: 3.29, degrees: 45),
            ApproximatePose(piece: .medium, x: 5.45, y: 2.55, degrees: 88),
        ]
        let result = try LayoutSnapper().snap(observations)
        let square = try #require(result.poses.first { $0.piece == .square })
        let medium = try #require(result.poses.first { $0.piece == .medium })
        #expect(medium.rotation == Rotation(eighths: 2))
        #expect(medium.position - square.position == Vector(Exact(parsing: "0.5√2")!, Exact(parsing: "-0.5√2")!),
                "as in the classic square: corner to corner, edges flush")
        #expect(medium.polygon.sharesBoundarySegment(with: square.polygon) && !medium.polygon.interiorsOverlap(square.polygon))
        #expect(result.reports.first { $0.piece == .medium }?.method == .corner(of: .square))
        #expect(Self.cornersOnGrid(result.poses) >= 1)
    }

    @Test("Pieces seen on top of each other are reported as overlapping, not hidden")
    func overlapsReported() throws {
        let observations = [
            ApproximatePose(piece: .large1, x: 2, y: 2, degrees: 0),
            ApproximatePose(piece: .large2, x: 2.6, y: 2.4, degrees: 0),
        ]
        let result = try LayoutSnapper().snap(observations)
        #expect(result.overlaps == [LayoutSnapper.Overlap(first: .large1, second: .large2)])
    }

    @Test("A piece seen twice or without a position is refused with a reason")
    func badInput() {
        #expect(throws: EditError.self) {
            try LayoutSnapper().snap([ApproximatePose(piece: .square, x: 1, y: 1, degrees: 0),
                                      ApproximatePose(piece: .square, x: 3, y: 1, degrees: 0)])
        }
        #expect(throws: EditError.self) {
            try LayoutSnapper().snap([ApproximatePose(piece: .square, x: .nan, y: 1, degrees: 0)])
        }
    }

    @Test("Reports say how each piece was placed and how far it moved")
    func reportContent() throws {
        var noise = Noise(state: 99)
        let poses = try #require(try Self.shippedFigures().first { $0.name == "square" }).poses
        let (observations, _) = Self.seen(poses, shift: .zero, noise: &noise)
        let result = try LayoutSnapper().snap(observations)
        #expect(result.reports.map(\.piece) == TangramPiece.allCases)
        let grid = result.reports.filter { if case .grid = $0.method { true } else { false } }
        #expect(grid.count == 1, "one piece starts the figure, the others anchor")
        for report in result.reports {
            #expect(report.distance < 0.3)
            #expect(abs(report.turn) <= 4)
            #expect(report.confidence == 0.9)
        }
    }
}

