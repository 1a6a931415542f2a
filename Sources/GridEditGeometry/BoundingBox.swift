/// The smallest axis-aligned rectangle containing a shape, with exact bounds.
public struct BoundingBox: Hashable, Sendable {
    public var minX: Exact
    public var minY: Exact
    public var maxX: Exact
    public var maxY: Exact

    public init(minX: Exact, minY: Exact, maxX: Exact, maxY: Exact) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    public var width: Exact { maxX - minX }
    public var height: Exact { maxY - minY }

    /// Closed: points on the border count.
    public func contains(_ p: Point) -> Bool {
        minX <= p.x && p.x <= maxX && minY <= p.y && p.y <= maxY
    }
}

extension Polygon {
    public var boundingBox: BoundingBox {
        let xs = vertices.map(\.x)
        let ys = vertices.map(\.y)
        // A polygon has at least three vertices, so the force-unwraps cannot fail.
        return BoundingBox(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
    }
}
