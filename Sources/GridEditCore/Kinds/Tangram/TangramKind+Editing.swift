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

    /// A part value read back as a pose, with the file's decoder (so it is checked as a file's
    /// pose would be, and the error says what is wrong).
    public static func pose(from value: JSONValue, part name: String = "pose") throws(PuzzlePartError) -> Pose {
        try decodePart(value, named: name) { decodePose($0, context: $1) }
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
