import GridEditGeometry
import GridEditJSON

/// The Tangram's parts for editing: `pieces/PIECE` (a piece of the solution arrangement) and
/// `tray/PIECE` (its start position), each a pose in file form or nil when the piece is not
/// placed in that arrangement.
extension TangramKind {
    /// The two arrangements, by their file keys.
    public static let arrangements = ["pieces", "tray"]

    public static func partName(arrangement: String, piece: TangramPiece) -> String {
        arrangement + "/" + piece.rawValue
    }

    public static func part(_ name: String, of puzzle: TangramPuzzle) throws(PuzzlePartError) -> JSONValue? {
        let (arrangement, piece) = try parse(name)
        return poses(arrangement, of: puzzle).first { $0.piece == piece }.map(encode)
    }

    public static func setPart(_ name: String, to value: JSONValue?, in puzzle: inout TangramPuzzle) throws(PuzzlePartError) {
        let (arrangement, piece) = try parse(name)
        let pose = try value.map { (v: JSONValue) throws(PuzzlePartError) -> Pose in try self.pose(from: v, part: name) }
        if let pose, pose.piece != piece { throw PuzzlePartError("\(name) cannot hold \(pose.piece.rawValue)") }
        var poses = poses(arrangement, of: puzzle)
        let index = poses.firstIndex { $0.piece == piece }
        switch (index, pose) {
        case (let i?, let pose?): poses[i] = pose
        case (let i?, nil): poses.remove(at: i)
        case (nil, let pose?):
            // Keep the file's piece order: insert before the first piece that comes later.
            poses.insert(pose, at: poses.firstIndex { piece < $0.piece } ?? poses.endIndex)
        case (nil, nil): break
        }
        if arrangement == "tray" {
            puzzle.tray = poses.isEmpty ? nil : poses
        } else {
            // A silhouette-only puzzle with nothing placed keeps no `pieces` key.
            puzzle.pieces = poses.isEmpty && puzzle.silhouette != nil ? nil : poses
        }
    }

    /// A part value read back as a pose. A value in the exact form ``encode(_:)-(Pose)`` writes
    /// (every edit's own) is read directly; anything else goes through the file's decoder, which
    /// checks it as it would a file and says what is wrong.
    public static func pose(from value: JSONValue, part name: String = "pose") throws(PuzzlePartError) -> Pose {
        if let pose = canonicalPose(value) { return pose }
        return try decodePart(value, named: name) { decodePose($0, context: $1) }
    }

    /// The pose a value of the canonical shape stands for, without building a
    /// located tree: edits apply a part change many times a second.
    private static func canonicalPose(_ value: JSONValue) -> Pose? {
        guard case .object(let members) = value,
              members.count == 4 || (members.count == 5 && members[4].key == "flip" && members[4].value == .bool(true)),
              members[0].key == "piece", case .string(let name) = members[0].value, let piece = TangramPiece(rawValue: name),
              members[1].key == "x", let x = exact(members[1].value), members[2].key == "y", let y = exact(members[2].value),
              members[3].key == "rotation", case .number(let degrees) = members[3].value,
              let turns = Int(degrees), let rotation = Rotation(degrees: turns) else { return nil }
        return Pose(piece: piece, position: Point(x, y), rotation: rotation, flipped: members.count == 5)
    }

    private static func exact(_ value: JSONValue) -> Exact? {
        switch value {
        case .number(let text), .string(let text): Exact(parsing: text)
        default: nil
        }
    }

    /// The arrangement and piece a part name stands for; nil for a name that is not a piece's.
    public static func piecePart(_ name: String) -> (arrangement: String, piece: TangramPiece)? {
        try? parse(name)
    }

    /// An arrangement's poses (empty when the file has none).
    public static func poses(_ arrangement: String, of puzzle: TangramPuzzle) -> [Pose] {
        (arrangement == "tray" ? puzzle.tray : puzzle.pieces) ?? []
    }

    private static func parse(_ name: String) throws(PuzzlePartError) -> (String, TangramPiece) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, arrangements.contains(String(parts[0])), let piece = TangramPiece(rawValue: String(parts[1])) else {
            throw PuzzlePartError("a tangram has no part \"\(name)\" (parts are pieces/PIECE and tray/PIECE)")
        }
        return (String(parts[0]), piece)
    }
}
