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

    public var initialState: [Pose] { tray ?? [] }
    public var targetState: [Pose]? { pieces }

    /// The current arrangement covers the same ground, piece shape by piece shape, as the
    /// target: swapping the two large (or small) triangles, or reaching the same place through
    /// another pose, still counts. Exact, no tolerance. A silhouette-only puzzle reports false
    /// until the exact cover test of the Tangram verifier exists.
    public var isCompleted: Bool {
        guard let target = pieces, currentState.count == target.count else { return false }
        return Self.footprints(currentState) == Self.footprints(target)
    }

    public mutating func reset() { currentState = initialState }

    static func footprints(_ poses: [Pose]) -> [Pose.Footprint: Int] {
        poses.reduce(into: [:]) { $0[$1.footprint, default: 0] += 1 }
    }
}
