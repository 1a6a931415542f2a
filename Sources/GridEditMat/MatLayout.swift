import GridEditCore
import GridEditGeometry

/// The printed capture mat, in play-area units (origin at the play area's bottom-left corner,
/// y up), the same frame puzzles use. `gridedit mat` prints it; capture finds it in camera frames
/// by its ArUco markers and maps each frame onto these coordinates.
///
/// Eight markers (OpenCV's DICT_4X4_50, ids 0–7) sit outside the 8×8 play area: one at each
/// corner and one at each side's middle, so a hand or the camera's angle can hide several and the
/// mat is still found (see ``minimumVisibleMarkers``).
public struct MatLayout: Sendable, Hashable {
    /// A marker as printed: its id and the square it covers.
    public struct Marker: Sendable, Hashable {
        public var id: Int
        /// Centre, in units.
        public var centerX: Double
        public var centerY: Double
        /// Side length of the black square (border included), in units.
        public var side: Double

        /// The corners in OpenCV's order (clockwise as printed, from the top-left), in units.
        public var corners: [(x: Double, y: Double)] {
            let h = side / 2
            return [(centerX - h, centerY + h), (centerX + h, centerY + h),
                    (centerX + h, centerY - h), (centerX - h, centerY - h)]
        }
    }

    public enum Paper: String, Sendable, Hashable, CaseIterable {
        case a4, letter

        /// Portrait width and height in millimetres.
        public var millimetres: (width: Double, height: Double) {
            switch self {
            case .a4: (210, 297)
            case .letter: (215.9, 279.4)
            }
        }
    }

    /// The play area's side in units (8, as in every puzzle).
    public static let playSize = 8.0
    /// OpenCV's predefined dictionary the markers come from.
    public static let dictionaryName = "DICT_4X4_50"

    /// Millimetres per unit on paper. 18 mm fits the markers and a margin on A4 and Letter alike.
    public var unitMillimetres: Double
    public var markers: [Marker]

    public init(unitMillimetres: Double = 18) {
        self.unitMillimetres = unitMillimetres
        let side = 0.8
        let near = -0.8, middle = Self.playSize / 2, far = Self.playSize + 0.8
        let centres: [(Double, Double)] = [(near, near), (middle, near), (far, near), (far, middle),
                                           (far, far), (middle, far), (near, far), (near, middle)]
        markers = centres.enumerated().map { Marker(id: $0.offset, centerX: $0.element.0, centerY: $0.element.1, side: side) }
    }

    public static let standard = MatLayout()

    /// Frames must show at least this many markers, not all along one side of the mat.
    public static let minimumVisibleMarkers = 3

    /// Everything printed that capture relies on (play area and markers), in units.
    public var extent: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let xs = markers.flatMap { m in m.corners.map(\.x) }, ys = markers.flatMap { m in m.corners.map(\.y) }
        return (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
    }

    /// Where `gridedit capture calibrate` expects each piece: outlines printed on the mat, apart
    /// from one another so every piece's colour can be sampled on its own.
    public static let calibrationSlots: [Pose] = [
        Pose(piece: .large1, position: Point(Exact(quarters: 2), Exact(quarters: 2))),
        Pose(piece: .large2, position: Point(Exact(quarters: 12), Exact(quarters: 2))),
        Pose(piece: .medium, position: Point(Exact(quarters: 22), Exact(quarters: 2))),
        Pose(piece: .small1, position: Point(Exact(quarters: 2), Exact(quarters: 14))),
        Pose(piece: .small2, position: Point(Exact(quarters: 10), Exact(quarters: 14))),
        Pose(piece: .square, position: Point(Exact(quarters: 18), Exact(quarters: 14))),
        Pose(piece: .parallelogram, position: Point(Exact(quarters: 2), Exact(quarters: 22))),
    ]
}
