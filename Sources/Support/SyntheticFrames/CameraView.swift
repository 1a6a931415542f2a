import Foundation
import GridEditCore
import GridEditMat

/// Where the camera sees the mat: the frame's size and the image positions of the mat extent's
/// four corners (pixels, origin at the top-left corner of the top-left pixel), which fix the
/// perspective. A phone held over a table gives a mild one: `random` tilts the view up to 25°
/// from straight down and turns it up to 20° in the image.
public struct CameraView: Sendable, Hashable {
    public var width: Int
    public var height: Int
    /// The extent's corners in the frame: bottom-left, bottom-right, top-right, top-left of the
    /// mat as printed (`MatLayout.extent`).
    public var corners: [SIMD2<Double>]

    public init(width: Int, height: Int, corners: [SIMD2<Double>]) {
        precondition(corners.count == 4, "four corners: bottom-left, bottom-right, top-right, top-left")
        self.width = width
        self.height = height
        self.corners = corners
    }

    /// The mat extent's corners in units, in the order of `corners`.
    static func extentCorners(_ layout: MatLayout) -> [SIMD2<Double>] {
        let e = layout.extent
        return [SIMD2(e.minX, e.minY), SIMD2(e.maxX, e.minY), SIMD2(e.maxX, e.maxY), SIMD2(e.minX, e.maxY)]
    }

    /// Mat units to frame pixels.
    func map(_ layout: MatLayout) -> PlaneMap? { PlaneMap(mapping: Self.extentCorners(layout), onto: corners) }

    /// Straight down, the extent centred and `coverage` of the frame's height tall.
    public static func topDown(width: Int, height: Int, coverage: Double = 0.8, layout: MatLayout = .standard) -> CameraView {
        let e = layout.extent
        let scale = coverage * Double(height) / (e.maxY - e.minY)
        let cx = Double(width) / 2, cy = Double(height) / 2
        let corners = extentCorners(layout).map { p in
            SIMD2(cx + (p.x - (e.minX + e.maxX) / 2) * scale, cy - (p.y - (e.minY + e.maxY) / 2) * scale)
        }
        return CameraView(width: width, height: height, corners: corners)
    }

    /// A phone's view: a pinhole camera with a 55–70° horizontal field of view, tilted up to 25°
    /// towards a random side and turned up to 20°, the extent 45–85 % of the frame's height tall
    /// and wholly inside the frame, somewhere around the middle.
    public static func random(width: Int, height: Int, seed: UInt64, layout: MatLayout = .standard) -> CameraView {
        var rng = SplitMix64.stream(seed, 2)
        let tilt = rng.double(0, 25) * .pi / 180
        let azimuth = rng.double(0, 360) * .pi / 180
        let turn = rng.double(-20, 20) * .pi / 180
        let coverage = rng.double(0.45, 0.85)
        let fieldOfView = rng.double(55, 70) * .pi / 180
        let focal = Double(width) / 2 / tan(fieldOfView / 2)

        let e = layout.extent
        let centre = SIMD2((e.minX + e.maxX) / 2, (e.minY + e.maxY) / 2)
        let side = max(e.maxX - e.minX, e.maxY - e.minY)
        // Far enough for the extent to fill about `coverage` of the height: the distance sets
        // how strong the perspective is, as it does for a real phone.
        let distance = side * focal / (coverage * Double(height))
        let normal = SIMD3(sin(tilt) * cos(azimuth), sin(tilt) * sin(azimuth), cos(tilt))
        let eye = distance * normal
        let forward = -normal
        let right = normalized(cross(forward, SIMD3(0, 1, 0)))
        let up = cross(right, forward)
        var points = extentCorners(layout).map { p -> SIMD2<Double> in
            let q = SIMD3(p.x - centre.x, p.y - centre.y, 0) - eye
            let z = dot(q, forward)
            return SIMD2(focal * dot(q, right) / z, -focal * dot(q, up) / z)
        }
        // The turn in the image, then a zoom to the exact coverage (a pinhole's focal length).
        points = points.map { SIMD2($0.x * cos(turn) - $0.y * sin(turn), $0.x * sin(turn) + $0.y * cos(turn)) }
        var low = points.reduce(SIMD2(Double.infinity, .infinity)) { pointwiseMin($0, $1) }
        var high = points.reduce(SIMD2(-Double.infinity, -.infinity)) { pointwiseMax($0, $1) }
        let margin = 0.02 * Double(min(width, height))
        let zoom = min(coverage * Double(height) / (high.y - low.y),
                       (Double(width) - 2 * margin) / (high.x - low.x), (Double(height) - 2 * margin) / (high.y - low.y))
        points = points.map { $0 * zoom }
        low *= zoom
        high *= zoom
        // Anywhere the extent stays inside, but nearer the middle than the edges, as people aim.
        func place(_ from: Double, _ to: Double) -> Double { (from + to) / 2 + (to - from) / 2 * 0.7 * rng.double(-1, 1) }
        let shift = SIMD2(place(margin - low.x, Double(width) - margin - high.x),
                          place(margin - low.y, Double(height) - margin - high.y))
        return CameraView(width: width, height: height, corners: points.map { $0 + shift })
    }
}

private func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
private func normalized(_ a: SIMD3<Double>) -> SIMD3<Double> { a / dot(a, a).squareRoot() }
