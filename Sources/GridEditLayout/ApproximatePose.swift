import GridEditCore
import GridEditGeometry

/// Where a piece lies as a device reports it, before any snapping: a camera's fit, a finger, a
/// line of a touch file. The same convention as `Pose` (vertex 0 at `x`, `y`; mirrored first when
/// `flipped`, then turned `degrees` counter-clockwise about vertex 0) with real numbers instead of
/// exact ones. Every approximate input enters the layout engine as this one type: the frames the
/// ``PoseTracker`` debounces, the layouts the ``LayoutSnapper`` settles, the poses of touch files.
public struct ApproximatePose: Sendable, Hashable {
    public var piece: TangramPiece
    /// Other pieces it may be: a camera cannot tell pieces of one colour apart (the two large
    /// triangles, say), so the ``PoseTracker`` decides by where they were. Usually empty.
    public var alternatives: [TangramPiece]
    /// Vertex 0, in units (origin bottom-left, y up).
    public var x: Double
    public var y: Double
    /// Counter-clockwise.
    public var degrees: Double
    public var flipped: Bool
    /// 0…1: how sure the source is (a camera: how well the shape explains the pixels).
    public var confidence: Double
    /// Part of the piece was hidden (by a hand, say): its outline, and so this pose, is not to be trusted.
    public var occluded: Bool
    /// Vertex 0 exactly, when the source has already snapped the pose with the rest of its layout
    /// (gridedit-capture's stream does); then `x` and `y` are its approximation, and the editor
    /// neither grid-snaps nor anchors it again.
    public var exact: Point?

    public init(piece: TangramPiece, x: Double, y: Double, degrees: Double, flipped: Bool = false, confidence: Double = 1,
                occluded: Bool = false, alternatives: [TangramPiece] = [], exact: Point? = nil) {
        self.piece = piece
        self.alternatives = alternatives
        self.x = x
        self.y = y
        self.degrees = degrees
        self.flipped = flipped
        self.confidence = confidence
        self.occluded = occluded
        self.exact = exact
    }

    /// The approximation of an exact pose, carrying it.
    public init(_ pose: Pose, confidence: Double = 1) {
        self.init(piece: pose.piece, x: pose.position.doubleX, y: pose.position.doubleY, degrees: Double(pose.rotation.degrees),
                  flipped: pose.flipped, confidence: confidence, exact: pose.position)
    }

    /// The pieces it may be, `piece` first.
    public var candidates: [TangramPiece] { [piece] + alternatives }

    /// The outline at display precision, in the order ``Pose/vertices`` uses.
    public var vertices: [(x: Double, y: Double)] {
        piece.shape.approximateVertices(x: x, y: y, degrees: degrees, flipped: flipped)
    }

    /// The middle (vertex average): what comparing a fit with a snapped pose measures.
    public var middle: (x: Double, y: Double) {
        piece.shape.approximateMiddle(x: x, y: y, degrees: degrees, flipped: flipped)
    }

    /// a − b in degrees, in (−180, 180]: how far one angle is turned from another.
    public static func angleDifference(_ a: Double, _ b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }
}
