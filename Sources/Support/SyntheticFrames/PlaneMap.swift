/// A perspective map of the plane (a 3×3 homography, row-major, acting on (x, y, 1)).
/// Internal: GridEditCapture has its own public `Homography`; frames expose plain entries.
struct PlaneMap: Sendable, Hashable {
    var m: [Double]

    init(_ entries: [Double]) {
        precondition(entries.count == 9)
        m = entries
    }

    static let identity = PlaneMap([1, 0, 0, 0, 1, 0, 0, 0, 1])

    static func scaling(_ sx: Double, _ sy: Double, translatingBy tx: Double = 0, _ ty: Double = 0) -> PlaneMap {
        PlaneMap([sx, 0, tx, 0, sy, ty, 0, 0, 1])
    }

    static func translation(_ tx: Double, _ ty: Double) -> PlaneMap { scaling(1, 1, translatingBy: tx, ty) }

    /// The map taking the four `source` points onto the four `target` points (no three in a
    /// line), by solving the eight linear equations with h33 = 1.
    init?(mapping source: [SIMD2<Double>], onto target: [SIMD2<Double>]) {
        guard source.count == 4, target.count == 4 else { return nil }
        var a = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        for i in 0..<4 {
            let (x, y, u, v) = (source[i].x, source[i].y, target[i].x, target[i].y)
            a[2 * i] = [x, y, 1, 0, 0, 0, -u * x, -u * y, u]
            a[2 * i + 1] = [0, 0, 0, x, y, 1, -v * x, -v * y, v]
        }
        // Gaussian elimination with partial pivoting on the 8×9 augmented matrix.
        for column in 0..<8 {
            let pivot = (column..<8).max { abs(a[$0][column]) < abs(a[$1][column]) }!
            guard abs(a[pivot][column]) > 1e-12 else { return nil }
            a.swapAt(column, pivot)
            for row in 0..<8 where row != column {
                let factor = a[row][column] / a[column][column]
                if factor != 0 { for k in column..<9 { a[row][k] -= factor * a[column][k] } }
            }
        }
        self.init((0..<8).map { a[$0][8] / a[$0][$0] } + [1])
    }

    func apply(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        return SIMD2((m[0] * p.x + m[1] * p.y + m[2]) / w, (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    /// The homogeneous weight at a point: positive on the side of the plane the map shows.
    func weight(_ p: SIMD2<Double>) -> Double { m[6] * p.x + m[7] * p.y + m[8] }

    /// `self` after `other`.
    func after(_ other: PlaneMap) -> PlaneMap {
        var c = [Double](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { c[3 * i + j] = (0..<3).reduce(0) { $0 + m[3 * i + $1] * other.m[3 * $1 + j] } } }
        return PlaneMap(c)
    }

    var inverse: PlaneMap? {
        let c0 = m[4] * m[8] - m[5] * m[7], c1 = m[5] * m[6] - m[3] * m[8], c2 = m[3] * m[7] - m[4] * m[6]
        let det = m[0] * c0 + m[1] * c1 + m[2] * c2
        guard det != 0, det.isFinite else { return nil }
        let inv = [c0, m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
                   c1, m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
                   c2, m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3]]
        return PlaneMap(inv.map { $0 / det })
    }

    /// How many output units one input unit spans near `p` (the larger of the two axes).
    func localScale(at p: SIMD2<Double>) -> Double {
        let h = 1e-3
        let o = apply(p), dx = apply(p + SIMD2(h, 0)) - o, dy = apply(p + SIMD2(0, h)) - o
        return max((dx * dx).sum().squareRoot(), (dy * dy).sum().squareRoot()) / h
    }
}
