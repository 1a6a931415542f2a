// The eight edge directions of tangram figures, and the sixteen motions that map them onto
// themselves. Every piece edge runs in one of these directions in every pose, so every
// silhouette that can be filled has only such edges.

/// Directions k·45° counter-clockwise from +x, numbered 0..<8.
///
/// A *step* in direction d is the vector (1,0), (1,1), (0,1), (−1,1), (−1,0), (−1,−1), (0,−1) or
/// (1,−1): one unit along an axis, or √2 units along a diagonal. Counting in steps rather than in
/// lengths keeps diagonal edges exact: an edge from (0,0) to (2,2) is 2 steps (length 2√2).
public enum Octilinear {
    /// The step of direction `d` (taken modulo 8).
    public static func step(_ d: Int) -> (dx: Int, dy: Int) { steps[d & 7] }

    private static let steps = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]

    /// The direction of a non-zero vector and how many steps long it is, or nil when the vector
    /// is zero or not horizontal, vertical or diagonal.
    public static func direction(of v: Vector) -> (direction: Int, steps: Exact)? {
        let (x, y) = (v.x, v.y)
        if y == .zero {
            if x.signum > 0 { return (0, x) }
            if x.signum < 0 { return (4, -x) }
            return nil
        }
        if x == .zero { return y.signum > 0 ? (2, y) : (6, -y) }
        if x == y { return x.signum > 0 ? (1, x) : (5, -x) }
        if x == -y { return y.signum > 0 ? (3, y) : (7, -y) }
        return nil
    }

    /// The vector of `steps` steps in direction `d`.
    public static func vector(steps: Exact, direction d: Int) -> Vector {
        let (dx, dy) = step(d)
        return Vector(steps.times(dx), steps.times(dy))
    }

    /// The Euclidean length of `steps` steps in direction `d`: `steps` along an axis,
    /// `steps·√2` along a diagonal.
    public static func length(steps: Exact, direction d: Int) -> Exact {
        d & 1 == 0 ? steps : Exact(numerator: steps.numerator * .sqrt2)
    }

    /// The counter-clockwise turn from direction `a` to direction `b`, in 45° steps, 0..<8.
    public static func turn(from a: Int, to b: Int) -> Int { (b - a) & 7 }
}

// MARK: - Lines

/// The four line classes of octilinear edges and the coordinates that go with them.
///
/// Class k = direction mod 4: 0 horizontal, 1 rising diagonal, 2 vertical, 3 falling diagonal.
/// A line of class k is fixed by its *offset* `normal(k, p)`: y, y − x, x or x + y of any of its
/// points; a point on it by its position `along(k, p)`: x, x, y or y, which grows by one per
/// step in directions 0…3 and shrinks in 4…7. The four normals are also the axes on which the
/// exact overlap tests of ``OctilinearBounds`` project, so no test ever multiplies.
enum OctilinearLine {
    @inline(__always)
    static func normal(_ k: Int, _ x: ZSqrt2, _ y: ZSqrt2) -> ZSqrt2 {
        switch k {
        case 0: y
        case 1: y - x
        case 2: x
        default: x + y
        }
    }

    @inline(__always)
    static func along(_ k: Int, _ x: ZSqrt2, _ y: ZSqrt2) -> ZSqrt2 { k < 2 ? x : y }

    /// The point of line (k, offset) at position t.
    @inline(__always)
    static func point(_ k: Int, offset n: ZSqrt2, at t: ZSqrt2) -> Point {
        switch k {
        case 0: Point(Exact(numerator: t), Exact(numerator: n))
        case 1: Point(Exact(numerator: t), Exact(numerator: n + t))
        case 2: Point(Exact(numerator: n), Exact(numerator: t))
        default: Point(Exact(numerator: n - t), Exact(numerator: t))
        }
    }
}

// MARK: - Motions

/// One of the sixteen linear motions that map the eight directions onto themselves: a turn by
/// k·45°, after a mirror image (x → −x) when `reflected`.
///
/// A 45° turn of a point of (1/4)ℤ[√2] can need eighths, so the motions act on *doubled*
/// coordinates: ``apply(toDoubled:)`` maps p to M(2p), which is always exact. Compare images
/// with doubled originals, or translate them, never with the originals themselves.
public struct OctilinearTransform: Hashable, Sendable, CustomStringConvertible {
    public let rotation: Rotation
    public let reflected: Bool

    public init(rotation: Rotation, reflected: Bool) {
        self.rotation = rotation
        self.reflected = reflected
    }

    public static let identity = OctilinearTransform(rotation: .identity, reflected: false)

    /// All sixteen, the identity first, then the other turns, then the mirror images.
    public static let all: [OctilinearTransform] = [false, true].flatMap { mirror in
        (0..<8).map { OctilinearTransform(rotation: Rotation(eighths: $0), reflected: mirror) }
    }

    /// M(2p): mirrored if `reflected`, then turned, of the point scaled by 2.
    public func apply(toDoubled p: Point) -> Point {
        var v = Vector(p.x.times(2), p.y.times(2))
        if reflected { v = v.reflectedX }
        // Doubled numerators are even, so a 45° turn stays in (1/4)ℤ[√2].
        v = v.rotated(by: rotation)!
        return Point(v.x, v.y)
    }

    /// The image of direction d.
    public func apply(toDirection d: Int) -> Int {
        ((reflected ? 4 - d : d) + rotation.eighths) & 7
    }

    public var description: String {
        if !reflected { return rotation.eighths == 0 ? "identity" : "turn \(rotation.degrees)°" }
        return rotation.eighths == 0 ? "mirror" : "mirror, turn \(rotation.degrees)°"
    }
}
