/// 3×3 matrices in row order, as plane maps use them (a homography acts on (x, y, 1)): the
/// algebra capture's `Homography` and the test frames' `PlaneMap` share.
public enum Matrix3 {
    /// The product a·b: as maps, first `b`, then `a`.
    public static func product(_ a: [Double], _ b: [Double]) -> [Double] {
        var c = [Double](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { c[3 * i + j] = (0..<3).reduce(0) { $0 + a[3 * i + $1] * b[3 * $1 + j] } } }
        return c
    }

    /// The inverse, by cofactors; nil when the matrix is singular or not finite.
    public static func inverse(_ m: [Double]) -> [Double]? {
        let c0 = m[4] * m[8] - m[5] * m[7], c1 = m[5] * m[6] - m[3] * m[8], c2 = m[3] * m[7] - m[4] * m[6]
        let det = m[0] * c0 + m[1] * c1 + m[2] * c2
        guard det != 0, det.isFinite else { return nil }
        let inv = [c0, m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
                   c1, m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
                   c2, m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3]]
        return inv.map { $0 / det }
    }
}
