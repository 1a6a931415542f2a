import GridEditGeometry

/// Finds every way to fill a region with the seven tangram pieces, exactly.
///
/// The search (docs/internals.md, "The tangram solver", has the whole argument):
/// 1. Take a convex corner of the uncovered region (interior angle 45°, 90° or 135°). The pieces
///    that cover the region near it all have a vertex there, since no piece edge can pass
///    through a corner narrower than 180°; the one that lies along the edge leaving the corner
///    has that edge as one of its own. So some piece has a vertex on the corner and an edge along
///    the leaving edge: branch over shape × mirror image × which vertex (``PieceCorners``), which
///    fixes the pose completely, rotation and position included.
/// 2. A candidate fits when its angle is no wider than the corner's and no boundary edge enters
///    its interior (an exact separating-axis test on four axes, additions only). Then it lies in
///    the region, and the region minus the piece is computed exactly (``OctilinearRegion``).
/// 3. Recurse until the region is empty. Every corner is examined and the one with the fewest
///    fitting candidates is branched on; a corner where nothing fits ends the branch at once.
///    Branches also end when a separate part of the region has an area no subset of the
///    remaining pieces adds up to, or when an edge between two convex corners has a length that
///    is no sum of piece edge lengths (1 and √2).
///
/// Each filling is found exactly once: branches at a corner differ in the piece lying there, and
/// twins (the two large and the two small triangles) are one shape with a count of two.
///
/// The search keeps no state outside one call, so it is safe to run on many threads at once.
public enum TangramSolver {
    public struct Outcome: Sendable {
        /// The fillings found, each as seven poses in piece order (large-1, large-2, medium,
        /// small-1, small-2, square, parallelogram; of two twins the one whose lowest vertex
        /// comes first is number 1).
        public var solutions: [[Pose]]
        /// True when the search ran to its end: `solutions` are all there are. False when it
        /// stopped at the limit, or was cancelled.
        public var isExhaustive: Bool
        /// Search nodes visited (a measure of effort, for benchmarks).
        public var nodes: Int

        public var isSolvable: Bool { !solutions.isEmpty }
    }

    /// Every filling of `region`, or the first `limit` found. `isCancelled` is asked every few
    /// dozen search steps; once it says yes the search stops (not exhaustive).
    public static func solve(_ region: OctilinearRegion, limit: Int? = nil, isCancelled: (@Sendable () -> Bool)? = nil) -> Outcome {
        // The pieces cover 8 square units; twiceSignedArea is over 16, so that is 256.
        guard region.twiceSignedArea == ZSqrt2(256) else {
            return Outcome(solutions: [], isExhaustive: true, nodes: 0)
        }
        var search = Search(limit: limit ?? .max)
        search.isCancelled = isCancelled
        search.run(region)
        return Outcome(solutions: search.solutions.map(poses), isExhaustive: !search.stopped, nodes: search.nodes)
    }

    /// One placement of the search: table entry, direction of the leaving edge, anchor point.
    struct Placement {
        var corner: Int
        var direction: Int
        var anchor: Point
    }

    static func poses(_ placements: [Placement]) -> [Pose] {
        var byShape = [[(pose: Pose, lowest: Point)]](repeating: [], count: PieceCorners.shapes.count)
        for placement in placements {
            let corner = PieceCorners.table[placement.corner]
            let d = placement.direction
            let pose = Pose(piece: PieceCorners.pieces[corner.shape][0],
                            position: placement.anchor + corner.positionOffset[d],
                            rotation: corner.rotation[d], flipped: corner.flipped)
            let lowest = corner.offsets[d].map { placement.anchor + $0 }.min(by: OctilinearRegion.lowestFirst)!
            byShape[corner.shape].append((pose, lowest))
        }
        var result: [Pose] = []
        for (shape, placed) in byShape.enumerated() {
            for (index, entry) in placed.sorted(by: { OctilinearRegion.lowestFirst($0.lowest, $1.lowest) }).enumerated() {
                var pose = entry.pose
                pose.piece = PieceCorners.pieces[shape][index]
                result.append(pose)
            }
        }
        return result
    }
}

// MARK: - The search

extension TangramSolver {
    /// A struct rather than a class: its scratch arrays are then checked for exclusive access
    /// at compile time instead of on every access.
    struct Search {
        let limit: Int
        var counts = PieceCorners.fullSet
        var stack: [Placement] = []
        var solutions: [[Placement]] = []
        var nodes = 0
        var stopped = false
        var isCancelled: (@Sendable () -> Bool)?
        /// Scratch lists of fitting table entries, one pair per depth, reused to spare allocations.
        private var scratch: [[Int]] = Array(repeating: [], count: 16)
        private var chosen: [[Int]] = Array(repeating: [], count: 16)
        /// Scratch: the bounds of the edges near the corner being examined.
        private var nearby: [OctilinearBounds] = []

        init(limit: Int) {
            self.limit = limit
            for i in scratch.indices {
                scratch[i].reserveCapacity(PieceCorners.table.count)
                chosen[i].reserveCapacity(PieceCorners.table.count)
            }
        }

        mutating func run(_ region: OctilinearRegion) {
            search(region, depth: 0)
        }

        private mutating func search(_ region: OctilinearRegion, depth: Int) {
            nodes += 1
            if nodes & 63 == 0, let isCancelled, isCancelled() {
                stopped = true
                return
            }
            if region.isEmpty {
                solutions.append(stack)
                if solutions.count >= limit { stopped = true }
                return
            }
            guard let topology = region.topology(),
                  areasCanBeFilled(topology),
                  edgeLengthsCanBeFilled(region, topology) else { return }

            // Fail first: the convex corner with the fewest fitting pieces. Narrow corners
            // take fewer pieces, so they are looked at first. (The scratch lists are taken out
            // of `self` while in use, so that no access to them overlaps another.)
            var bestEdge = -1
            var fits: [Int] = [], best: [Int] = [], near: [OctilinearBounds] = []
            swap(&fits, &scratch[depth])
            swap(&best, &chosen[depth])
            swap(&near, &nearby)
            defer {
                swap(&fits, &scratch[depth])
                swap(&best, &chosen[depth])
            }
            best.removeAll(keepingCapacity: true)
            scan: for narrowest in 1...3 {
                for i in region.edges.indices where topology.angle[i] == narrowest {
                    collectFits(at: i, region, topology, nearby: &near, into: &fits)
                    if fits.isEmpty { best.removeAll(keepingCapacity: true); bestEdge = -1; break scan }
                    if bestEdge < 0 || fits.count < best.count {
                        swap(&fits, &best)
                        bestEdge = i
                        if best.count == 1 { break scan }
                    }
                }
            }
            swap(&near, &nearby)
            guard bestEdge >= 0 else { return }
            let direction = region.edges[bestEdge].direction
            let anchor = region.edges[bestEdge].start
            for index in best {
                let corner = PieceCorners.table[index]
                counts[corner.shape] -= 1
                stack.append(Placement(corner: index, direction: direction, anchor: anchor))
                search(region.subtracting(corner.offsets[direction].map { anchor + $0 }), depth: depth + 1)
                stack.removeLast()
                counts[corner.shape] += 1
                if stopped { return }
            }
        }

        /// The table entries that lie inside the region with their anchor on the start of edge `i`.
        private func collectFits(at i: Int, _ region: OctilinearRegion, _ topology: OctilinearRegion.Topology,
                                 nearby: inout [OctilinearBounds], into fits: inout [Int]) {
            fits.removeAll(keepingCapacity: true)
            let edges = region.edges
            let leaving = edges[i]
            let corner = topology.angle[i]
            let direction = leaving.direction
            let anchor = leaving.start
            let leavingSteps = leaving.upper - leaving.lower
            let leavingEndsReflex = topology.angle[topology.next[i]] >= 4
            let arriving = edges[topology.previous[i]]
            let arrivingSteps = arriving.upper - arriving.lower
            let arrivingStartsReflex = topology.angle[topology.previous[i]] >= 4
            // Only edges near the corner can block a piece there.
            let reach = PieceCorners.reach[direction].translated(to: anchor)
            nearby.removeAll(keepingCapacity: true)
            for edge in edges where edge.bounds.interiorsMeet(reach) { nearby.append(edge.bounds) }
            let table = PieceCorners.table
            for index in table.indices {
                let candidate = table[index]
                guard counts[candidate.shape] > 0, candidate.angle <= corner else { continue }
                // Quick local tests: an edge that runs past a convex corner leaves the region (past a
                // straight or reflex one it may go on).
                if !leavingEndsReflex && ZSqrt2.isLess(leavingSteps, candidate.firstSteps[direction]) { continue }
                if candidate.angle == corner && !arrivingStartsReflex && ZSqrt2.isLess(arrivingSteps, candidate.lastSteps[direction]) { continue }
                // The exact test: no boundary edge enters the piece's interior.
                let bounds = candidate.bounds[direction].translated(to: anchor)
                var blocked = false
                for edge in nearby where edge.interiorsMeet(bounds) {
                    blocked = true
                    break
                }
                if !blocked { fits.append(index) }
            }
        }

        /// Each separate part of the region must be fillable, by area, from the pieces left.
        private func areasCanBeFilled(_ topology: OctilinearRegion.Topology) -> Bool {
            // With holes, a ring is not a part on its own; the total is right by construction.
            guard topology.ringTwiceArea.count > 1,
                  topology.ringTwiceArea.allSatisfy({ $0.signum > 0 }) else { return true }
            var parts: [Int] = []
            for twice in topology.ringTwiceArea {
                // Half square units: twiceSignedArea / 16. Pieces come in whole half units.
                guard twice.b == 0, twice.a % 16 == 0 else { return false }
                parts.append(twice.a / 16)
            }
            let twos = counts[1] + counts[3] + counts[4]
            return Self.partition(parts[...], large: counts[0], twos: twos, smalls: counts[2])
        }

        /// Whether the parts' areas (half units) can be made from the pieces: large triangles
        /// are 4, medium triangle, square and parallelogram 2, small triangles 1.
        static func partition(_ parts: ArraySlice<Int>, large: Int, twos: Int, smalls: Int) -> Bool {
            guard let part = parts.first else { return true }
            for l in 0...large where 4 * l <= part {
                for t in 0...twos where 4 * l + 2 * t <= part {
                    let s = part - 4 * l - 2 * t
                    if s <= smalls && partition(parts.dropFirst(), large: large - l, twos: twos - t, smalls: smalls - s) {
                        return true
                    }
                }
            }
            return false
        }

        /// An edge between two convex corners is covered by whole piece edges, laid end to end,
        /// so its length is a sum of 1s and √2s: a + b√2 with whole a, b ≥ 0.
        private func edgeLengthsCanBeFilled(_ region: OctilinearRegion, _ topology: OctilinearRegion.Topology) -> Bool {
            for (i, edge) in region.edges.enumerated() where topology.angle[i] < 4 && topology.angle[topology.next[i]] < 4 {
                let steps = edge.upper - edge.lower
                // Numerator over 4 of the length: steps, or steps·√2 on a diagonal.
                let length = edge.direction & 1 == 0 ? steps : ZSqrt2(2 * steps.b, steps.a)
                guard length.a >= 0, length.b >= 0, length.a % 4 == 0, length.b % 4 == 0 else { return false }
            }
            return true
        }
    }
}
