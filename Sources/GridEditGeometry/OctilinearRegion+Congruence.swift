// Comparing regions up to translation, turns and mirror images.

extension OctilinearRegion {
    /// The image under `transform`, in doubled coordinates (see ``OctilinearTransform``).
    public func transformed(_ transform: OctilinearTransform) -> OctilinearRegion {
        OctilinearRegion(trustedEdges: edges.map { edge in
            let (a, b) = (transform.apply(toDoubled: edge.start), transform.apply(toDoubled: edge.end))
            // A mirror image runs the other way round; keep the region on the left.
            return transform.reflected ? Edge(from: b, to: a)! : Edge(from: a, to: b)!
        }, canonical: isCanonical)
    }

    /// The lowest vertex (then leftmost): where ``ShapeKey`` puts the origin.
    public var lowestVertex: Point? {
        edges.lazy.map(\.start).min(by: Self.lowestFirst)
    }

    /// The region's shape regardless of where it lies: equal for translated copies.
    public struct ShapeKey: Hashable, Sendable, Comparable {
        /// The edges, moved so that the lowest vertex is the origin, in canonical order.
        public let edges: [Edge]

        public static func < (a: ShapeKey, b: ShapeKey) -> Bool {
            if a.edges.count != b.edges.count { return a.edges.count < b.edges.count }
            for (x, y) in zip(a.edges, b.edges) where x != y {
                if x.start != y.start { return lowestFirst(x.start, y.start) }
                if x.end != y.end { return lowestFirst(x.end, y.end) }
                return x.direction < y.direction
            }
            return false
        }
    }

    /// This region's shape, as it lies (turns and mirror images give other keys).
    public var shapeKey: ShapeKey {
        guard let low = lowestVertex else { return ShapeKey(edges: []) }
        return ShapeKey(edges: translated(by: .origin - low).sortedEdges)
    }

    /// The same for every region congruent to this one (translated, turned by any multiple of
    /// 45°, mirrored): the least of the keys of its sixteen images, in doubled coordinates.
    public var congruenceKey: ShapeKey {
        OctilinearTransform.all.map { transformed($0).shapeKey }.min()!
    }

    /// The motions that map the region onto itself: each transform with the translation that
    /// completes it, so that p ↦ `transform.apply(toDoubled: p) + offset` maps the region onto
    /// its doubled self (2·region). Always includes the identity.
    public func symmetries() -> [(transform: OctilinearTransform, offset: Vector)] {
        guard let low = lowestVertex else { return [(.identity, .zero)] }
        let doubled = transformed(.identity)
        let target = doubled.shapeKey
        let doubledLow = Point(low.x.times(2), low.y.times(2))
        var result: [(OctilinearTransform, Vector)] = []
        for transform in OctilinearTransform.all {
            let image = transformed(transform)
            guard image.edges.count == edges.count, let imageLow = image.lowestVertex else { continue }
            if image.shapeKey == target { result.append((transform, doubledLow - imageLow)) }
        }
        return result
    }
}
