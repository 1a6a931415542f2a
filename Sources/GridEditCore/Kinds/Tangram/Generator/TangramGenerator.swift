import GridEditGeometry

/// New tangram figures, seeded and reproducible: random connected arrangements of the seven
/// pieces (``TangramRandomArrangement``), kept only when they meet the designer's filters, solved
/// completely, and never congruent to a figure already known (a pack's) or to another generated one.
///
/// Every figure kept is exact, lies on the 8×8 board, has exactly the requested number of
/// solutions up to its symmetry (the solver's count, ``TangramAnalysis``), and carries the
/// solver's difficulty estimate.
public struct TangramGenerator: Sendable {
    public struct Options: Sendable, Equatable {
        /// Solutions up to the figure's symmetry a figure must have (1: unique); nil for any.
        public var solutions: Int? = 1
        /// Pieces may be turned by 45° against each other (otherwise by multiples of 90°).
        public var mixed = true
        /// Figures may enclose holes.
        public var holes = false
        /// Pieces may join the figure at a corner only (and the outline touch itself at a point).
        public var cornerContacts = false
        /// Fewest piece outlines hidden inside the figure (0–7): more hidden, harder.
        public var minimumHiddenOutlines = 0
        /// Least area over the area of the bounding box (0–1): 1 is a rectangle, low is spindly.
        public var minimumCompactness = 0.0
        /// Longest side of the bounding box, in units (the board is 8).
        public var maximumSize = 8.0
        /// Largest solver search for one figure (nodes); a figure that needs more is skipped.
        public var nodeBudget = 400_000

        public init() {}
    }

    /// One kept figure.
    public struct Figure: Sendable {
        /// The arrangement the figure was made from: a solution, on the board.
        public var pieces: [Pose]
        public var region: OctilinearRegion
        public var analysis: TangramAnalysis
        public var difficulty: TangramDifficulty
        /// The candidate's number in the seeded stream (for reproducing one figure).
        public var candidate: Int
    }

    /// Why candidates were dropped, for the report and the benchmark.
    public struct Tally: Sendable, Equatable, CustomStringConvertible {
        public var candidates = 0
        public var kept = 0
        public var holes = 0
        public var cornerContacts = 0
        public var tooBig = 0
        public var notCompact = 0
        public var tooFewHidden = 0
        public var solutionCount = 0
        public var congruent = 0
        public var overBudget = 0

        public var description: String {
            "\(kept) kept of \(candidates) candidates; dropped: \(solutionCount) with another number of solutions, "
                + "\(congruent) congruent to a known figure, \(holes) with holes, \(cornerContacts) touching at a corner, "
                + "\(tooBig) too big, \(notCompact) not compact enough, \(tooFewHidden) with too few hidden outlines, "
                + "\(overBudget) over the search budget"
        }
    }

    public var options: Options
    public init(options: Options = Options()) { self.options = options }

    /// Generates up to `count` figures from `seed`, skipping any congruent to `known` (congruence
    /// keys of regions, such as a pack's figures). Stops after `maximumCandidates` candidates.
    /// `progress` is told each kept figure.
    public func generate(count: Int, seed: UInt64, known: Set<OctilinearRegion.ShapeKey> = [],
                         maximumCandidates: Int = 1_000_000,
                         progress: (Figure) -> Void = { _ in }) -> (figures: [Figure], tally: Tally) {
        var random = SplitMix64(seed: seed)
        var seen = known
        var figures: [Figure] = []
        var tally = Tally()
        while figures.count < count && tally.candidates < maximumCandidates {
            let poses = TangramRandomArrangement.make(using: &random, mixed: options.mixed, cornerContacts: options.cornerContacts)
            tally.candidates += 1
            if let figure = consider(poses, candidate: tally.candidates, seen: &seen, tally: &tally) {
                figures.append(figure)
                tally.kept += 1
                progress(figure)
            }
        }
        return (figures, tally)
    }

    /// One candidate through the filters, cheapest first; the solver last.
    func consider(_ poses: [Pose], candidate: Int, seen: inout Set<OctilinearRegion.ShapeKey>, tally: inout Tally) -> Figure? {
        guard let placed = Self.onTheBoard(poses, maximumSize: options.maximumSize) else { tally.tooBig += 1; return nil }
        guard let region = try? OctilinearRegion(union: placed.map(\.polygon)), let topology = region.topology() else {
            tally.tooBig += 1
            return nil
        }
        if !options.holes && topology.ringTwiceArea.contains(where: { $0.signum < 0 }) { tally.holes += 1; return nil }
        // An outline that touches itself at a point has rings that are not simple polygons.
        let pinched = topology.angle.contains(4) || topology.ringTwiceArea.filter({ $0.signum > 0 }).count > 1
            || !Self.hasSimpleRings(region)
        if !options.cornerContacts && pinched {
            tally.cornerContacts += 1
            return nil
        }
        let box = PoseBounds(placed)
        if 8.0 / (box.width * box.height) < options.minimumCompactness { tally.notCompact += 1; return nil }
        let key = region.congruenceKey
        if seen.contains(key) { tally.congruent += 1; return nil }
        let budget = options.nodeBudget
        let counter = NodeCounter()
        guard let analysis = TangramAnalysis(region: region, isCancelled: { counter.tick() * 64 > budget }) else {
            tally.overBudget += 1
            return nil
        }
        if let wanted = options.solutions, analysis.solutionsUpToSymmetry != wanted { tally.solutionCount += 1; return nil }
        guard let difficulty = TangramDifficulty(analysis) else { tally.solutionCount += 1; return nil }
        if difficulty.hiddenOutlines < options.minimumHiddenOutlines { tally.tooFewHidden += 1; return nil }
        seen.insert(key)
        return Figure(pieces: placed, region: region, analysis: analysis, difficulty: difficulty, candidate: candidate)
    }

    /// Whether the region's outline is rings a silhouette can hold: simple polygons, each.
    static func hasSimpleRings(_ region: OctilinearRegion) -> Bool {
        region.rings.allSatisfy { Polygon($0.vertices) != nil }
    }

    /// The region's rings when a puzzle's silhouette can hold them (simple polygons); nil for an
    /// outline that touches itself at a point (the pieces' outline is then the figure).
    static func silhouette(of region: OctilinearRegion) -> [Polygon]? {
        hasSimpleRings(region) ? region.rings : nil
    }

    /// The arrangement moved by whole units so that it sits in the middle of the 8×8 board, or nil
    /// when its bounding box is longer than `maximumSize` or does not fit.
    static func onTheBoard(_ poses: [Pose], maximumSize: Double) -> [Pose]? {
        let box = PoseBounds(poses)
        guard box.width <= maximumSize + 1e-9, box.height <= maximumSize + 1e-9 else { return nil }
        let dx = (4 - (box.minX + box.maxX) / 2).rounded(), dy = (4 - (box.minY + box.maxY) / 2).rounded()
        guard box.minX + dx >= -1e-9, box.maxX + dx <= 8 + 1e-9, box.minY + dy >= -1e-9, box.maxY + dy <= 8 + 1e-9 else { return nil }
        let shift = Vector(Exact(Int(dx)), Exact(Int(dy)))
        return poses.map { $0.translated(by: shift) }
    }
}

/// The bounding box of some poses, in doubles (filters and placement only; the figure stays exact).
struct PoseBounds {
    var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
    init(_ poses: [Pose]) {
        for vertex in poses.flatMap(\.vertices) {
            minX = min(minX, vertex.doubleX); maxX = max(maxX, vertex.doubleX)
            minY = min(minY, vertex.doubleY); maxY = max(maxY, vertex.doubleY)
        }
    }
    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
}

/// Counts the solver's cancellation polls (one per 64 nodes) to bound a search.
final class NodeCounter: @unchecked Sendable {
    private var count = 0
    func tick() -> Int { count += 1; return count }
}
