#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore
import GridEditGeometry

/// Exact poses for a whole captured layout: what `gridedit capture` does with one camera view of
/// pieces on the mat. Each piece comes in approximately (a camera's estimate of its vertex 0, its
/// angle, whether it is flipped); the pieces leave on the exact (1/4)ℤ[√2] lattice, turned by 45°
/// steps, on the 0.25 grid, and exactly flush or corner to corner where they touch.
///
/// It uses the snapping every edit uses: ``SnapSettings`` turns angles into 45° steps and positions
/// into grid points, and ``AnchorManager`` finds where a piece can land against the pieces placed.
/// Both camera routes settle here: the one-shot command snaps each frame, the stream the poses its
/// ``PoseTracker`` announced (see ``CameraLayout``).
///
/// 1. Every angle goes to the nearest 45° step; a piece turns about its vertex 0 (the point the
///    camera reports).
/// 2. The first piece is the one with a vertex nearest to a grid point; that vertex goes onto the
///    grid. (Any vertex: a 45°-turned piece has √2 parts at vertex 0, so in a figure vertex 0 is
///    often off the grid while another corner is on it.)
/// 3. Then, repeatedly, the unplaced piece nearest to the placed ones that can be pinned: started
///    where the camera saw it, moved as its neighbours were moved, it lands on the anchoring
///    candidate with the most contact among those that put one of its corners on a placed
///    piece's corner within the camera's reach (``tolerance``). When no piece can be pinned, the
///    one nearest to the grid goes there and starts a cluster of its own.
///
///    Only corners pin: along an edge a piece can slide, and what the camera saw along the edge
///    is good to a tenth of a unit, not exactly. Nor is the most contact within half a unit
///    preferred, as ``AnchorManager/snap(_:against:)`` prefers it (which suits a hand dropping a
///    piece roughly): a camera is more precise and figures have wrong places with
///    more contact than the right one (the fish's square touches a large triangle only at a
///    corner, but slid a little it would share an edge; the sailboat's sail, slid half a unit,
///    would line up with the hull's corners).
/// 4. Each cluster, largest first, moves as a whole onto the grid, at the position that keeps
///    every piece near where it was seen and puts the most vertices on grid points (see
///    ``fitToGrid(_:members:tolerance:)``): every piece votes, as one vertex is weak evidence of
///    where the grid is. Then it is pinned by a corner to the clusters settled before it, if one
///    is within reach; or, if it overlaps them or touches none of them, anchored against them
///    with the smallest radius that finds something, up to the snap radius. So pieces meeting
///    edge to edge end flush, and a piece within half a unit of another lands against it.
///    Between anchoring within a quarter and anchoring farther comes a corner on an edge
///    (``cornerOnEdge(_:against:seen:in:)``): moved only across the edge, the slide along it left
///    to the grid. It also beats a corner pin that is farther from what was seen than the camera's
///    error when it is within it. This is how pinwheel pieces round a hole meet.
///
/// 5. When that leaves a contact the input shows open (two pieces seen within ``contactGap``
///    that do not touch), or the pieces moved unlike each other (``alikeSpread``), the clusters
///    are solved together (``closeContacts(_:unsettled:order:)``): exactly, from the contacts
///    seen, when they fix every cluster (a ring round a hole), else by a small search.
/// 6. If a contact is still open, every piece is solved from the contacts alone
///    (``solveContacts(_:)``), which also undoes a corner pinned to the wrong corner.
///
/// Overlaps that remain (pieces seen on top of each other) are reported, not hidden. Contacts
/// that leave a piece free to slide (a ring meeting only corner to edge round a hole that could
/// grow or shrink) are not decided by the input: the grid decides them, as step 4 says.
public struct LayoutSnapper: Sendable {
    /// How a piece got its exact place.
    public enum Method: Sendable, Hashable {
        /// By the 0.25 grid, with the figure it belongs to. `vertex` is a vertex of this piece on
        /// a grid point (nil when the figure's grid points are on its other pieces).
        case grid(vertex: Int?)
        /// A corner landed on a corner of that piece.
        case corner(of: TangramPiece)
        /// An edge landed flush on an edge of that piece.
        case edge(of: TangramPiece)
    }

    public struct PieceReport: Sendable, Hashable, CustomStringConvertible {
        public var piece: TangramPiece
        public var method: Method
        /// How far the middle of the piece moved from where it was seen, in units.
        public var distance: Double
        /// How many degrees its angle changed to reach a 45° step (counter-clockwise positive).
        public var turn: Double
        public var confidence: Double

        /// `medium: onto a corner of large-1, moved 0.12, turned -3°`
        public var description: String { "\(piece.rawValue): \(howSettled)" }

        /// `onto a corner of square, moved 0.04, turned 0°`: the description without the piece.
        public var howSettled: String {
            let how: String
            switch method {
            case .grid(let vertex?): how = "on the grid (vertex \(vertex))"
            case .grid(nil): how = "on the grid with its figure"
            case .corner(let other): how = "onto a corner of \(other.rawValue)"
            case .edge(let other): how = "flush with an edge of \(other.rawValue)"
            }
            let hundredths = Int((distance * 100).rounded())
            let moved = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
            return "\(how), moved \(moved), turned \(Int(turn.rounded()))°"
        }
    }

    /// Two pieces whose interiors overlap after snapping.
    public struct Overlap: Sendable, Hashable {
        public var first: TangramPiece
        public var second: TangramPiece

        public init(first: TangramPiece, second: TangramPiece) {
            self.first = first
            self.second = second
        }
    }

    public struct Result: Sendable {
        /// The exact poses, in piece order.
        public var poses: [Pose]
        /// One per piece, in piece order.
        public var reports: [PieceReport]
        public var overlaps: [Overlap]
        /// How many separate figures the pieces form (touching pieces make one figure).
        public var figures: Int

        /// How `piece` was settled; nil for a piece not in the layout.
        public func report(of piece: TangramPiece) -> PieceReport? { reports.first { $0.piece == piece } }
    }

    public var settings: SnapSettings
    /// How far (in units, along x or along y) a camera may misplace a piece. A piece is pinned
    /// to a corner only this near where it was seen, and a piece farther than this from where it
    /// was seen was moved on purpose (anchored across a gap) and does not vote on the grid position.
    public var tolerance = 0.125

    /// Units: how unlike the pieces' moves from where they were seen may be (the widest range
    /// along x or y) in a layout taken as it is. Beyond it, or with a contact seen but left open,
    /// the later steps look for a better one. Two pieces each misplaced by up to the camera's
    /// error differ by up to twice ``tolerance``; a camera good to 0.1 gives up to 0.2, which this
    /// (0.22) keeps, while a layout that pushed pieces to the edge of their reach is looked at
    /// again.
    public var alikeSpread: Double { 1.75 * tolerance }

    public init(settings: SnapSettings = SnapSettings()) {
        self.settings = settings
    }

    /// - Parameter settledFirst: pieces whose clusters go onto the grid before the others (the
    ///   pieces of a figure placed before the ones arriving now, so the newcomers fit to them).
    public func snap(_ observations: [ApproximatePose], settledFirst: Set<TangramPiece> = []) throws(EditError) -> Result {
        var seen: Set<TangramPiece> = []
        for o in observations {
            guard seen.insert(o.piece).inserted else {
                throw EditError("\(o.piece.rawValue) was seen twice; a layout has each piece once (check the colour profile)")
            }
            guard o.x.isFinite, o.y.isFinite, o.degrees.isFinite else {
                throw EditError("\(o.piece.rawValue) has no usable position or angle (\(o.x), \(o.y), \(o.degrees)°)")
            }
        }
        let candidates = try observations.map { (o) throws(EditError) in try Candidate(o, settings: settings) }
        var layout = try lay(candidates, settledFirst: settledFirst)
        solveContacts(&layout)
        Self.refitFigures(&layout, tolerance: tolerance)
        let figures = Pose.figures(layout.placed.map(\.pose)).count
        let placed = layout.placed.sorted { $0.pose.piece < $1.pose.piece }
        let reports = placed.map { p in
            PieceReport(piece: p.pose.piece, method: p.method, distance: p.candidate.distance(to: p.pose), turn: p.candidate.turn,
                        confidence: p.candidate.observation.confidence)
        }
        var overlaps: [Overlap] = []
        for (i, a) in placed.enumerated() {
            for b in placed[(i + 1)...] where a.pose.polygon.interiorsOverlap(b.pose.polygon) {
                overlaps.append(Overlap(first: a.pose.piece, second: b.pose.piece))
            }
        }
        return Result(poses: placed.map(\.pose), reports: reports, overlaps: overlaps, figures: figures)
    }

    /// Steps 2 to 5 for one reach of the corner pins.
    func lay(_ candidates: [Candidate], settledFirst: Set<TangramPiece>) throws(EditError) -> Layout {
        var pending = candidates
        var layout = Layout()
        placing: while !pending.isEmpty {
            for index in Self.byNearness(pending, to: layout.placed) {
                if let (pose, target) = pin(pending[index], in: layout) {
                    layout.add(pending.remove(at: index), pose, method: .corner(of: target))
                    continue placing
                }
            }
            let candidate = pending.remove(at: Self.bestOnGrid(pending))
            layout.add(candidate, try candidate.gridPose(settings: settings), method: .grid(vertex: candidate.bestVertex))
        }
        let unsettled = layout
        var order: [Int] = []
        settleClusters(&layout, first: settledFirst, order: &order)
        closeContacts(&layout, unsettled: unsettled, order: order)
        return layout
    }

    /// Each figure (pieces touching, transitively) moved as one body to its best grid position
    /// (``fitToGrid(_:members:tolerance:figureCorrection:)``): steps 5 and 6 move clusters against
    /// each other, and the figure as a whole then takes one grid translation.
    static func refitFigures(_ layout: inout Layout, tolerance: Double) {
        for members in Pose.figures(layout.placed.map(\.pose)) where members.count > 1 {
            fitToGrid(&layout.placed, members: members, tolerance: tolerance)
        }
    }

    // MARK: Placing pieces

    /// A piece with its angle resolved to a 45° step.
    struct Candidate {
        let observation: ApproximatePose
        /// The exact pose at the origin: its vertices are exact offsets from vertex 0.
        let shape: Pose
        /// Degrees the angle changed.
        let turn: Double
        /// The vertex that lies nearest a grid point as seen, and how near.
        let bestVertex: Int
        let gridError: Double

        init(_ o: ApproximatePose, settings: SnapSettings) throws(EditError) {
            observation = o
            let rotation = try settings.resolve(.degrees(o.degrees)).rotation
            shape = Pose(piece: o.piece, position: .origin, rotation: rotation, flipped: o.flipped)
            var turn = Double(rotation.degrees) - o.degrees
            turn -= 360 * (turn / 360).rounded()
            self.turn = turn
            var best = (index: 0, error: Double.infinity)
            for (i, v) in shape.vertices.enumerated() {
                let (x, y) = (o.x + v.doubleX, o.y + v.doubleY)
                let error = hypot(x - (x * 4).rounded() / 4, y - (y * 4).rounded() / 4)
                if error < best.error { best = (i, error) }
            }
            bestVertex = best.index
            gridError = best.error
        }

        /// The pose with its best vertex exactly on the grid point nearest to where it was seen.
        func gridPose(settings: SnapSettings) throws(EditError) -> Pose {
            var grid = settings
            grid.grid = true
            let offset = shape.vertices[bestVertex] - .origin
            let (point, _) = try grid.resolve(PositionInput.approximate(observation.x + offset.doubleX, observation.y + offset.doubleY))
            return shape.translated(by: point - offset - .origin)
        }

        /// Vertices as seen (the observed angle, not the snapped one).
        var seenVertices: [(x: Double, y: Double)] { observation.vertices }

        /// How far the middle of `pose` is from the middle of the piece as seen.
        func distance(to pose: Pose) -> Double {
            let seen = observation.middle, exact = pose.approximateMiddle
            return hypot(seen.x - exact.x, seen.y - exact.y)
        }
    }

    struct Placement {
        var candidate: Candidate
        var pose: Pose
        var method: Method
        var cluster: Int
        /// Where it is minus where it was seen (vertex 0).
        var correction: (x: Double, y: Double) {
            (pose.position.doubleX - candidate.observation.x, pose.position.doubleY - candidate.observation.y)
        }
    }

    /// The pieces placed so far, in clusters held together by shared corners.
    struct Layout {
        var placed: [Placement] = []
        private var nextCluster = 0

        /// Adds a piece; it joins every cluster it shares a corner with (merging them), or starts one.
        mutating func add(_ candidate: Candidate, _ pose: Pose, method: Method) {
            let corners = Set(pose.vertices)
            let touching = Set(placed.filter { !corners.isDisjoint(with: $0.pose.vertices) }.map(\.cluster))
            let cluster = touching.min() ?? nextCluster
            if touching.isEmpty { nextCluster += 1 }
            for i in placed.indices where touching.contains(placed[i].cluster) { placed[i].cluster = cluster }
            placed.append(Placement(candidate: candidate, pose: pose, method: method, cluster: cluster))
        }

        func members(of cluster: Int) -> [Int] { placed.indices.filter { placed[$0].cluster == cluster } }

        /// The average correction of a cluster's pieces: camera error is much the same across a figure.
        func correction(of cluster: Int) -> (x: Double, y: Double) { correction(of: members(of: cluster)) }

        /// The average correction of some placed pieces ((0, 0) for none).
        func correction(of members: [Int]) -> (x: Double, y: Double) {
            guard !members.isEmpty else { return (0, 0) }
            let n = Double(members.count)
            return (members.reduce(0) { $0 + placed[$1].correction.x } / n, members.reduce(0) { $0 + placed[$1].correction.y } / n)
        }
    }

    /// Where a piece lands pinned by a corner to a placed piece, near where it was seen; nil when
    /// no corner is that near.
    func pin(_ candidate: Candidate, in layout: Layout) -> (Pose, TangramPiece)? {
        guard settings.anchors, !layout.placed.isEmpty else { return nil }
        let neighbour = layout.placed[Self.nearestPlaced(to: candidate, in: layout.placed)]
        let shift = layout.correction(of: neighbour.cluster)
        let o = candidate.observation
        guard let x = Exact(nearestTo: o.x + shift.x), let y = Exact(nearestTo: o.y + shift.y) else { return nil }
        let start = candidate.shape.translated(by: Point(x, y) - .origin)
        let snaps = AnchorManager(radius: settings.radius).candidates([start], against: layout.placed.map(\.pose))
        guard let best = bestPin(snaps, moving: [(start, o)], in: layout) else { return nil }
        return (start.translated(by: best.offset), best.target)
    }

    /// Among anchoring candidates, the one that puts a corner on a corner with the most contact
    /// (then the shortest move), of those that leave every moving piece within the camera's reach
    /// of where it was seen, corrected as the target's cluster was: twice ``tolerance`` on each
    /// axis, since both may be misplaced, in opposite directions.
    func bestPin(_ snaps: [AnchorManager.Snap], moving: [(pose: Pose, seen: ApproximatePose)], in layout: Layout) -> AnchorManager.Snap? {
        let reach = 2 * tolerance
        let plausible = snaps.filter { snap in
            guard snap.corners > 0, let target = layout.placed.first(where: { $0.pose.piece == snap.target }) else { return false }
            let shift = layout.correction(of: target.cluster)
            return moving.allSatisfy { m in
                abs(m.pose.position.doubleX + snap.offset.doubleX - (m.seen.x + shift.x)) <= reach
                    && abs(m.pose.position.doubleY + snap.offset.doubleY - (m.seen.y + shift.y)) <= reach
            }
        }
        return plausible.min { a, b in
            if a.corners + a.edges != b.corners + b.edges { return a.corners + a.edges > b.corners + b.edges }
            return a.offset.dot(a.offset) < b.offset.dot(b.offset)
        }
    }

    /// The piece with a vertex nearest to a grid point (then the more confident, then piece order).
    static func bestOnGrid(_ pending: [Candidate]) -> Int {
        pending.indices.min { a, b in
            let (ca, cb) = (pending[a], pending[b])
            if ca.gridError != cb.gridError { return ca.gridError < cb.gridError }
            if ca.observation.confidence != cb.observation.confidence { return ca.observation.confidence > cb.observation.confidence }
            return ca.observation.piece < cb.observation.piece
        }!
    }

    /// The pending pieces, those with a vertex (as seen) nearest to a vertex of a placed piece first.
    static func byNearness(_ pending: [Candidate], to placed: [Placement]) -> [Int] {
        guard !placed.isEmpty else { return [] }
        let gaps = pending.map { candidate in gap(candidate, placed[nearestPlaced(to: candidate, in: placed)]) }
        return pending.indices.sorted { a, b in
            if gaps[a] != gaps[b] { return gaps[a] < gaps[b] }
            return pending[a].observation.piece < pending[b].observation.piece
        }
    }

    /// The placed piece with a vertex nearest to a vertex of the candidate as seen.
    static func nearestPlaced(to candidate: Candidate, in placed: [Placement]) -> Int {
        placed.indices.min { gap(candidate, placed[$0]) < gap(candidate, placed[$1]) }!
    }

    static func gap(_ candidate: Candidate, _ placement: Placement) -> Double {
        let corners = placement.pose.vertices.map { (x: $0.doubleX, y: $0.doubleY) }
        return candidate.seenVertices.reduce(Double.infinity) { best, v in
            corners.reduce(best) { min($0, hypot(v.x - $1.x, v.y - $1.y)) }
        }
    }

    // MARK: Putting clusters on the grid

    /// Step 4: each cluster, largest first, onto the grid, then against the clusters settled
    /// before it: pinned by a corner within the camera's reach if one is there; else, when it
    /// overlaps them or touches none of them, anchored (the smallest radius that finds something,
    /// up to the snap radius). Such a cluster first waits, once, for the others: a cluster not yet
    /// settled may pin it (a corner on an edge is something anchoring cannot do, and half a unit
    /// of radius reaches wrong places). `order` gets the clusters in the order they settled.
    func settleClusters(_ layout: inout Layout, first: Set<TangramPiece> = [], order: inout [Int]) {
        let early = Set(layout.placed.filter { first.contains($0.pose.piece) }.map(\.cluster))
        var queue = Set(layout.placed.map(\.cluster)).sorted { a, b in
            if early.contains(a) != early.contains(b) { return early.contains(a) }
            let (na, nb) = (layout.members(of: a).count, layout.members(of: b).count)
            return na != nb ? na > nb : a < b
        }
        var settled: [Int] = []
        var waited: Set<Int> = []
        while !queue.isEmpty {
            let cluster = queue.removeFirst()
            let members = layout.members(of: cluster)
            Self.fitToGrid(&layout.placed, members: members, tolerance: tolerance)
            let others = settled.map { layout.placed[$0].pose }
            let moving = members.map { layout.placed[$0].pose }
            if settings.anchors, !others.isEmpty {
                let seen = members.map { (layout.placed[$0].pose, layout.placed[$0].candidate.observation) }
                let pinned = bestPin(AnchorManager(radius: settings.radius).candidates(moving, against: others), moving: seen, in: layout)
                // A cluster the grid already put flush against the others (an edge along an edge,
                // nothing overlapping) stays, like the sailboat's sail on its hull.
                let placedWell = !moving.contains(where: { p in others.contains { p.polygon.interiorsOverlap($0.polygon) } })
                    && moving.contains(where: { p in others.contains { p.polygon.sharesBoundarySegment(with: $0.polygon) } })
                let onEdge = placedWell ? nil : cornerOnEdge(moving, against: others, seen: seen, in: layout)
                // A corner pin farther than the camera's error from what was seen loses to a
                // corner on an edge that is within it (a corner near, but not at, a corner).
                if let snap = pinned, onEdge.map({ deviation(of: $0, moving: seen, in: layout) > tolerance
                    || deviation(of: snap, moving: seen, in: layout) <= tolerance }) ?? true {
                    move(members, of: &layout, by: snap)
                } else if pinned != nil, let snap = onEdge {
                    move(members, of: &layout, by: snap)
                } else if moving.contains(where: { p in others.contains { p.polygon.interiorsOverlap($0.polygon) } })
                            || !moving.contains(where: { p in others.contains { p.polygon.touchesOrOverlaps($0.polygon) } }) {
                    if !queue.isEmpty, waited.insert(cluster).inserted {
                        queue.append(cluster)
                        continue
                    }
                    // Anchoring within a quarter first (edges flush), then a corner on an edge,
                    // then anchoring farther.
                    let radii = Self.radii(upTo: settings.radius)
                    let anchor = { (r: [Exact]) in r.lazy.compactMap({ AnchorManager(radius: $0).snap(moving, against: others) }).first }
                    if let snap = anchor(radii.filter { $0 <= Exact(quarters: 1) }) ?? onEdge ?? anchor(radii.filter { $0 > Exact(quarters: 1) }) {
                        move(members, of: &layout, by: snap)
                    }
                }
            }
            settled += members
            order.append(cluster)
        }
    }

    /// A cluster already on the grid, moved only across an edge so that a corner (its own, or a
    /// settled piece's) lands exactly on the other's edge, strictly between that edge's corners:
    /// what a pinwheel round a hole shows, where pieces meet only corner to edge. The slide along
    /// the edge stays where the grid put it. Across an axis edge the move is perpendicular to it;
    /// across a diagonal edge it is along x or along y (as ``AnchorManager/flushOffsets``), so
    /// everything stays on the exact (1/4)ℤ[√2] lattice. Among the moves that overlap nothing and
    /// keep every moving piece within the camera's reach of where it was seen (as ``bestPin``),
    /// the one with the most such contacts, then the shortest; nil when there is none.
    func cornerOnEdge(_ moving: [Pose], against fixed: [Pose], seen: [(pose: Pose, seen: ApproximatePose)],
                      in layout: Layout) -> AnchorManager.Snap? {
        let movingPolygons = moving.map(\.polygon)
        let fixedPolygons = fixed.map(\.polygon)
        let reach = 2 * tolerance
        // Each move, then (for a piece closing a ring, held by two edges) each second move from
        // there that keeps the first contact: two corners on two edges fix both directions.
        var offsets: [(offset: Vector, target: TangramPiece)] = []
        var tried: Set<Vector> = []
        for first in Self.edgeMoves(movingPolygons, fixed) {
            let o1 = first.offset
            guard abs(o1.x.doubleValue) <= reach, abs(o1.y.doubleValue) <= reach, tried.insert(o1).inserted else { continue }
            offsets.append(first)
            for second in Self.edgeMoves(movingPolygons.map { $0.translated(by: o1) }, fixed) where second.offset != .zero {
                let o = o1 + second.offset
                guard abs(o.x.doubleValue) <= reach, abs(o.y.doubleValue) <= reach, tried.insert(o).inserted else { continue }
                offsets.append((o, first.target))
            }
        }
        var best: (snap: AnchorManager.Snap, contacts: Int, size: Double)?
        for (offset, target) in offsets {
            guard let t = layout.placed.first(where: { $0.pose.piece == target }) else { continue }
            let shift = layout.correction(of: t.cluster)
            guard seen.allSatisfy({ m in
                abs(m.pose.position.doubleX + offset.x.doubleValue - (m.seen.x + shift.x)) <= reach
                    && abs(m.pose.position.doubleY + offset.y.doubleValue - (m.seen.y + shift.y)) <= reach
            }) else { continue }
            let moved = movingPolygons.map { $0.translated(by: offset) }
            if moved.contains(where: { m in fixedPolygons.contains { m.interiorsOverlap($0) } }) { continue }
            var contacts = 0
            for m in moved {
                for f in fixedPolygons {
                    for v in m.vertices { for (a, b) in f.edges where Self.onSegment(v, a, b) { contacts += 1 } }
                    for w in f.vertices { for (p, q) in m.edges where Self.onSegment(w, p, q) { contacts += 1 } }
                }
            }
            let size = offset.x.doubleValue * offset.x.doubleValue + offset.y.doubleValue * offset.y.doubleValue
            if let current = best, !(contacts > current.contacts || (contacts == current.contacts && size < current.size)) { continue }
            best = (AnchorManager.Snap(offset: offset, contact: .edge, target: target, corners: 0, edges: 0), contacts, size)
        }
        return best?.snap
    }

    /// Moves across an edge that put a corner of `moving` on an edge of `fixed`, or a corner of
    /// `fixed` on an edge of `moving`, strictly between the edge's corners (see ``cornerOnEdge``).
    static func edgeMoves(_ movingPolygons: [Polygon], _ fixed: [Pose]) -> [(offset: Vector, target: TangramPiece)] {
        func inside(_ w: Point, _ a: Point, _ b: Point) -> Bool {
            let d = b - a
            let u = d.dot(w - a)
            return u.signum > 0 && u < d.dot(d)
        }
        var offsets: [(offset: Vector, target: TangramPiece)] = []
        for m in movingPolygons {
            for f in fixed {
                let fp = f.polygon
                for v in m.vertices {
                    for (a, b) in fp.edges {
                        for (offset, _) in AnchorManager.flushOffsets(moving: v, fixedStart: a, fixedDirection: b - a)
                        where inside(v + offset, a, b) { offsets.append((offset, f.piece)) }
                    }
                }
                for w in fp.vertices {
                    for (p, q) in m.edges {
                        for (back, _) in AnchorManager.flushOffsets(moving: w, fixedStart: p, fixedDirection: q - p) {
                            let offset = -back
                            if inside(w, p + offset, q + offset) { offsets.append((offset, f.piece)) }
                        }
                    }
                }
            }
        }
        return offsets
    }

    /// How far (along x or y) a snap leaves the farthest moving piece from where it was seen,
    /// corrected as the target's cluster was.
    func deviation(of snap: AnchorManager.Snap, moving: [(pose: Pose, seen: ApproximatePose)], in layout: Layout) -> Double {
        guard let target = layout.placed.first(where: { $0.pose.piece == snap.target }) else { return .infinity }
        let shift = layout.correction(of: target.cluster)
        return moving.reduce(0) { worst, m in
            max(worst, abs(m.pose.position.doubleX + snap.offset.x.doubleValue - (m.seen.x + shift.x)),
                abs(m.pose.position.doubleY + snap.offset.y.doubleValue - (m.seen.y + shift.y)))
        }
    }

    /// Point `w` on the segment a–b (ends included), exactly.
    static func onSegment(_ w: Point, _ a: Point, _ b: Point) -> Bool {
        let d = b - a
        guard d.cross(w - a) == .zero else { return false }
        let u = d.dot(w - a)
        return u.signum >= 0 && u <= d.dot(d)
    }

    /// Moves a cluster by an anchoring snap; its root now hangs on the snap's target.
    func move(_ members: [Int], of layout: inout Layout, by snap: AnchorManager.Snap) {
        guard snap.offset != .zero else { return }
        for i in members { layout.placed[i].pose = layout.placed[i].pose.translated(by: snap.offset) }
        if let root = members.first(where: { if case .grid = layout.placed[$0].method { true } else { false } }) {
            layout.placed[root].method = snap.contact == .corner ? .corner(of: snap.target) : .edge(of: snap.target)
        }
    }

    /// Anchoring radii from a quarter unit up to `limit`, smallest first: 0.25, √2/4, 0.5.
    static func radii(upTo limit: Exact) -> [Exact] {
        var radii: [Exact] = []
        for k in 1...8 {
            for r in [Exact(quarters: k), Exact(quarters: 0, sqrt2Quarters: k)] where r < limit && !radii.contains(r) { radii.append(r) }
        }
        return radii.sorted() + [limit]
    }

    /// Moves a cluster exactly onto the grid: one of its vertices onto a grid point.
    ///
    /// So the √2 parts of the move must cancel those of some vertex; each such choice, with the
    /// best multiples of 0.25 for the rest, is a candidate. The winner leaves the fewest pieces
    /// farther than `tolerance` (along x or y) from where they were seen; then puts the most
    /// vertices on grid points; then has the smallest largest distance; then the smallest sum of
    /// squares. Distances are between a piece's vertex 0 as seen and as placed.
    ///
    /// Vertices on grid points come before closeness because, within a camera's error, closeness
    /// cannot choose: a figure with 45° pieces has grid positions a few hundredths of a unit
    /// apart (3√2 is within 0.01 of 4.25). A cluster that meets the figure only along an edge,
    /// like the sailboat's sail on its hull, is pinned by nothing else.
    static func fitToGrid(_ placed: inout [Placement], members: [Int], tolerance: Double,
                          figureCorrection: (x: Double, y: Double) = (0, 0)) {
        guard let move = gridFits(placed, members: members, tolerance: tolerance, figureCorrection: figureCorrection)
            .min(by: { $0.score < $1.score })?.move else { return }
        for i in members {
            placed[i].pose = placed[i].pose.translated(by: move)
            if case .grid = placed[i].method {
                placed[i].method = .grid(vertex: placed[i].pose.vertices.firstIndex { $0.x.numerator.b == 0 && $0.y.numerator.b == 0 })
            }
        }
    }

    /// Every grid position ``fitToGrid(_:members:tolerance:figureCorrection:)`` weighs, as a move
    /// of the cluster from where it is, with its score. `figureCorrection` is how far the pieces
    /// settled before were moved from where they were seen: a later cluster is near where it was
    /// seen once moved the same way (a camera's error, or a figure reported off the grid, is the
    /// same across it).
    static func gridFits(_ placed: [Placement], members: [Int], tolerance: Double,
                         figureCorrection: (x: Double, y: Double) = (0, 0)) -> [(move: Vector, score: Score)] {
        // Corners count once per piece: a point where several pieces meet weighs more, and figures
        // are built out from such points.
        let roots = members.flatMap { placed[$0].pose.vertices.map { [$0.x.numerator.b, $0.y.numerator.b] } }
        let sqrt2 = 2.0.squareRoot()
        var fits: [(move: Vector, score: Score)] = []
        for root in Set(roots).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            // What is left over, per piece, once the √2 part of the move is made.
            let dx = members.map { figureCorrection.x - placed[$0].correction.x + Double(root[0]) * sqrt2 / 4 }
            let dy = members.map { figureCorrection.y - placed[$0].correction.y + Double(root[1]) * sqrt2 / 4 }
            let aligned = roots.filter { $0 == root }.count
            for qx in quarterChoices(dx) {
                for qy in quarterChoices(dy) {
                    let score = Score(x: dx.map { $0 - Double(qx) / 4 }, y: dy.map { $0 - Double(qy) / 4 }, aligned: aligned,
                                      tolerance: tolerance)
                    fits.append((Vector(Exact(quarters: qx, sqrt2Quarters: -root[0]), Exact(quarters: qy, sqrt2Quarters: -root[1])), score))
                }
            }
        }
        return fits
    }

    /// Quarter counts worth trying on one axis: the one nearest the middle of the leftovers, and
    /// the one nearest each leftover (so a piece moved on purpose can be outvoted).
    static func quarterChoices(_ leftovers: [Double]) -> [Int] {
        var choices: Set<Int> = [Int((((leftovers.min()! + leftovers.max()!) / 2) * 4).rounded())]
        for d in leftovers { choices.insert(Int((d * 4).rounded())) }
        return choices.sorted()
    }

    /// How well a position of a cluster fits what was seen; smaller is better.
    struct Score: Comparable {
        var outliers = 0
        var misaligned = 0
        var worst = 0.0
        var total = 0.0

        init(x: [Double], y: [Double], aligned: Int, tolerance: Double) {
            misaligned = -aligned
            for (rx, ry) in zip(x, y) {
                let off = max(abs(rx), abs(ry))
                if off > tolerance { outliers += 1 } else { worst = max(worst, off) }
                total += rx * rx + ry * ry
            }
        }

        static func < (a: Score, b: Score) -> Bool {
            (a.outliers, a.misaligned, a.worst, a.total) < (b.outliers, b.misaligned, b.worst, b.total)
        }
    }

}

private func hypot(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }

private func middle(_ points: [(x: Double, y: Double)]) -> (x: Double, y: Double) {
    let n = Double(points.count)
    return (points.reduce(0) { $0 + $1.x } / n, points.reduce(0) { $0 + $1.y } / n)
}

extension TangramPiece.Shape {
    /// The piece's vertices for an approximate pose (vertex 0 at x, y; mirrored first when
    /// flipped, then turned `degrees` counter-clockwise), in the order ``Pose/vertices`` uses.
    /// Display precision: for matching camera observations and measuring how far a snap moved.
    func approximateVertices(x: Double, y: Double, degrees: Double, flipped: Bool) -> [(x: Double, y: Double)] {
        let radians = degrees * Double.pi / 180
        let (c, s) = (cos(radians), sin(radians))
        var local = localVertices.map { (x: $0.doubleX, y: $0.doubleY) }
        if flipped { local = local.map { (x: -$0.x, y: $0.y) }.reversed() }
        return local.map { v in (x: x + c * v.x - s * v.y, y: y + s * v.x + c * v.y) }
    }

    /// The middle (vertex average) of the piece for an approximate pose.
    func approximateMiddle(x: Double, y: Double, degrees: Double, flipped: Bool) -> (x: Double, y: Double) {
        middle(approximateVertices(x: x, y: y, degrees: degrees, flipped: flipped))
    }
}

extension Pose {
    /// The middle (vertex average) at display precision: what a fit's ``ApproximatePose/middle``
    /// is compared with.
    public var approximateMiddle: (x: Double, y: Double) { middle(vertices.map { (x: $0.doubleX, y: $0.doubleY) }) }
}
