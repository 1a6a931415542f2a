import GridEditCore

/// A piece's ideal outline in real numbers, centred on its centroid, for fitting to pixels.
struct ShapeTemplate: Sendable {
    let shape: TangramPiece.Shape
    /// Local vertices (mirrored when `flipped`), relative to the centroid.
    let centred: [(x: Double, y: Double)]
    /// The centroid in the piece's own (mirrored) frame, where vertex 0 is the origin.
    let centroid: (x: Double, y: Double)
    let flipped: Bool
    /// `centred` as lanes (three or four corners), for ``outline(cx:cy:degrees:)``.
    private let centredX: SIMD4<Double>, centredY: SIMD4<Double>

    init(shape: TangramPiece.Shape, flipped: Bool) {
        self.shape = shape
        self.flipped = flipped
        let local = shape.localVertices.map { (x: (flipped ? -1 : 1) * $0.doubleX, y: $0.doubleY) }
        // Triangles, the square and the parallelogram all have their centroid at the vertex mean.
        let g = (x: local.map(\.x).reduce(0, +) / Double(local.count), y: local.map(\.y).reduce(0, +) / Double(local.count))
        centroid = g
        centred = local.map { ($0.x - g.x, $0.y - g.y) }
        var xs = SIMD4<Double>(), ys = SIMD4<Double>()
        for (k, corner) in centred.enumerated() { (xs[k], ys[k]) = (corner.x, corner.y) }
        (centredX, centredY) = (xs, ys)
    }

    /// The outline placed with its centroid at (cx, cy), turned by `degrees`.
    func vertices(cx: Double, cy: Double, degrees: Double) -> [(x: Double, y: Double)] {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        return centred.map { (cx + c * $0.x - s * $0.y, cy + s * $0.x + c * $0.y) }
    }

    /// ``vertices(cx:cy:degrees:)`` without an array: the fit scores thousands of placements a
    /// frame, and the same arithmetic lane by lane gives the same corners to the bit.
    @inline(__always)
    func outline(cx: Double, cy: Double, degrees: Double) -> Outline {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        return Outline(x: cx + c * centredX - s * centredY, y: cy + s * centredX + c * centredY, count: centred.count)
    }

    /// Where vertex 0 lands for that placement.
    func vertexZero(cx: Double, cy: Double, degrees: Double) -> (x: Double, y: Double) {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        return (cx - (c * centroid.x - s * centroid.y), cy - (s * centroid.x + c * centroid.y))
    }

    /// Area in square units.
    var area: Double { shape.area.doubleValue }
}

/// A placed outline of three or four corners (lanes past `count` are unused).
struct Outline {
    var x: SIMD4<Double>
    var y: SIMD4<Double>
    let count: Int

    /// The corner after corner `k`, going round.
    @inline(__always)
    func next(_ k: Int) -> Int { k + 1 == count ? 0 : k + 1 }

    /// The least and greatest x and y of the corners (as `min()` and `max()` of their arrays).
    @inline(__always)
    var bounds: (minX: Double, maxX: Double, minY: Double, maxY: Double) {
        var b = (minX: x[0], maxX: x[0], minY: y[0], maxY: y[0])
        for k in 1..<count {
            if x[k] < b.minX { b.minX = x[k] }
            if x[k] > b.maxX { b.maxX = x[k] }
            if y[k] < b.minY { b.minY = y[k] }
            if y[k] > b.maxY { b.maxY = y[k] }
        }
        return b
    }
}

/// An outline's edges as lines through a corner with inward unit normals
/// (``PieceFinder/inwardEdges(_:_:)``), without an array.
struct OutlineEdges {
    var x: SIMD4<Double>, y: SIMD4<Double>, nx: SIMD4<Double>, ny: SIMD4<Double>
    let count: Int

    /// How far inside the outline (x, y) lies, by the nearest edge's line: the least of
    /// `nx · (x − x₀) + ny · (y − y₀)` over the edges, in order.
    @inline(__always)
    func inside(_ px: Double, _ py: Double) -> Double {
        var inside = Double.infinity
        for k in 0..<count { inside = min(inside, nx[k] * (px - x[k]) + ny[k] * (py - y[k])) }
        return inside
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
