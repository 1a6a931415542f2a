import GridEditCore
import GridEditGeometry
import GridEditLayout

/// An edit worked out but not yet performed: the command and what the designer should know about
/// how it was resolved (snapped to the grid, anchored to a corner of large-2, …).
public struct Proposal: Sendable {
    public var command: EditCommand
    public var notes: [String]

    public init(command: EditCommand, notes: [String] = []) {
        self.command = command
        self.notes = notes
    }
}

extension Change {
    /// A piece appears (before nil), moves, or disappears (after nil) in a layer: a change of
    /// the Tangram part `pieces/PIECE` or `tray/PIECE`.
    public static func pose(layer: Layer, piece: TangramPiece, before: Pose?, after: Pose?) -> Change {
        .part(name: TangramKind.partName(arrangement: layer.arrangement, piece: piece),
              before: before.map(TangramKind.encode), after: after.map(TangramKind.encode))
    }

    /// This change as a piece appearing, moving or disappearing, when it is one (for front ends
    /// that say what an edit moved).
    public var poseChange: (layer: Layer, piece: TangramPiece, before: Pose?, after: Pose?)? {
        guard case let .part(name, before, after) = self, let (arrangement, piece) = TangramKind.piecePart(name),
              let layer = Layer.allCases.first(where: { $0.arrangement == arrangement }) else { return nil }
        return (layer, piece, before.flatMap { try? TangramKind.pose(from: $0) }, after.flatMap { try? TangramKind.pose(from: $0) })
    }
}

/// Works out Tangram edits on one layer: placing, moving, turning and flipping pieces and the
/// groups they belong to, with grid snapping and anchoring. Pure: it reads a state and returns
/// proposals; the service performs them.
public struct TangramEditor: Sendable {
    public let puzzle: TangramPuzzle
    public let groups: GroupTable
    public let layer: Layer
    public let settings: SnapSettings
    /// The layer's pinned pieces: no edit moves them, and settling must hold them fixed.
    public let pinned: Set<TangramPiece>
    /// The layer's poses, in file order.
    public let poses: [Pose]

    public init(puzzle: TangramPuzzle, groups: GroupTable, layer: Layer, settings: SnapSettings,
                pinned: Set<TangramPiece> = []) {
        self.puzzle = puzzle
        self.groups = groups
        self.layer = layer
        self.settings = settings
        self.pinned = pinned
        self.poses = TangramKind.poses(layer.arrangement, of: puzzle)
    }

    public func pose(of piece: TangramPiece) -> Pose? { poses.first { $0.piece == piece } }

    func requirePose(_ piece: TangramPiece) throws(EditError) -> Pose {
        guard let pose = pose(of: piece) else {
            throw EditError("\(piece.rawValue) is not placed in the \(layer.rawValue); `place \(piece.rawValue) X Y` puts it there")
        }
        return pose
    }

    /// The placed members of a piece's group, the piece itself first.
    func members(of piece: TangramPiece) -> [Pose] {
        let names = groups.group(of: piece, in: layer)
        let placed = poses.filter { names.contains($0.piece) }
        return placed.filter { $0.piece == piece } + placed.filter { $0.piece != piece }
    }

    // MARK: Placing and moving

    public func place(_ piece: TangramPiece, at position: PositionInput, rotation: AngleInput = .exact(.identity),
                      flipped: Bool = false) throws(EditError) -> Proposal {
        guard pose(of: piece) == nil else {
            throw EditError("\(piece.rawValue) is already placed; use `move \(piece.rawValue) X Y` (or `remove` it first)")
        }
        var notes: [String] = []
        let (point, gridSnapped) = try settings.resolve(position)
        let (turn, turnSnapped) = try settings.resolve(rotation)
        if gridSnapped { notes.append("snapped to the 0.25 grid at \(point)") }
        if turnSnapped { notes.append("angle snapped to \(turn.degrees)°") }
        var placed = Pose(piece: piece, position: point, rotation: turn, flipped: flipped)
        if settings.anchors, let snap = anchor([placed]) {
            placed = placed.translated(by: snap.offset)
            notes.append(Self.describe(snap))
        }
        let label = "place \(piece.rawValue) at \(placed.position)" + (placed.rotation == .identity ? "" : " turned \(placed.rotation.degrees)°")
            + (placed.flipped ? " flipped" : "")
        return Proposal(command: EditCommand(label: label, changes: [.pose(layer: layer, piece: piece, before: nil, after: placed)]),
                        notes: notes)
    }

    /// Moves a piece (and its group) so that the piece's origin lands at `position`.
    public func move(_ piece: TangramPiece, to position: PositionInput, anchoring: Bool = true) throws(EditError) -> Proposal {
        try requireUnpinned(piece)
        let current = try requirePose(piece)
        var notes: [String] = []
        let (point, gridSnapped) = try settings.resolve(position)
        if gridSnapped { notes.append("snapped to the 0.25 grid at \(point)") }
        return translate(piece, by: point - current.position, anchoring: anchoring, verb: "move", notes: notes)
    }

    /// Moves a piece (and its group) by an exact offset. No anchoring: a nudge is deliberate.
    public func nudge(_ piece: TangramPiece, by offset: Vector) throws(EditError) -> Proposal {
        try requireUnpinned(piece)
        _ = try requirePose(piece)
        return translate(piece, by: offset, anchoring: false, verb: "nudge", notes: [])
    }

    /// Anchors a piece (and its group) where it is now, if an anchor is within the radius.
    public func snapInPlace(_ piece: TangramPiece) throws(EditError) -> Proposal? {
        try requireUnpinned(piece)
        _ = try requirePose(piece)
        let moving = members(of: piece)
        guard let snap = anchor(moving), snap.offset != .zero else { return nil }
        return translate(piece, by: snap.offset, anchoring: false, verb: "snap", notes: [Self.describe(snap)])
    }

    private func translate(_ piece: TangramPiece, by offset: Vector, anchoring: Bool, verb: String,
                           notes: [String]) -> Proposal {
        var notes = notes
        let moving = members(of: piece)
        var moved = moving.map { $0.translated(by: offset) }
        if anchoring && settings.anchors, let snap = anchor(moved) {
            moved = moved.map { $0.translated(by: snap.offset) }
            notes.append(Self.describe(snap))
        }
        let changes = zip(moving, moved).map { Change.pose(layer: layer, piece: $0.piece, before: $0, after: $1) }
        let others = moving.count > 1 ? " with \(moving.dropFirst().map(\.piece.rawValue).joined(separator: ", "))" : ""
        let label = "\(verb) \(piece.rawValue)\(others) to \(moved[0].position)"
        return Proposal(command: EditCommand(label: label, changes: changes), notes: notes)
    }

    /// The best anchor for `moving` against the layer's other pieces, if anchoring finds one.
    func anchor(_ moving: [Pose]) -> AnchorManager.Snap? {
        let names = Set(moving.map(\.piece))
        let fixed = poses.filter { !names.contains($0.piece) }
        return AnchorManager(radius: settings.radius).snap(moving, against: fixed)
    }

    static func describe(_ snap: AnchorManager.Snap) -> String {
        let what = snap.contact == .corner ? "onto a corner of \(snap.target.rawValue)" : "flush with an edge of \(snap.target.rawValue)"
        return snap.offset == .zero ? "touches \(snap.target.rawValue)" : "anchored \(what)"
    }

    // MARK: Turning and flipping

    /// Turns a piece (and its group) about `pivot`, or about a point near its middle chosen so
    /// that the turn stays exact.
    public func rotate(_ piece: TangramPiece, by angle: AngleInput, about pivot: Point? = nil) throws(EditError) -> Proposal {
        try requireUnpinned(piece)
        _ = try requirePose(piece)
        var notes: [String] = []
        let (turn, snapped) = try settings.resolve(angle)
        if snapped { notes.append("angle snapped to \(turn.degrees)°") }
        let moving = members(of: piece)
        guard turn != .identity else {
            throw EditError("a turn of \(turn.degrees)° changes nothing; turn by a multiple of 45°")
        }
        let center: Point
        if let pivot {
            center = pivot
        } else {
            center = try Self.pivot(for: moving, turn: turn)
        }
        var turned: [Pose] = []
        for pose in moving {
            guard let image = pose.rotated(by: turn, around: center) else {
                throw EditError("turning by \(turn.degrees)° about \(center) would put \(pose.piece.rawValue) off the exact grid "
                                + "(it would need eighths); pick a pivot on the piece's corner, or turn by 90°")
            }
            turned.append(image)
        }
        let changes = zip(moving, turned).map { Change.pose(layer: layer, piece: $0.piece, before: $0, after: $1) }
        let others = moving.count > 1 ? " with \(moving.dropFirst().map(\.piece.rawValue).joined(separator: ", "))" : ""
        let label = "rotate \(piece.rawValue)\(others) by \(turn.degrees)° about \(center)"
        return Proposal(command: EditCommand(label: label, changes: changes), notes: notes)
    }

    /// The point a group turns about: the 0.25-grid point nearest the middle of its bounding box,
    /// moved by a quarter where needed so that every origin turns exactly.
    ///
    /// A 45° step turns an offset exactly only when the quarter counts of its x and y rational
    /// parts have equal parity. The offsets between the pieces do not depend on the pivot, so if
    /// they fail the test no pivot works and the turn is refused (turning then rounding would
    /// break the contacts that hold the group together); otherwise one of the four neighbouring
    /// quarter points fixes the parity. Quarter turns (90°) work about any pivot.
    static func pivot(for poses: [Pose], turn: Rotation) throws(EditError) -> Point {
        let box = AnchorManager.union(poses.map(\.polygon.boundingBox))
        let middle = (x: (box.minX.doubleValue + box.maxX.doubleValue) / 2, y: (box.minY.doubleValue + box.maxY.doubleValue) / 2)
        let base = Point(Exact(nearestQuarterTo: middle.x) ?? box.minX, Exact(nearestQuarterTo: middle.y) ?? box.minY)
        guard turn.eighths % 2 == 1 else { return base }
        let first = poses[0].position
        for pose in poses.dropFirst() where !(pose.position - first).turnsExactlyBy45 {
            throw EditError("this group cannot turn by \(turn.degrees)° exactly: \(pose.piece.rawValue) and \(poses[0].piece.rawValue) "
                            + "sit at offsets that a 45° turn would put between quarter points; turn by 90°, or detach a piece")
        }
        let quarter = Exact(quarters: 1)
        let options = [base, base + Vector(quarter, .zero), base - Vector(quarter, .zero),
                       base + Vector(.zero, quarter), base - Vector(.zero, quarter)]
        // The first option that works; the neighbours are equally near, so the order decides.
        return options.first { (first - $0).turnsExactlyBy45 }!
    }

    /// Mirrors a piece (and its group) left to right in place, across the vertical 0.25-grid line
    /// nearest its middle. Always exact. For a triangle or the square this is a turn.
    public func flip(_ piece: TangramPiece) throws(EditError) -> Proposal {
        try requireUnpinned(piece)
        _ = try requirePose(piece)
        let moving = members(of: piece)
        let box = AnchorManager.union(moving.map(\.polygon.boundingBox))
        let axis = Exact(nearestQuarterTo: (box.minX.doubleValue + box.maxX.doubleValue) / 2) ?? box.minX
        let flipped = moving.map { $0.mirrored(acrossVerticalLine: axis) }
        let changes = zip(moving, flipped).map { Change.pose(layer: layer, piece: $0.piece, before: $0, after: $1) }
        let others = moving.count > 1 ? " with \(moving.dropFirst().map(\.piece.rawValue).joined(separator: ", "))" : ""
        return Proposal(command: EditCommand(label: "flip \(piece.rawValue)\(others)", changes: changes))
    }

    // MARK: Removing, groups, direct poses

    public func remove(_ piece: TangramPiece) throws(EditError) -> Proposal {
        try requireUnpinned(piece, alone: true)
        let current = try requirePose(piece)
        var changes: [Change] = [.pose(layer: layer, piece: piece, before: current, after: nil)]
        if let group = detachChange(piece) { changes.insert(group, at: 0) }
        return Proposal(command: EditCommand(label: "remove \(piece.rawValue)", changes: changes))
    }

    /// Joins the groups of the given pieces into one.
    public func attach(_ pieces: [TangramPiece]) throws(EditError) -> Proposal {
        let unique = Array(Set(pieces)).sorted()
        guard unique.count >= 2 else { throw EditError("attach needs two or more pieces, like `attach large-1 medium`") }
        for piece in unique { _ = try requirePose(piece) }
        let before = groups[layer]
        let joined = Set(unique.flatMap { groups.group(of: $0, in: layer) })
        let after = before.filter { Set($0).isDisjoint(with: joined) } + [Array(joined).sorted()]
        var table = groups
        table[layer] = after
        guard table[layer] != before else { throw EditError("those pieces are already attached") }
        let names = Array(joined).sorted().map(\.rawValue).joined(separator: ", ")
        let touching = Self.connected(poses.filter { joined.contains($0.piece) })
        return Proposal(command: EditCommand(label: "attach \(names)", changes: [.groups(layer: layer, before: before, after: table[layer])]),
                        notes: touching ? [] : ["note: these pieces do not all touch; they will still move together"])
    }

    public func detach(_ piece: TangramPiece) throws(EditError) -> Proposal {
        guard let change = detachChange(piece) else { throw EditError("\(piece.rawValue) is not attached to anything") }
        return Proposal(command: EditCommand(label: "detach \(piece.rawValue)", changes: [change]))
    }

    private func detachChange(_ piece: TangramPiece) -> Change? {
        let before = groups[layer]
        guard before.contains(where: { $0.contains(piece) }) else { return nil }
        var table = groups
        table[layer] = before.map { $0.filter { $0 != piece } }
        return .groups(layer: layer, before: before, after: table[layer])
    }

    /// Sets a piece's whole pose, as a camera reports it: placed if absent, detached from its
    /// group (a physical piece moves on its own), grid-snapped and anchored.
    public func setPose(_ piece: TangramPiece, position: PositionInput, rotation: AngleInput, flipped: Bool,
                        anchoring: Bool = true) throws(EditError) -> Proposal? {
        var notes: [String] = []
        let (point, _) = try settings.resolve(position)
        let (turn, _) = try settings.resolve(rotation)
        var pose = Pose(piece: piece, position: point, rotation: turn, flipped: flipped)
        if anchoring, settings.anchors, let snap = anchor([pose]) {
            pose = pose.translated(by: snap.offset)
            notes.append(Self.describe(snap))
        }
        let current = self.pose(of: piece)
        guard current != pose else { return nil }
        var changes: [Change] = [.pose(layer: layer, piece: piece, before: current, after: pose)]
        if let group = detachChange(piece) {
            changes.insert(group, at: 0)
            notes.append("detached \(piece.rawValue) from its group")
        }
        let verb = current == nil ? "place" : "move"
        let label = "\(verb) \(piece.rawValue) at \(pose.position) turned \(pose.rotation.degrees)°" + (pose.flipped ? " flipped" : "")
        return Proposal(command: EditCommand(label: label, changes: changes), notes: notes)
    }

    /// Whether the poses form one figure (every piece touches the rest, edge or corner).
    static func connected(_ poses: [Pose]) -> Bool {
        guard poses.count > 1 else { return true }
        let polygons = poses.map(\.polygon)
        var reached: Set<Int> = [0]
        var frontier = [0]
        while let i = frontier.popLast() {
            for j in polygons.indices where !reached.contains(j) && polygons[i].touchesOrOverlaps(polygons[j]) {
                reached.insert(j)
                frontier.append(j)
            }
        }
        return reached.count == polygons.count
    }

    // MARK: Hit testing

    /// The piece under a point given approximately (a finger): the last drawn (topmost) piece whose
    /// outline contains it. Display-precision: it only chooses which piece the finger meant.
    public func piece(atApproximate x: Double, _ y: Double) -> TangramPiece? {
        for pose in poses.reversed() where Self.contains(pose.polygon, x, y) { return pose.piece }
        return nil
    }

    static func contains(_ polygon: Polygon, _ x: Double, _ y: Double) -> Bool {
        // Counter-clockwise convex polygon: inside (or on the edge) when left of every edge.
        for (a, b) in polygon.edges {
            let cross = (b.doubleX - a.doubleX) * (y - a.doubleY) - (b.doubleY - a.doubleY) * (x - a.doubleX)
            if cross < -1e-9 { return false }
        }
        return true
    }
}
