import GridEditCore

/// A piece's ideal outline in real numbers, centred on its centroid, for fitting to pixels.
struct ShapeTemplate: Sendable {
    let shape: TangramPiece.Shape
    /// Local vertices (mirrored when `flipped`), relative to the centroid.
    let centred: [(x: Double, y: Double)]
    /// The centroid in the piece's own (mirrored) frame, where vertex 0 is the origin.
    let centroid: (x: Double, y: Double)
    let flipped: Bool

    init(shape: TangramPiece.Shape, flipped: Bool) {
        self.shape = shape
        self.flipped = flipped
        let local = shape.localVertices.map { (x: (flipped ? -1 : 1) * $0.doubleX, y: $0.doubleY) }
        // Triangles, the square and the parallelogram all have their centroid at the vertex mean.
        let g = (x: local.map(\.x).reduce(0, +) / Double(local.count), y: local.map(\.y).reduce(0, +) / Double(local.count))
        centroid = g
        centred = local.map { ($0.x - g.x, $0.y - g.y) }
    }

    /// The outline placed with its centroid at (cx, cy), turned by `degrees`.
    func vertices(cx: Double, cy: Double, degrees: Double) -> [(x: Double, y: Double)] {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        return centred.map { (cx + c * $0.x - s * $0.y, cy + s * $0.x + c * $0.y) }
    }

    /// Where vertex 0 lands for that placement.
    func vertexZero(cx: Double, cy: Double, degrees: Double) -> (x: Double, y: Double) {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        return (cx - (c * centroid.x - s * centroid.y), cy - (s * centroid.x + c * centroid.y))
    }

    /// Area in square units.
    var area: Double { shape.area.doubleValue }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
