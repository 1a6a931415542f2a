import Foundation
import GridEditGeometry

/// The boundary of the union of non-overlapping polygons, computed exactly: what a child sees as
/// the outline of a tangram figure when the inner lines between pieces are left out.
///
/// Where two pieces touch along an edge, their edges lie on one line and run in opposite
/// directions (both polygons are counter-clockwise, with their insides on opposite sides). Each
/// edge keeps only the parts no such opposite edge covers: a 1-D interval subtraction along the
/// edge's line. Every comparison is a sign in ℤ[√2], so a shared edge always cancels exactly and
/// no sliver of a line is left over from rounding. The kept parts are then chained into closed
/// rings, with straight-through vertices dropped, so they can be stroked with proper joins.
public enum UnionOutline {
    public struct Segment: Hashable, Sendable {
        public var start: Point
        public var end: Point

        public init(_ start: Point, _ end: Point) {
            self.start = start
            self.end = end
        }
    }

    /// The parts of the polygons' edges that are not shared with another polygon.
    /// The polygons must be counter-clockwise (as `Pose.vertices` are).
    public static func boundarySegments(_ polygons: [[Point]]) -> [Segment] {
        let edges = polygons.flatMap { ring in
            ring.indices.map { Segment(ring[$0], ring[($0 + 1) % ring.count]) }
        }.filter { $0.start != $0.end }
        var result: [Segment] = []
        for (i, edge) in edges.enumerated() {
            let direction = edge.end - edge.start
            let length = direction.dot(direction)
            // Covered stretches, as positions along the edge (t = (p − start)·direction, so the
            // edge runs from 0 to `length`), each with the points that end it.
            var covered: [(from: ZSqrt2, to: ZSqrt2, fromPoint: Point, toPoint: Point)] = []
            for (j, other) in edges.enumerated() where j != i {
                guard direction.cross(other.start - edge.start) == .zero,
                      direction.cross(other.end - edge.start) == .zero,
                      direction.dot(other.end - other.start).signum < 0 else { continue }
                // `other` runs the other way: its end comes first along this edge.
                var from = direction.dot(other.end - edge.start), fromPoint = other.end
                var to = direction.dot(other.start - edge.start), toPoint = other.start
                if from < .zero { from = .zero; fromPoint = edge.start }
                if length < to { to = length; toPoint = edge.end }
                if from < to { covered.append((from, to, fromPoint, toPoint)) }
            }
            guard !covered.isEmpty else {
                result.append(edge)
                continue
            }
            covered.sort { $0.from < $1.from }
            var cursor = ZSqrt2.zero
            var cursorPoint = edge.start
            for stretch in covered {
                if cursor < stretch.from { result.append(Segment(cursorPoint, stretch.fromPoint)) }
                if cursor < stretch.to {
                    cursor = stretch.to
                    cursorPoint = stretch.toPoint
                }
            }
            if cursor < length { result.append(Segment(cursorPoint, edge.end)) }
        }
        return result
    }

    /// The boundary as closed rings (each a list of corners, without repeating the first),
    /// in a deterministic order: rings start at their lowest-leftmost segment start.
    public static func rings(_ polygons: [[Point]]) -> [[Point]] {
        chain(boundarySegments(polygons))
    }

    /// Joins segments end to start into closed rings. On a union boundary every point has as
    /// many segments leaving as arriving, so the walk always returns to where it began.
    static func chain(_ segments: [Segment]) -> [[Point]] {
        var outgoing: [Point: [Int]] = [:]
        for (index, segment) in segments.enumerated() { outgoing[segment.start, default: []].append(index) }
        var used = [Bool](repeating: false, count: segments.count)
        // Start from segments in a fixed order, so the output does not depend on hashing.
        let order = segments.indices.sorted { precedes(segments[$0].start, segments[$1].start) }
        var rings: [[Point]] = []
        for startIndex in order where !used[startIndex] {
            var ring: [Point] = []
            var index = startIndex
            while !used[index] {
                used[index] = true
                ring.append(segments[index].start)
                let end = segments[index].end
                // At a point where the outline touches itself, take the sharpest left turn, which
                // keeps each ring simple.
                let candidates = (outgoing[end] ?? []).filter { !used[$0] }
                guard let next = candidates.min(by: { turn(segments[index], segments[$0], before: segments[$1]) }) else { break }
                index = next
            }
            let simplified = dropStraightCorners(ring)
            if simplified.count >= 3 { rings.append(simplified) }
        }
        return rings
    }

    /// Whether leaving along `a` after arriving along `incoming` turns further left than along `b`.
    private static func turn(_ incoming: Segment, _ a: Segment, before b: Segment) -> Bool {
        angleRank(incoming, a) > angleRank(incoming, b)
    }

    /// Orders exits by how far left they turn: a larger value turns more to the left.
    private static func angleRank(_ incoming: Segment, _ exit: Segment) -> Double {
        let d = incoming.end - incoming.start
        let e = exit.end - exit.start
        // Display-precision angle only breaks ties between the (rare) exits at a touching point.
        let cross = d.cross(e).doubleValue, dot = d.dot(e).doubleValue
        return atan2(cross, dot)
    }

    private static func precedes(_ a: Point, _ b: Point) -> Bool {
        a.y != b.y ? a.y < b.y : a.x < b.x
    }

    /// Removes corners where the outline goes straight on (a corner of one piece lying on
    /// another's edge), so joins are drawn only at real corners.
    static func dropStraightCorners(_ ring: [Point]) -> [Point] {
        var points = ring
        var changed = true
        while changed && points.count >= 3 {
            changed = false
            for i in points.indices {
                let previous = points[(i + points.count - 1) % points.count]
                let next = points[(i + 1) % points.count]
                let current = points[i]
                if (current - previous).cross(next - current) == .zero,
                   (current - previous).dot(next - current).signum > 0 {
                    points.remove(at: i)
                    changed = true
                    break
                }
            }
        }
        // Start each ring at its lowest-leftmost corner.
        if let first = points.indices.min(by: { precedes(points[$0], points[$1]) }) {
            points = Array(points[first...] + points[..<first])
        }
        return points
    }
}

