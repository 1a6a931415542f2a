/// The square board puzzles are authored on: 8×8 units, origin at the bottom-left,
/// y pointing up (mathematical orientation, so rotations are counter-clockwise).
public enum PlayArea {
    public static let size = Exact(8)
    /// Spacing of the visible grid lines.
    public static let primaryGrid = Exact(1)
    /// Spacing positions snap to while editing.
    public static let snapGrid = Exact(quarters: 1)

    /// Closed square [0, 8]²: points on the border are in the play area.
    public static func contains(_ p: Point) -> Bool {
        .zero <= p.x && p.x <= size && .zero <= p.y && p.y <= size
    }

    /// The square is convex, so a polygon lies in it exactly when all its vertices do.
    public static func contains(_ polygon: Polygon) -> Bool {
        polygon.vertices.allSatisfy(contains)
    }
}
