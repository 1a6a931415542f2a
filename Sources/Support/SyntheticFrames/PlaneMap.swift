import GridEditGeometry

/// A perspective map of the plane (a 3×3 homography, row-major, acting on (x, y, 1)).
/// Internal: frames do not depend on capture (they test it), so this is not its `Homography`;
/// the two share only the matrix algebra (`Matrix3`).
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
    func after(_ other: PlaneMap) -> PlaneMap { PlaneMap(Matrix3.product(m, other.m)) }

    var inverse: PlaneMap? { Matrix3.inverse(m).map(PlaneMap.init) }

    /// How many output units one input unit spans near `p` (the larger of the two axes).
    func localScale(at p: SIMD2<Double>) -> Double {
        let h = 1e-3
        let o = apply(p), dx = apply(p + SIMD2(h, 0)) - o, dy = apply(p + SIMD2(0, h)) - o
        return max((dx * dx).sum().squareRoot(), (dy * dy).sum().squareRoot()) / h
    }
}
