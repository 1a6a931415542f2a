import GridEditCore
import GridEditGeometry

/// The settling engine the editor sends every approximate pose through: a typed `place` or
/// `move`, a drag, a `replay`ed touch file, a camera pose that arrives without an exact position.
/// Approximate poses in, exact poses out. (A camera stream from `gridedit-capture` arrives
/// already settled by the same ``LayoutSnapper``, through ``CameraLayout``.)
///
/// **Settling.** When poses arrive, the figure they join (every piece whose pose as given lies
/// within ``reach`` of theirs, transitively) is solved as one layout by ``LayoutSnapper``: angles to
/// 45° steps, contacts the input shows made exact (corner on corner, corner on edge, edges flush),
/// the figure as a whole onto the 0.25 grid. Pieces placed earlier take part with the pose they
/// were *given* (the engine's caller remembers it, see ``Settlement/inputs``), not the one they
/// were snapped to, so they may move a little when a new neighbour shows where the figure really
/// is.
///
/// **Order independence.** The layout of a figure is a function of the set of given poses alone:
/// the snapper sorts its input and decides nothing by arrival order, and every settle starts from
/// the given poses again. So the same poses, in any order, end in the same exact figure.
///
/// **Held pieces, pins and groups.** A piece placed without settling (loaded from a file, nudged)
/// is held where it is, like a pinned one: only pieces settled from an input, and the arriving
/// ones, are solved. In the solved figure the pieces placed before settle first and the arriving
/// ones are fitted to them. A pinned piece keeps its exact pose: the solved figure is translated so
/// that the first pinned piece lands where it is (one exact translation), and other pinned pieces
/// are kept as they are. A group settles as one body: its members keep their exact offsets from
/// the group's first member.
///
/// **Alone.** Poses that land apart from every other piece keep exact input as given; otherwise
/// vertex 0 goes to the nearest grid point.
///
/// **Giving up.** When the solved figure has two pieces overlapping that did not overlap as given,
/// the engine refuses the solution: the arriving pieces go where the 0.25 grid alone puts them,
/// the others stay, and ``Settlement/gaveUp`` says why.
public struct Settler: Sendable {
    public var settings: SnapSettings
    /// Units: pieces given this close to each other belong to one figure.
    public var reach = 0.3
    /// Units: how deep two pieces as given must overlap for an overlap of the result to count as
    /// shown by the input.
    public var overlapShown = 0.1

    public init(settings: SnapSettings = SnapSettings()) {
        self.settings = settings
    }

    public struct Settlement: Sendable {
        /// The exact pose of every piece of the settled figure, arriving ones included, in piece order.
        public var poses: [Pose]
        /// The pose each of those pieces was settled from (not for pinned pieces): remember it
        /// with the exact pose it produced, and give it back in the next settle.
        public var inputs: [TangramPiece: ApproximatePose]
        /// How each piece got its place.
        public var reports: [LayoutSnapper.PieceReport]
        /// Why the figure was not solved, when it was not.
        public var gaveUp: String?
        /// The arriving poses landed apart from every other piece (see ``settle(_:layer:remembered:pinned:groups:)``).
        public var landedAlone = false
    }

    /// Settles the arriving poses into the layer.
    /// - Parameters:
    ///   - arriving: the new poses as given (one piece, or a group's members).
    ///   - layer: the exact poses of the pieces placed now (an arriving piece's old pose is ignored).
    ///   - remembered: for placed pieces, the pose they were given when they were settled into
    ///     their current exact pose (pieces without one take part with their exact pose).
    ///   - pinned: pieces that must not move.
    ///   - groups: pieces that move as one body.
    public func settle(_ arriving: [ApproximatePose], layer: [Pose], remembered: [TangramPiece: ApproximatePose] = [:],
                       pinned: Set<TangramPiece> = [], groups: [[TangramPiece]] = []) throws(EditError) -> Settlement {
        let arrivingPieces = Set(arriving.map(\.piece))
        let current = Dictionary(layer.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        var given: [TangramPiece: ApproximatePose] = [:]
        // Pieces that were not settled from an input (loaded from a file, nudged) are exact as
        // they are: held like pinned ones.
        var pinned = pinned
        for pose in layer where !arrivingPieces.contains(pose.piece) {
            if let input = remembered[pose.piece], !pinned.contains(pose.piece) {
                given[pose.piece] = input
            } else {
                given[pose.piece] = ApproximatePose(pose)
                pinned.insert(pose.piece)
            }
        }
        for pose in arriving { given[pose.piece] = pose }

        // Alone: no other piece, where it is now, within reach of the arriving poses.
        let outlines = arriving.map(Outline.init)
        if layer.allSatisfy({ pose in arrivingPieces.contains(pose.piece)
                || outlines.allSatisfy { $0.distance(to: Outline(ApproximatePose(pose))) > reach } }) {
            return try alone(arriving, current: current)
        }
        let figure = Self.figure(of: arrivingPieces, in: given, groups: groups, reach: reach)
        let inputs = figure.map { given[$0]! }
        let solved = try LayoutSnapper(settings: settings).snap(inputs, settledFirst: Set(figure).subtracting(arrivingPieces))
        var poses = Dictionary(solved.poses.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })

        // Pins: the figure moves as a whole to where the first pin holds it.
        if let anchor = figure.first(where: { pinned.contains($0) }), let held = current[anchor], let free = poses[anchor],
           free.rotation == held.rotation, free.flipped == held.flipped {
            let shift = held.position - free.position
            for piece in figure { poses[piece] = poses[piece]!.translated(by: shift) }
        }
        for piece in figure where pinned.contains(piece) { poses[piece] = current[piece] }

        // Groups: one body, laid out from its first member.
        for group in groups {
            let members = group.filter { poses[$0] != nil }.sorted()
            guard members.count > 1, let root = members.first(where: { !pinned.contains($0) }) ?? members.first else { continue }
            func reference(_ piece: TangramPiece) -> Pose? {
                if let exact = given[piece]?.exactPose { return exact }
                return current[piece]
            }
            guard let rootReference = reference(root), let rootPose = poses[root] else { continue }
            for member in members where member != root {
                guard let ref = reference(member) else { continue }
                poses[member] = ref.translated(by: rootPose.position - rootReference.position)
            }
        }

        var settled = figure.map { poses[$0]! }
        var gaveUp: String?
        if let (a, b) = Self.unshownOverlap(settled, given: given, depth: overlapShown) {
            gaveUp = "could not settle \(a.rawValue) with \(b.rawValue) without an overlap the input does not show; "
                + "placed on the grid as given"
            var fallback: [Pose] = []
            for piece in figure {
                if arrivingPieces.contains(piece) { fallback.append(try gridPose(given[piece]!)) }
                else if let pose = current[piece] { fallback.append(pose) }
            }
            settled = fallback
        }
        var remember: [TangramPiece: ApproximatePose] = [:]
        for piece in figure where !pinned.contains(piece) { remember[piece] = given[piece] }
        let reports = solved.reports.filter { report in settled.contains { $0.piece == report.piece } }
        return Settlement(poses: settled, inputs: remember, reports: reports, gaveUp: gaveUp)
    }

    /// Poses landing apart from every other piece: exact input keeps its poses as given; otherwise
    /// vertex 0 of the first pose goes to the nearest grid point and the rest (a group) keep their
    /// exact offsets from it.
    func alone(_ arriving: [ApproximatePose], current: [TangramPiece: Pose]) throws(EditError) -> Settlement {
        let inputs = Dictionary(arriving.map { ($0.piece, $0) }, uniquingKeysWith: { a, _ in a })
        let exact = arriving.compactMap(\.exactPose)
        if exact.count == arriving.count {
            return Settlement(poses: exact.sorted { $0.piece < $1.piece }, inputs: inputs, reports: [], gaveUp: nil, landedAlone: true)
        }
        let lead = try gridPose(arriving[0])
        var landed = [lead]
        if let origin = current[lead.piece]?.position {
            for given in arriving.dropFirst() {
                guard let member = current[given.piece] else { continue }
                landed.append(member.translated(by: lead.position - origin))
            }
        }
        return Settlement(poses: landed.sorted { $0.piece < $1.piece }, inputs: inputs, reports: [], gaveUp: nil, landedAlone: true)
    }

    /// Where the grid alone puts a pose as given: its angle to the nearest 45° step, vertex 0 to
    /// the nearest grid point.
    public func gridPose(_ given: ApproximatePose) throws(EditError) -> Pose {
        var grid = settings
        grid.grid = true
        let rotation = try grid.resolve(.degrees(given.degrees)).rotation
        let (point, _) = try grid.resolve(PositionInput.approximate(given.x, given.y))
        return Pose(piece: given.piece, position: point, rotation: rotation, flipped: given.flipped)
    }

    // MARK: Figures

    /// The pieces connected to `start` through poses as given lying within `reach` of each other
    /// (and through groups), in piece order.
    static func figure(of start: Set<TangramPiece>, in given: [TangramPiece: ApproximatePose], groups: [[TangramPiece]],
                       reach: Double) -> [TangramPiece] {
        let pieces = given.keys.sorted()
        let outlines = Dictionary(uniqueKeysWithValues: pieces.map { ($0, Outline(given[$0]!)) })
        var reached = start.intersection(pieces)
        var frontier = Array(reached)
        while let piece = frontier.popLast() {
            let partners = groups.first { $0.contains(piece) } ?? []
            for other in pieces where !reached.contains(other) {
                if partners.contains(other) || outlines[piece]!.distance(to: outlines[other]!) <= reach {
                    reached.insert(other)
                    frontier.append(other)
                }
            }
        }
        return pieces.filter(reached.contains)
    }

    /// Two settled pieces that overlap although their poses as given did not (by more than `depth`).
    static func unshownOverlap(_ settled: [Pose], given: [TangramPiece: ApproximatePose], depth: Double) -> (TangramPiece, TangramPiece)? {
        for (i, a) in settled.enumerated() {
            for b in settled[(i + 1)...] where a.polygon.interiorsOverlap(b.polygon) {
                guard let ga = given[a.piece], let gb = given[b.piece] else { continue }
                if Outline(ga).penetration(Outline(gb)) < depth { return (a.piece, b.piece) }
            }
        }
        return nil
    }
}

extension ApproximatePose {
    /// The exact pose it carries, when its source knew one (its position, and an angle that is a
    /// whole 45° step).
    public var exactPose: Pose? {
        guard let exact, let rotation = Rotation(degrees: Int(degrees.rounded())), Double(rotation.degrees) == degrees else { return nil }
        return Pose(piece: piece, position: exact, rotation: rotation, flipped: flipped)
    }
}

extension ApproximatePose {
    /// The gap (units) between this piece's outline and another's as given, 0 when they touch or
    /// overlap: whether settling could anchor one to the other.
    public func gap(to other: ApproximatePose) -> Double { Outline(self).distance(to: Outline(other)) }
}

/// A piece's outline as given, in floating point: only to decide which pieces are near each other
/// and how deep they overlap, never where anything lands.
struct Outline {
    let points: [(x: Double, y: Double)]

    init(_ pose: ApproximatePose) {
        points = pose.piece.shape.approximateVertices(x: pose.x, y: pose.y, degrees: pose.degrees, flipped: pose.flipped)
    }

    /// 0 when the outlines touch or overlap; else the gap between them.
    func distance(to other: Outline) -> Double {
        if penetration(other) > 0 { return 0 }
        var best = Double.infinity
        for p in points { best = min(best, other.distance(from: p)) }
        for p in other.points { best = min(best, distance(from: p)) }
        return best
    }

    /// How deep the outlines overlap: the largest depth of a vertex of one inside the other
    /// (the pieces are convex).
    func penetration(_ other: Outline) -> Double {
        var deepest = 0.0
        for p in points { deepest = max(deepest, other.depth(of: p)) }
        for p in other.points { deepest = max(deepest, depth(of: p)) }
        return deepest
    }

    func depth(of p: (x: Double, y: Double)) -> Double { Polygon.convex(points, depthOf: p.x, p.y) }

    func distance(from p: (x: Double, y: Double)) -> Double { Polygon.boundaryDistance(points, from: p.x, p.y) }
}
