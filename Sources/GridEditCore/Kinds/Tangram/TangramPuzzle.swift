import GridEditGeometry

/// A tangram puzzle: a target (the arrangement of the seven pieces and/or the silhouette a
/// child must fill) plus optional start positions in the tray.
public struct TangramPuzzle: Puzzle {
    public typealias Kind = TangramKind
    /// An arrangement: one pose per placed piece.
    public typealias State = [Pose]

    public var metadata: PuzzleMetadata
    /// The solution arrangement, as authored.
    public var pieces: [Pose]?
    /// The outline to fill: outer rings counter-clockwise, holes clockwise.
    public var silhouette: [Polygon]?
    /// Start positions, when the designer set them.
    public var tray: [Pose]?
    public var currentState: [Pose]

    public init(metadata: PuzzleMetadata, pieces: [Pose]?, silhouette: [Polygon]? = nil, tray: [Pose]? = nil) {
        self.metadata = metadata
        self.pieces = pieces
        self.silhouette = silhouette
        self.tray = tray
        self.currentState = tray ?? []
    }

    /// The current arrangement solves the puzzle, exactly, with no tolerance:
    /// - it covers the same ground, piece shape by piece shape, as the stored solution (swapping
    ///   the two large or small triangles, or reaching the same place through another pose,
    ///   still counts); or
    /// - the puzzle has a silhouette and the arrangement fills it exactly: all seven pieces, none
    ///   overlapping another, their union equal to the silhouette. Any filling counts, not only
    ///   the stored one, since the child sees only the outline.
    public var isCompleted: Bool {
        if let target = pieces, currentState.count == target.count,
           Self.footprints(currentState) == Self.footprints(target) {
            return true
        }
        guard let silhouette, let figure = TangramTarget.arrangement(currentState, inPlayArea: false) else { return false }
        return (try? OctilinearRegion(rings: silhouette)) == figure
    }

    static func footprints(_ poses: [Pose]) -> [Pose.Footprint: Int] {
        poses.reduce(into: [:]) { $0[$1.footprint, default: 0] += 1 }
    }
}
