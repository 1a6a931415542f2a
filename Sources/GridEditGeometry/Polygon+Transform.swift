// Rigid motions. They map simple polygons to simple polygons of the same area,
// so the results skip validation.

extension Polygon {
    public func translated(by offset: Vector) -> Polygon {
        Polygon(unchecked: vertices.map { $0 + offset })
    }

    /// Turned counter-clockwise about `center`; nil if any vertex leaves (1/4)ℤ[√2].
    /// Orientation (counter-clockwise or not) is preserved.
    public func rotated(by rotation: Rotation, around center: Point) -> Polygon? {
        var turned: [Point] = []
        turned.reserveCapacity(vertices.count)
        for vertex in vertices {
            guard let image = vertex.rotated(by: rotation, around: center) else { return nil }
            turned.append(image)
        }
        return Polygon(unchecked: turned)
    }

    /// Mirrored across the vertical line through `pivot`.
    ///
    /// A mirror image runs the other way round, so the ring is re-ordered to keep its
    /// orientation: an outer ring stays counter-clockwise and a hole stays clockwise.
    /// The image of `vertices[0]` stays first.
    public func reflectedX(around pivot: Point) -> Polygon {
        Polygon(unchecked: vertices.map { $0.reflectedX(around: pivot) }).reversed
    }
}
