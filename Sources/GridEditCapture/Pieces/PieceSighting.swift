import GridEditCore

/// One piece as a frame shows it, before any snapping: where its vertex 0 is, how it is turned,
/// and how sure the fit is. The same convention as `Pose` (mirror first, then turn about vertex 0)
/// with real numbers instead of exact ones.
public struct PieceSighting: Sendable, Hashable {
    /// The pieces this sighting may be (the pieces that share its colour; usually one).
    public var candidates: [TangramPiece]
    public var x: Double
    public var y: Double
    /// Counter-clockwise, degrees in [0, 360).
    public var rotation: Double
    public var flipped: Bool
    /// 0…1: how well the ideal shape explains the pixels (1 = every pixel agrees).
    public var confidence: Double
    /// Part of the piece was hidden (by a hand, say).
    public var occluded: Bool

    /// The piece this sighting stands for in a single frame: the first candidate, or the one
    /// the caller assigned.
    public var piece: TangramPiece { candidates[0] }
}
