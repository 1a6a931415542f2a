/// A simple polygon: a closed ring of vertices that does not touch or cross itself.
///
/// The vertex order is kept as given, because it carries meaning: outer rings run
/// counter-clockwise and holes clockwise. Equality compares the vertex lists, so the
/// same ring started at a different vertex is a different value.
public struct Polygon: Hashable, Sendable {
    /// The ring, without repeating the first vertex at the end.
    public let vertices: [Point]

    /// Refuses (returns nil for) rings that are not simple polygons:
    /// fewer than 3 vertices, the same vertex twice in a row (including last = first),
    /// edges that cross, touch or fold back on each other, and zero area.
    /// Collinear consecutive vertices (a straight angle) are allowed.
    public init?(_ vertices: [Point]) {
        guard vertices.count >= 3 else { return nil }
        for (i, vertex) in vertices.enumerated() where vertex == vertices[(i + 1) % vertices.count] {
            return nil
        }
        guard Self.isSimpleRing(vertices) else { return nil }
        self.init(unchecked: vertices)
        guard twiceSignedArea != .zero else { return nil }
    }

    /// For transformations that are known to map simple polygons to simple polygons.
    init(unchecked vertices: [Point]) {
        self.vertices = vertices
    }

    /// Edges that are not neighbours must not meet at all.
    ///
    /// Neighbouring edges need no test of their own: if b → c folds back over a → b, then
    /// either c lies on edge a→b or a lies on edge b→c, and with four or more vertices the
    /// edge leaving c (or the one entering a) is a non-neighbour that touches it. With three
    /// vertices a fold-back is a flat triangle, which the zero-area test refuses.
    private static func isSimpleRing(_ vertices: [Point]) -> Bool {
        let n = vertices.count
        for i in 0..<n {
            // Edge k runs from vertex k to k + 1. Edge j < i neighbours edge i when
            // j = i − 1, or when they are the first and the closing edge.
            for j in 0..<i where j < i - 1 && !(j == 0 && i == n - 1) {
                if segmentsIntersect(vertices[i], vertices[(i + 1) % n],
                                     vertices[j], vertices[(j + 1) % n]) {
                    return false
                }
            }
        }
        return true
    }
}

// MARK: - Edges, orientation, area

extension Polygon {
    /// Each edge from a vertex to the next, including the closing edge.
    public var edges: [(start: Point, end: Point)] {
        vertices.indices.map { (vertices[$0], vertices[($0 + 1) % vertices.count]) }
    }

    /// Twice the signed area, as a numerator over 16: positive for counter-clockwise
    /// rings. A unit square listed counter-clockwise gives ZSqrt2(32).
    public var twiceSignedArea: ZSqrt2 {
        // Shoelace formula, taken relative to the first vertex to keep numbers small.
        let first = vertices[0]
        var sum = ZSqrt2.zero
        for i in 1..<(vertices.count - 1) {
            sum += (vertices[i] - first).cross(vertices[i + 1] - first)
        }
        return sum
    }

    /// The enclosed area, regardless of orientation.
    public var area: Area {
        let twice = twiceSignedArea
        return Area(numerator: twice.signum < 0 ? -twice : twice)
    }

    public var isCounterClockwise: Bool {
        twiceSignedArea.signum > 0
    }

    /// The same ring traversed the other way round (first vertex stays first).
    public var reversed: Polygon {
        Polygon(unchecked: [vertices[0]] + vertices.dropFirst().reversed())
    }

    /// True when no vertex turns against the others. Straight angles (collinear
    /// vertices) are allowed. For a simple ring this local test is enough.
    public var isConvex: Bool {
        let n = vertices.count
        var turnsLeft = false
        var turnsRight = false
        for i in 0..<n {
            switch orientation(vertices[i], vertices[(i + 1) % n], vertices[(i + 2) % n]) {
            case 1: turnsLeft = true
            case -1: turnsRight = true
            default: break
            }
        }
        return !(turnsLeft && turnsRight)
    }
}

extension Polygon: CustomStringConvertible {
    public var description: String {
        "[" + vertices.map(\.description).joined(separator: ", ") + "]"
    }
}
