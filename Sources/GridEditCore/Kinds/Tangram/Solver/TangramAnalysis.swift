import GridEditGeometry

/// Everything the solver can say about one figure: all its solutions, how many are different
/// once the figure's own symmetry is taken into account, and where they differ.
public struct TangramAnalysis: Sendable {
    /// The figure.
    public let region: OctilinearRegion
    /// Every solution (twins swapped do not count twice), in the order the search found them.
    public let solutions: [[Pose]]
    /// For each solution, its class under the figure's symmetry (0, 1, 2, … in order of first
    /// appearance): two solutions share a class when a symmetry of the figure maps one onto the
    /// other.
    public let symmetryClass: [Int]
    /// The motions that map the figure onto itself (at least the identity).
    public let symmetries: [OctilinearTransform]
    /// Search effort.
    public let nodes: Int

    public var isSolvable: Bool { !solutions.isEmpty }
    public var solutionsUpToSymmetry: Int { (symmetryClass.max() ?? -1) + 1 }

    /// Solves `region` completely.
    public init(region: OctilinearRegion) {
        self.init(region: region, outcome: TangramSolver.solve(region))
    }

    /// Solves `region` completely, unless `isCancelled` says stop first (then nil).
    public init?(region: OctilinearRegion, isCancelled: @escaping @Sendable () -> Bool) {
        let outcome = TangramSolver.solve(region, isCancelled: isCancelled)
        guard outcome.isExhaustive else { return nil }
        self.init(region: region, outcome: outcome)
    }

    private init(region: OctilinearRegion, outcome: TangramSolver.Outcome) {
        self.region = region
        solutions = outcome.solutions
        nodes = outcome.nodes
        let motions = region.symmetries()
        symmetries = motions.map(\.transform)
        symmetryClass = Self.classes(of: outcome.solutions, under: motions)
    }

    /// A piece in doubled coordinates, comparable across solutions whatever its pose.
    struct DoubledFootprint: Hashable {
        var shape: TangramPiece.Shape
        var vertices: Set<Point>
    }

    static func classes(of solutions: [[Pose]],
                        under motions: [(transform: OctilinearTransform, offset: Vector)]) -> [Int] {
        var classOf: [Set<DoubledFootprint>: Int] = [:]
        var result: [Int] = []
        var count = 0
        for solution in solutions {
            let identity = image(of: solution, under: (.identity, .zero))
            if let known = classOf[identity] {
                result.append(known)
                continue
            }
            for motion in motions { classOf[image(of: solution, under: motion)] = count }
            result.append(count)
            count += 1
        }
        return result
    }

    static func image(of solution: [Pose], under motion: (transform: OctilinearTransform, offset: Vector)) -> Set<DoubledFootprint> {
        Set(solution.map { pose in
            DoubledFootprint(shape: pose.piece.shape,
                             vertices: Set(pose.vertices.map { motion.transform.apply(toDoubled: $0) + motion.offset }))
        })
    }
}

// MARK: - Where solutions differ

/// A part of a figure that can be filled in more than one way, such as a square that two small
/// triangles can stand in for.
public struct TangramAmbiguity: Sendable, Hashable {
    /// The part.
    public let region: OctilinearRegion
    /// The ways to fill it (two or more), each as the shapes it takes, largest first. Two ways
    /// may take the same shapes in different places (two large triangles split along either
    /// diagonal of a square).
    public let fillings: [[TangramPiece.Shape]]
}

extension TangramAnalysis {
    /// The parts where the solutions differ from the first one.
    ///
    /// For each other symmetry class, the member sharing the most pieces with the first
    /// solution is compared with it: the pieces the two do not share fall into groups that
    /// overlap each other, and each group covers a part filled one way in the first solution and
    /// another way in the other. Parts found more than once are merged, with all their fillings.
    public func ambiguities() -> [TangramAmbiguity] {
        guard let first = solutions.first else { return [] }
        let mine = Set(first.map(\.footprint))
        var best: [Int: (shared: Int, index: Int)] = [:]
        for (index, solution) in solutions.enumerated() where symmetryClass[index] != symmetryClass[0] {
            let shared = solution.filter { mine.contains($0.footprint) }.count
            if best[symmetryClass[index]].map({ shared > $0.shared }) ?? true {
                best[symmetryClass[index]] = (shared, index)
            }
        }
        // Per part, its fillings by where their pieces lie, in the order met.
        var parts: [OctilinearRegion: [(pieces: Set<Pose.Footprint>, shapes: [TangramPiece.Shape])]] = [:]
        var order: [OctilinearRegion] = []
        for (_, entry) in best.sorted(by: { $0.key < $1.key }) {
            for (part, ways) in Self.differences(first, solutions[entry.index]) {
                if parts[part] == nil { order.append(part) }
                for way in ways where !(parts[part]?.contains { $0.pieces == way.pieces } ?? false) {
                    parts[part, default: []].append(way)
                }
            }
        }
        return order.map { TangramAmbiguity(region: $0, fillings: parts[$0]!.map(\.shapes)) }
            .sorted { ($0.region.area, $0.fillings.count) < ($1.region.area, $1.fillings.count) }
    }

    static func shapeOrder(_ shape: TangramPiece.Shape) -> Int { PieceCorners.shapes.firstIndex(of: shape)! }

    /// The parts where two solutions differ, each with the pieces either solution puts there.
    static func differences(_ a: [Pose], _ b: [Pose])
        -> [(OctilinearRegion, [(pieces: Set<Pose.Footprint>, shapes: [TangramPiece.Shape])])] {
        let footprintsA = Set(a.map(\.footprint)), footprintsB = Set(b.map(\.footprint))
        let onlyA = a.filter { !footprintsB.contains($0.footprint) }
        let onlyB = b.filter { !footprintsA.contains($0.footprint) }
        let pieces = onlyA + onlyB
        let bounds = pieces.map { OctilinearBounds($0.vertices) }
        // Group the pieces of A and B that overlap, transitively.
        let groups = UnionFind.groups(count: pieces.count) { i, j in
            i < onlyA.count && j >= onlyA.count && bounds[i].interiorsMeet(bounds[j])
        }
        return groups.compactMap { indices in
            let fromA = indices.filter { $0 < onlyA.count }, fromB = indices.filter { $0 >= onlyA.count }
            guard let part = try? OctilinearRegion(union: fromA.map { pieces[$0].polygon }) else { return nil }
            let ways = [fromA, fromB].map { side in
                (Set(side.map { pieces[$0].footprint }),
                 side.map { pieces[$0].piece.shape }.sorted { shapeOrder($0) < shapeOrder($1) })
            }
            return (part, ways)
        }
    }
}
