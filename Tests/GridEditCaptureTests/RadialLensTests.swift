import GridEditCapture
import GridEditCore
import GridEditMat
import Testing

/// The lens model and its estimate from the mat's marker corners, on corners projected by a known
/// perspective and lens (no image): the estimate must find the lens it was given, and none where
/// there is none.
@Suite("Radial lens")
struct RadialLensTests {
    /// A camera tilted over the mat: mat units → straight-line pixels of a 1280×720 frame.
    static let perspective = Homography([62, 9, 372, -4, -48, 620, 0.002, 0.011, 1])

    static func corners(lens: RadialLens, noise: Double = 0, markers: [Int] = Array(0..<8))
        -> (units: [(x: Double, y: Double)], pixels: [(x: Double, y: Double)]) {
        var units: [(x: Double, y: Double)] = [], pixels: [(x: Double, y: Double)] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func jitter() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (Double(state >> 11) / Double(1 << 53) - 0.5) * 2 * noise
        }
        for marker in MatLayout.standard.markers where markers.contains(marker.id) {
            for corner in marker.corners {
                let p = perspective.apply(corner.x, corner.y)
                let seen = lens.seen(p.x, p.y)
                units.append(corner)
                pixels.append((seen.x + jitter(), seen.y + jitter()))
            }
        }
        return (units, pixels)
    }

    @Test("a point straightened and seen again comes back where it was")
    func roundTrip() {
        for k in [-0.1, 0.0, 0.05, 0.12, 0.3] {
            let lens = RadialLens(width: 1280, height: 720, k: k)
            for (x, y) in [(0.0, 0.0), (1279.0, 719.0), (640.0, 100.0), (10.0, 360.0), (900.0, 500.0)] {
                let straight = lens.straightened(x, y)
                let back = lens.seen(straight.x, straight.y)
                #expect(abs(back.x - x) < 1e-6 && abs(back.y - y) < 1e-6, "k \(k) at (\(x), \(y)): back at \(back)")
            }
        }
    }

    @Test("the markers' corners give back the lens they were seen through", arguments: [0.0, 0.03, 0.08, -0.05])
    func estimates(k: Double) throws {
        let truth = RadialLens(width: 1280, height: 720, k: k)
        let (units, pixels) = Self.corners(lens: truth, noise: 0.3)
        let estimate = try #require(RadialLens.estimate(units: units, pixels: pixels, width: 1280, height: 720))
        #expect(abs(estimate.lens.k - k) < 0.01, "k \(k): estimated \(estimate.lens.k)")
        #expect(estimate.rms < 0.5)
        if k >= 0.03 { #expect(estimate.plainRMS > 2 * estimate.rms, "a bent frame fits a plain perspective worse") }
    }

    @Test("the linear fit the lens search uses gives back the perspective the corners were projected by")
    func linearFit() throws {
        let (units, pixels) = Self.corners(lens: RadialLens(width: 1280, height: 720, k: 0))
        let fitted = try #require(Homography.linearFit(units, pixels))
        for (x, y) in [(0.0, 0.0), (8.0, 8.0), (4.0, 2.5), (-0.5, 8.5)] {
            let a = fitted.apply(x, y), b = Self.perspective.apply(x, y)
            #expect(abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6, "(\(x), \(y)): \(a) against \(b)")
        }
        // Points on one line determine nothing.
        let line = (0..<6).map { (x: Double($0), y: 2 * Double($0)) }
        #expect(Homography.linearFit(line, line.map { (x: $0.x * 3, y: $0.y + 1) }).map { h in
            [(0.0, 5.0), (7.0, 1.0)].allSatisfy { p in let q = h.apply(p.0, p.1); return q.x.isFinite && abs(q.x - 3 * p.0) < 1e-6 && abs(q.y - p.1 - 1) < 1e-6 }
        } != true, "a line's points do not fix the points off it")
    }
}
