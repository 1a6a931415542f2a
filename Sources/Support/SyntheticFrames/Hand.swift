import Foundation
import GridEditCore
import GridEditMat
import GridEditGeometry

/// A hand reaching onto the mat, in mat units: an elliptic palm, three or four fingers, an arm
/// leading out of the picture, in a skin tone. Capture must ignore it (skin is neither paper nor
/// a piece's colour) and cope with what it hides.
public struct Hand: Sendable, Hashable {
    /// A stadium: the points within `radius` of the segment from `start` to `end`.
    public struct Capsule: Sendable, Hashable {
        public var start: SIMD2<Double>
        public var end: SIMD2<Double>
        public var radius: Double

        public init(start: SIMD2<Double>, end: SIMD2<Double>, radius: Double) {
            self.start = start
            self.end = end
            self.radius = radius
        }

        func contains(_ p: SIMD2<Double>) -> Bool {
            let d = end - start
            let t = max(0, min(1, ((p - start) * d).sum() / max((d * d).sum(), 1e-12)))
            let w = p - (start + t * d)
            return (w * w).sum() <= radius * radius
        }
    }

    public var palmCentre: SIMD2<Double>
    /// Half the palm's length (along `direction`) and width.
    public var palmRadii: SIMD2<Double>
    /// The way the fingers point, in radians from the mat's +x axis (counter-clockwise).
    public var direction: Double
    /// Three or four fingers (a thumb among them, sometimes, when three are long ones).
    public var fingers: [Capsule]
    public var arm: Capsule
    /// Red, green, blue, 0…1.
    public var skin: SIMD3<Double>

    public init(palmCentre: SIMD2<Double>, palmRadii: SIMD2<Double>, direction: Double, fingers: [Capsule], arm: Capsule,
                skin: SIMD3<Double>) {
        self.palmCentre = palmCentre
        self.palmRadii = palmRadii
        self.direction = direction
        self.fingers = fingers
        self.arm = arm
        self.skin = skin
    }

    /// Whether the hand covers a point of the mat.
    public func contains(_ p: SIMD2<Double>) -> Bool {
        let d = p - palmCentre
        let along = d.x * cos(direction) + d.y * sin(direction), across = -d.x * sin(direction) + d.y * cos(direction)
        let e = (along / palmRadii.x) * (along / palmRadii.x) + (across / palmRadii.y) * (across / palmRadii.y)
        return e <= 1 || arm.contains(p) || fingers.contains { $0.contains(p) }
    }

    /// The share of a piece's area the hand covers (sampled on a 0.04-unit grid).
    public func coveredShare(of pose: Pose) -> Double {
        let corners = pose.vertices.map { SIMD2($0.doubleX, $0.doubleY) }
        guard mayCover(corners) else { return 0 }
        let points = Self.samples(inside: corners)
        return Double(points.filter(contains).count) / Double(max(points.count, 1))
    }

    /// False when no part of the hand comes near the polygon's bounding box (a quick test
    /// before sampling).
    func mayCover(_ polygon: [SIMD2<Double>]) -> Bool {
        let low = polygon.reduce(SIMD2(Double.infinity, .infinity)) { pointwiseMin($0, $1) }
        let high = polygon.reduce(SIMD2(-Double.infinity, -.infinity)) { pointwiseMax($0, $1) }
        func overlaps(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
            a.x <= high.x && b.x >= low.x && a.y <= high.y && b.y >= low.y
        }
        let reach = max(palmRadii.x, palmRadii.y)
        if overlaps(palmCentre - reach, palmCentre + reach) { return true }
        return ([arm] + fingers).contains { c in
            overlaps(pointwiseMin(c.start, c.end) - c.radius, pointwiseMax(c.start, c.end) + c.radius)
        }
    }

    /// The pieces the hand covers at least partly.
    public func touchedPieces(_ poses: [Pose]) -> Set<TangramPiece> {
        Set(poses.filter { coveredShare(of: $0) > 0 }.map(\.piece))
    }

    /// The markers the hand covers at least partly.
    public func coveredMarkers(_ layout: MatLayout) -> Set<Int> {
        Set(layout.markers.filter { marker in
            let corners = marker.corners.reversed().map { SIMD2($0.x, $0.y) }  // counter-clockwise
            return mayCover(corners) && Self.samples(inside: corners).contains(where: contains)
        }.map(\.id))
    }

    /// Grid points inside a convex counter-clockwise polygon, plus its vertices.
    static func samples(inside polygon: [SIMD2<Double>], step: Double = 0.04) -> [SIMD2<Double>] {
        let low = polygon.reduce(SIMD2(Double.infinity, .infinity)) { pointwiseMin($0, $1) }
        let high = polygon.reduce(SIMD2(-Double.infinity, -.infinity)) { pointwiseMax($0, $1) }
        let corners = polygon.map { (x: $0.x, y: $0.y) }
        func inside(_ p: SIMD2<Double>) -> Bool { Polygon.convex(corners, contains: p.x, p.y) }
        var points = polygon
        var y = low.y + step / 2
        while y < high.y {
            var x = low.x + step / 2
            while x < high.x {
                let p = SIMD2(x, y)
                if inside(p) { points.append(p) }
                x += step
            }
            y += step
        }
        return points
    }

    // MARK: Random hands

    /// The most of one piece a random hand may hide: the rest must still show its shape.
    public static let maximumCoveredShare = 0.5
    /// The most markers a random hand may hide (the mat needs `MatLayout.minimumVisibleMarkers`).
    public static let maximumCoveredMarkers = 2

    /// A hand entering from a random side of the play area, fingers up to 2.5 units in, that
    /// covers part of at most one piece (at most half of it) and at most two markers, so the
    /// frame stays capturable. The same for the same seed and poses.
    public static func random(seed: UInt64, poses: [Pose], layout: MatLayout = .standard) -> Hand {
        var rng = SplitMix64.stream(seed, 4)
        let attempts = 400
        for attempt in 0..<attempts {
            // Later attempts reach less far in, down to fingertips among the markers.
            let deepest = 2.5 - 3.3 * Double(attempt) / Double(attempts)
            let hand = make(&rng, reach: rng.double(-0.8, max(-0.7, deepest)))
            if hand.isAcceptable(poses: poses, layout: layout) { return hand }
        }
        // Fingertips beyond the markers: covers nothing that matters.
        var hand = make(&rng, reach: -2.2)
        while !hand.isAcceptable(poses: poses, layout: layout) { hand = make(&rng, reach: -2.2) }
        return hand
    }

    func isAcceptable(poses: [Pose], layout: MatLayout) -> Bool {
        guard coveredMarkers(layout).count <= Self.maximumCoveredMarkers else { return false }
        var touched = 0
        for pose in poses {
            let share = coveredShare(of: pose)
            if share > 0 { touched += 1 }
            if touched > 1 || share > Self.maximumCoveredShare { return false }
        }
        return true
    }

    /// A hand whose farthest fingertip lies `reach` units inside the play area's edge.
    static func make(_ rng: inout SplitMix64, reach: Double) -> Hand {
        let side = rng.below(4)
        let inward = [SIMD2(0.0, 1), SIMD2(-1.0, 0), SIMD2(0.0, -1), SIMD2(1.0, 0)][side]
        let along = rng.double(0.3, 7.7)
        let edgePoint = [SIMD2(along, 0), SIMD2(8, along), SIMD2(along, 8), SIMD2(0, along)][side]
        let direction = atan2(inward.y, inward.x) + rng.double(-25, 25) * .pi / 180
        let forward = SIMD2(cos(direction), sin(direction)), left = SIMD2(-sin(direction), cos(direction))
        let size = rng.double(0.75, 1.0)  // a child's hand to an adult's (1 unit = 18 mm)
        let radii = SIMD2(2.5, 2.2) * size

        // Built around a palm at the origin, then moved into place.
        var fingers: [Capsule] = []
        let long = rng.chance(0.5) ? 4 : 3
        let lengths = [3.3, 3.8, 3.6, 2.9].map { $0 * size * rng.double(0.85, 1.05) }
        for k in 0..<long {
            let offset = (Double(k) - Double(long - 1) / 2) * radii.y * 1.5 / Double(long)
            let spread = (Double(k) - Double(long - 1) / 2) * rng.double(4, 11) * .pi / 180
            let base = forward * radii.x * 0.7 + left * offset
            let way = SIMD2(cos(direction + spread), sin(direction + spread))
            fingers.append(Capsule(start: base, end: base + way * lengths[k], radius: 0.45 * size))
        }
        if long == 3 && rng.chance(0.6) {
            // The thumb, from the side of the palm, angled outwards.
            let sideSign = rng.chance(0.5) ? 1.0 : -1.0
            let base = left * sideSign * radii.y * 0.75 - forward * radii.x * 0.2
            let angle = direction + sideSign * rng.double(35, 60) * .pi / 180
            fingers.append(Capsule(start: base, end: base + SIMD2(cos(angle), sin(angle)) * 2.5 * size, radius: 0.52 * size))
        }
        // Long enough to leave any frame that shows the whole mat.
        let arm = Capsule(start: -forward * radii.x * 0.5, end: -forward * (radii.x + 26), radius: radii.y * 0.8)

        // Move so that the farthest fingertip is `reach` inside the edge.
        let tip = fingers.map { ($0.end * inward).sum() + $0.radius }.max()!
        let target = (edgePoint * inward).sum() + reach
        let shift = edgePoint - inward * (edgePoint * inward).sum() + inward * (target - tip)
        func moved(_ c: Capsule) -> Capsule { Capsule(start: c.start + shift, end: c.end + shift, radius: c.radius) }

        let tone = rng.double(0, 1)
        let light = SIMD3(0.92, 0.76, 0.65), dark = SIMD3(0.55, 0.36, 0.25)
        return Hand(palmCentre: shift, palmRadii: radii, direction: direction, fingers: fingers.map(moved), arm: moved(arm),
                    skin: light + (dark - light) * tone)
    }
}
