import GridEditCore
import GridEditGeometry
import GridEditLayout

/// An edit worked out but not yet performed: the command and what the designer should know about
/// how it was resolved (snapped to the grid, anchored to a corner of large-2, …).
public struct Proposal: Sendable {
    public var command: EditCommand
    public var notes: [String]
    /// The poses, as given, that the settling engine settled pieces from (by layer): the document
    /// remembers them with the exact poses they produced, so the next settle of the figure starts
    /// from what the designer gave, not from earlier snapping.
    public var settledInputs: [Layer: [TangramPiece: ApproximatePose]]

    public init(command: EditCommand, notes: [String] = [], settledInputs: [Layer: [TangramPiece: ApproximatePose]] = [:]) {
        self.command = command
        self.notes = notes
        self.settledInputs = settledInputs
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
    /// For pieces whose current pose came from settling: the pose they were given then.
    public let remembered: [TangramPiece: ApproximatePose]

    public init(puzzle: TangramPuzzle, groups: GroupTable, layer: Layer, settings: SnapSettings,
                remembered: [TangramPiece: ApproximatePose] = [:], pinned: Set<TangramPiece> = []) {
        self.puzzle = puzzle
        self.groups = groups
        self.layer = layer
        self.settings = settings
        self.poses = TangramKind.poses(layer.arrangement, of: puzzle)
        self.remembered = remembered
        self.pinned = pinned
    }

    /// Whether edits go through the settling engine: both grid snapping and anchoring on (`snap`
    /// turns either off, and then poses land where the grid alone, or the input, puts them).
    var settles: Bool { settings.grid && settings.anchors }

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
        let (turn, turnSnapped) = try settings.resolve(rotation)
        if turnSnapped { notes.append("angle snapped to \(turn.degrees)°") }
        let given = Self.given(piece, at: position, rotation: turn, flipped: flipped)
        if settles { return try settle([given], verb: "place", notes: notes) }
        let (point, gridSnapped) = try settings.resolve(position)
        if gridSnapped { notes.append("snapped to the 0.25 grid at \(point)") }
        let placed = Pose(piece: piece, position: point, rotation: turn, flipped: flipped)
        return Proposal(command: EditCommand(label: Self.placeLabel(placed), changes: [.pose(layer: layer, piece: piece, before: nil, after: placed)]),
                        notes: notes)
    }

    static func placeLabel(_ placed: Pose) -> String {
        "place \(placed.piece.rawValue) at \(placed.position)" + (placed.rotation == .identity ? "" : " turned \(placed.rotation.degrees)°")
            + (placed.flipped ? " flipped" : "")
    }

    /// A pose as given: exact coordinates are carried exactly, approximate ones as they are.
    static func given(_ piece: TangramPiece, at position: PositionInput, rotation: Rotation, flipped: Bool) -> ApproximatePose {
        var exact: Point?
        if case .exact(let x) = position.x, case .exact(let y) = position.y { exact = Point(x, y) }
        return ApproximatePose(piece: piece, x: position.x.approximation, y: position.y.approximation, degrees: Double(rotation.degrees),
                               flipped: flipped, exact: exact)
    }

    /// Moves a piece (and its group) so that the piece's origin lands at `position`, then settles
    /// it (`anchoring: false` only snaps it to the grid).
    public func move(_ piece: TangramPiece, to position: PositionInput, anchoring: Bool = true) throws(EditError) -> Proposal {
        try requireUnpinned(piece)
        let current = try requirePose(piece)
                if settles && anchoring {
            let (dx, dy) = (position.x.approximation - current.position.doubleX, position.y.approximation - current.position.doubleY)
            var exactOffset: Vector?
            if case .exact(let x) = position.x, case .exact(let y) = position.y { exactOffset = Point(x, y) - current.position }
            let arriving = members(of: piece).map { m in
                ApproximatePose(piece: m.piece, x: m.position.doubleX + dx, y: m.position.doubleY + dy, degrees: Double(m.rotation.degrees),
                                flipped: m.flipped, exact: exactOffset.map { m.position + $0 })
            }
            return try settle(arriving, verb: "move", notes: [])
        }
        var notes: [String] = []
        let (point, gridSnapped) = try settings.resolve(position)
        if gridSnapped { notes.append("snapped to the 0.25 grid at \(point)") }
        return translate(piece, by: point - current.position, verb: "move", notes: notes)
    }

    /// Moves a piece (and its group) by an exact offset. No settling: a nudge is deliberate.
    public func nudge(_ piece: TangramPiece, by offset: Vector) throws(EditError) -> Proposal {
        try requireUnpinned(piece)
        _ = try requirePose(piece)
                return translate(piece, by: offset, verb: "nudge", notes: [])
    }

    /// Settles a piece (and its group) where it is now; nil when that changes nothing.
    public func snapInPlace(_ piece: TangramPiece) throws(EditError) -> Proposal? {
        try requireUnpinned(piece)
        _ = try requirePose(piece)
        guard settles else { return nil }
        let arriving = members(of: piece).map { remembered[$0.piece] ?? ApproximatePose($0) }
        let proposal = try settle(arriving, verb: "snap", notes: [])
        return proposal.command.isEmpty ? nil : proposal
    }

    private func translate(_ piece: TangramPiece, by offset: Vector, verb: String, notes: [String]) -> Proposal {
        let moving = members(of: piece)
        let moved = moving.map { $0.translated(by: offset) }
        let changes = zip(moving, moved).map { Change.pose(layer: layer, piece: $0.piece, before: $0, after: $1) }
        let others = moving.count > 1 ? " with \(moving.dropFirst().map(\.piece.rawValue).joined(separator: ", "))" : ""
        let label = "\(verb) \(piece.rawValue)\(others) to \(moved[0].position)"
        return Proposal(command: EditCommand(label: label, changes: changes), notes: notes)
    }

    // MARK: Settling

    /// Settles arriving poses into the layer with the settling engine: one edit that moves every
    /// piece the settle moved, with notes on what moved and which contacts became exact.
    func settle(_ arriving: [ApproximatePose], verb: String, notes: [String]) throws(EditError) -> Proposal {
        var notes = notes
        let settlement = try Settler(settings: settings).settle(arriving, layer: poses, remembered: remembered, pinned: pinned,
                                                                groups: groups[layer])
        if settlement.landedAlone, arriving[0].exactPose == nil, let lead = settlement.poses.first(where: { $0.piece == arriving[0].piece }) {
            notes.append("snapped to the 0.25 grid at \(lead.position)")
        }
        let first = arriving[0].piece
        var changes: [Change] = []
        var movedOthers: [String] = []
        for pose in settlement.poses where self.pose(of: pose.piece) != pose {
            changes.append(.pose(layer: layer, piece: pose.piece, before: self.pose(of: pose.piece), after: pose))
            if !arriving.contains(where: { $0.piece == pose.piece }) { movedOthers.append(pose.piece.rawValue) }
        }
        for report in settlement.reports where arriving.contains(where: { $0.piece == report.piece }) {
            switch report.method {
            case .corner(let other): notes.append("\(report.piece.rawValue): anchored onto a corner of \(other.rawValue)")
            case .edge(let other): notes.append("\(report.piece.rawValue): anchored flush with an edge of \(other.rawValue)")
            case .grid: break
            }
        }
        if !movedOthers.isEmpty { notes.append("settled with it: \(movedOthers.joined(separator: ", ")) moved to fit") }
        if let gaveUp = settlement.gaveUp { notes.append(gaveUp) }
        let landed = settlement.poses.first { $0.piece == first } ?? self.pose(of: first)
        let label: String
        if verb == "place", let landed {
            label = Self.placeLabel(landed)
        } else {
            let others = arriving.count > 1 ? " with \(arriving.dropFirst().map(\.piece.rawValue).joined(separator: ", "))" : ""
            label = "\(verb) \(first.rawValue)\(others)" + (landed.map { " to \($0.position)" } ?? "")
        }
        return Proposal(command: EditCommand(label: label, changes: changes), notes: notes,
                        settledInputs: [layer: settlement.inputs])
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
        let others = moving.count > 1 ? " with \(moving.dropFirst().map(\.piece.rawValue).joined(separator: ", "))" : ""
        let label = "rotate \(piece.rawValue)\(others) by \(turn.degrees)° about \(center)"
        return try landing(moving, at: turned, label: label, notes: notes)
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
        let others = moving.count > 1 ? " with \(moving.dropFirst().map(\.piece.rawValue).joined(separator: ", "))" : ""
        return try landing(moving, at: flipped, label: "flip \(piece.rawValue)\(others)", notes: [])
    }

    /// Pieces turned or flipped: exact transformations about a pivot chosen to stay exact, so
    /// contacts inside a group survive. With settling on, a body that touched other pieces is
    /// then moved back against them (``Settler/keepingContact(before:after:others:)``), in the
    /// same edit: a turn at the rim of a figure does not leave the piece floating.
    private func landing(_ moving: [Pose], at moved: [Pose], label: String, notes: [String]) throws(EditError) -> Proposal {
        var moved = moved, notes = notes
        let body = Set(moving.map(\.piece))
        if settles, let kept = Settler.keepingContact(before: moving, after: moved, others: poses.filter { !body.contains($0.piece) }) {
            let shift = kept[0].position - moved[0].position
            notes.append("moved by \(shift) to keep touching its neighbours")
            moved = kept
        }
        let changes = zip(moving, moved).map { Change.pose(layer: layer, piece: $0.piece, before: $0, after: $1) }
        return Proposal(command: EditCommand(label: label, changes: changes), notes: notes)
    }

    // MARK: Removing, groups, direct poses

    public func remove(_ piece: TangramPiece) throws(EditError) -> Proposal {
        try requireUnpinned(piece, alone: true)
        let current = try requirePose(piece)
        var changes: [Change] = [.pose(layer: layer, piece: piece, before: current, after: nil)]
        if let group = detachChange(piece) { changes.insert(group, at: 0) }
        return Proposal(command: EditCommand(label: "remove \(piece.rawValue)", changes: changes))
    }

    /// Takes every piece off the layer, as one edit, except pinned ones (and the groups they hold):
    /// `remove all`, `clear`. Groups of the removed pieces are dissolved.
    public func removeAll() throws(EditError) -> Proposal {
        let held = Set(poses.map(\.piece).filter { piece in
            pinned.contains(piece) || groups.group(of: piece, in: layer).contains(where: pinned.contains)
        })
        let leaving = poses.filter { !held.contains($0.piece) }
        guard !leaving.isEmpty else {
            throw EditError(poses.isEmpty ? "the \(layer.rawValue) is already empty"
                            : "every piece left is pinned or grouped with a pinned one; `unpin all` first")
        }
        var changes: [Change] = []
        let before = groups[layer]
        let after = before.filter { !$0.contains(where: { !held.contains($0) }) }
        if after != before { changes.append(.groups(layer: layer, before: before, after: after)) }
        changes += leaving.map { Change.pose(layer: layer, piece: $0.piece, before: $0, after: nil) }
        let notes = held.isEmpty ? [] : ["kept (pinned): \(held.sorted().map(\.rawValue).joined(separator: ", "))"]
        return Proposal(command: EditCommand(label: "remove all (\(leaving.count) piece\(leaving.count == 1 ? "" : "s"))", changes: changes),
                        notes: notes)
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
        let (turn, _) = try settings.resolve(rotation)
        let current = self.pose(of: piece)
        let detach = detachChange(piece)
        var proposal: Proposal
        if anchoring && settles {
            let given = Self.given(piece, at: position, rotation: turn, flipped: flipped)
            // The piece leaves its group before it settles: a physical piece moves on its own.
            var loose = self
            if detach != nil { loose = TangramEditor(puzzle: puzzle, groups: detachedGroups(piece), layer: layer, settings: settings,
                                                     remembered: remembered, pinned: pinned) }
            proposal = try loose.settle([given], verb: current == nil ? "place" : "move", notes: [])
        } else {
            let (point, _) = try settings.resolve(position)
            let pose = Pose(piece: piece, position: point, rotation: turn, flipped: flipped)
            proposal = Proposal(command: EditCommand(label: "", changes: current == pose ? [] : [.pose(layer: layer, piece: piece, before: current, after: pose)]))
        }
        guard !proposal.command.changes.isEmpty else { return nil }
        let landed = proposal.command.changes.lazy.compactMap(\.poseChange).first { $0.piece == piece }?.after ?? current
        if let detach {
            proposal.command.changes.insert(detach, at: 0)
            notes.append("detached \(piece.rawValue) from its group")
        }
        let verb = current == nil ? "place" : "move"
        if let landed {
            proposal.command.label = "\(verb) \(piece.rawValue) at \(landed.position) turned \(landed.rotation.degrees)°" + (landed.flipped ? " flipped" : "")
        }
        proposal.notes = notes + proposal.notes
        return proposal
    }

    private func detachedGroups(_ piece: TangramPiece) -> GroupTable {
        var table = groups
        table[layer] = groups[layer].map { $0.filter { $0 != piece } }
        return table
    }

    /// Whether the poses form one figure (every piece touches the rest, edge or corner).
    static func connected(_ poses: [Pose]) -> Bool {
        poses.count <= 1 || Pose.figure(of: 0, in: poses).count == poses.count
    }

    // MARK: Hit testing

    /// The piece under a point given approximately (a finger): the last drawn (topmost) piece whose
    /// outline contains it. Display-precision: it only chooses which piece the finger meant.
    public func piece(atApproximate x: Double, _ y: Double) -> TangramPiece? {
        for pose in poses.reversed() where pose.polygon.approximatelyContains(x, y, inset: -1e-9) { return pose.piece }
        return nil
    }
}
