import CVision
import GridEditGeometry

/// A plane-to-plane perspective map: a 3×3 matrix, row-major, acting on (x, y, 1).
public struct Homography: Sendable, Hashable {
    public var entries: [Double]

    public init(_ entries: [Double]) {
        precondition(entries.count == 9)
        self.entries = entries
    }

    public static let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// Scales by (sx, sy) after translating by (tx, ty): p ↦ (sx·x + tx, sy·y + ty).
    public static func affine(scaleX sx: Double, scaleY sy: Double, translateX tx: Double, translateY ty: Double) -> Homography {
        Homography([sx, 0, tx, 0, sy, ty, 0, 0, 1])
    }

    /// The least-squares homography mapping `source` points onto `destination` points (RANSAC
    /// against outliers), or nil when the points are degenerate.
    public static func fitting(_ source: [(x: Double, y: Double)], _ destination: [(x: Double, y: Double)],
                               threshold: Double) -> Homography? {
        guard source.count == destination.count, source.count >= 4 else { return nil }
        let src = source.flatMap { [$0.x, $0.y] }, dst = destination.flatMap { [$0.x, $0.y] }
        var h = [Double](repeating: 0, count: 9)
        let inliers = gev_find_homography(src, dst, Int32(source.count), threshold, &h)
        return inliers >= 4 ? Homography(h) : nil
    }

    /// The homography fitting all the points by the normalised direct linear transform alone (no
    /// outlier search, no iterative refinement), or nil when the points are degenerate: for a
    /// search that fits the same points many times, where ``fitting(_:_:threshold:)`` is the final fit.
    public static func linearFit(_ source: [(x: Double, y: Double)], _ destination: [(x: Double, y: Double)]) -> Homography? {
        guard source.count == destination.count, source.count >= 4 else { return nil }
        let src = source.flatMap { [$0.x, $0.y] }, dst = destination.flatMap { [$0.x, $0.y] }
        var h = [Double](repeating: 0, count: 9)
        return gev_fit_homography_linear(src, dst, Int32(source.count), &h) == 0 ? Homography(h) : nil
    }

    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let e = entries
        let w = e[6] * x + e[7] * y + e[8]
        return ((e[0] * x + e[1] * y + e[2]) / w, (e[3] * x + e[4] * y + e[5]) / w)
    }

    /// `self` after `other`: first `other`, then `self`.
    public func after(_ other: Homography) -> Homography { Homography(Matrix3.product(entries, other.entries)) }

    public var inverse: Homography? { Matrix3.inverse(entries).map(Homography.init) }
}
