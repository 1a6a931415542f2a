import GridEditGeometry

/// A difficulty estimate for a tangram figure from three things the solver can see:
/// - **hidden outlines**: a piece gives itself away when at least two of its edges run along
///   the figure's outline, wholly or in part (an ear, a corner, a sail); the others are hidden
///   inside. Counted in the solution that shows the most, since a child may find any solution.
/// - **convexity**: a convex outline (one ring, no reflex corner) has no features to start from.
/// - **solutions**: a figure with only one filling (up to its own symmetry) leaves no room for
///   luck.
///
/// The mapping is a sum of points, deliberately simple so that a designer can follow it
/// (docs/tangram-solver.md): one point per hidden outline, two for a convex outline, one for a
/// single solution; up to 3 points is easy, 4–5 medium, 6–7 hard, 8 or more expert. The estimate
/// cannot see everything (pieces turned 45° against the rest, familiarity of the figure), so
/// ``agrees(with:)`` allows one level either way.
public struct TangramDifficulty: Sendable, Hashable {
    public let hiddenOutlines: Int
    public let solutionsUpToSymmetry: Int
    public let isConvex: Bool

    public init(hiddenOutlines: Int, solutionsUpToSymmetry: Int, isConvex: Bool) {
        self.hiddenOutlines = hiddenOutlines
        self.solutionsUpToSymmetry = solutionsUpToSymmetry
        self.isConvex = isConvex
    }

    /// The estimate for a solved figure; nil when it has no solution.
    public init?(_ analysis: TangramAnalysis) {
        guard analysis.isSolvable else { return nil }
        let hidden = analysis.solutions.map { Self.hiddenOutlines(of: $0, in: analysis.region) }.min()!
        self.init(hiddenOutlines: hidden, solutionsUpToSymmetry: analysis.solutionsUpToSymmetry,
                  isConvex: Self.isConvex(analysis.region))
    }

    public var points: Int {
        hiddenOutlines + (isConvex ? 2 : 0) + (solutionsUpToSymmetry == 1 ? 1 : 0)
    }

    public var level: Difficulty {
        switch points {
        case ...3: .easy
        case 4...5: .medium
        case 6...7: .hard
        default: .expert
        }
    }

    /// Whether a stored difficulty is compatible with the estimate: at most one level away.
    public func agrees(with stored: Difficulty) -> Bool {
        let levels = Difficulty.allCases
        return abs(levels.firstIndex(of: stored)! - levels.firstIndex(of: level)!) <= 1
    }

    /// "5 points: 3 of 7 piece outlines hidden, convex, 1 solution up to symmetry".
    public var explanation: String {
        var parts = ["\(hiddenOutlines) of 7 piece outlines hidden"]
        if isConvex { parts.append("convex") }
        parts.append(solutionsUpToSymmetry == 1 ? "1 solution up to symmetry"
                                                : "\(solutionsUpToSymmetry) solutions up to symmetry")
        return (points == 1 ? "1 point: " : "\(points) points: ") + parts.joined(separator: ", ")
    }

    /// Pieces with fewer than two edges along the outline.
    static func hiddenOutlines(of solution: [Pose], in region: OctilinearRegion) -> Int {
        solution.filter { pose in
            pose.polygon.edges.filter { runsAlongOutline($0.start, $0.end, of: region) }.count < 2
        }.count
    }

    /// Whether some stretch of the segment from `a` to `b` lies on the outline, with the
    /// region on the same side.
    static func runsAlongOutline(_ a: Point, _ b: Point, of region: OctilinearRegion) -> Bool {
        guard let piece = OctilinearRegion.Edge(from: a, to: b) else { return false }
        return region.edges.contains {
            $0.direction == piece.direction && $0.offset == piece.offset
                && max($0.lower, piece.lower) < min($0.upper, piece.upper)
        }
    }

    /// One ring, every corner convex.
    static func isConvex(_ region: OctilinearRegion) -> Bool {
        guard let topology = region.topology(), topology.ringTwiceArea.count == 1 else { return false }
        return topology.angle.allSatisfy { $0 < 4 }
    }
}
