import GridEditCore
import Testing
@testable import GridEditCapture

/// The top view converts eight pixels at a time; every pixel must get what the one-pixel
/// conversion gives it, to the bit, or the fits downstream would move.
@Suite("Top view colour conversion")
struct TopViewTests {
    @Test("eight pixels at a time give each pixel the one-pixel conversion's hue, saturation and value to the bit")
    func lanesMatchOnePixel() {
        var random = SplitMix64(seed: 3801)
        // Channel values as the top view makes them: a byte times a white-balance gain.
        let levels: [Float] = [0, 1, 2, 59, 60, 61, 127, 128, 200, 254, 255]
        var triples: [(Float, Float, Float)] = []
        for r in levels { for g in levels { for b in levels { triples.append((r, g, b)) } } }
        for _ in 0..<100_000 {
            func channel() -> Float {
                let byte = Float(random.next() % 256), gain = 0.5 + Float(random.next() % 1000) / 666
                return byte * gain
            }
            let r = channel()
            // Ties between channels pick the branch by order: make some.
            switch random.next() % 4 {
            case 0: triples.append((r, r, channel()))
            case 1: triples.append((r, channel(), r))
            default: triples.append((r, channel(), channel()))
            }
        }
        var mismatches = 0
        for start in stride(from: 0, to: triples.count - 7, by: 8) {
            var r = SIMD8<Float>(), g = SIMD8<Float>(), b = SIMD8<Float>()
            for k in 0..<8 { (r[k], g[k], b[k]) = triples[start + k] }
            let (h, s, v) = TopView.hsv(r, g, b)
            for k in 0..<8 {
                let one = TopView.hsv(r[k], g[k], b[k])
                if h[k].bitPattern != one.0.bitPattern || s[k].bitPattern != one.1.bitPattern || v[k].bitPattern != one.2.bitPattern {
                    mismatches += 1
                    if mismatches <= 5 { Issue.record("(\(r[k]), \(g[k]), \(b[k])): lanes \((h[k], s[k], v[k])), one pixel \(one)") }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("the lens map's points, by the ratio's equation, are the lens's seen points to a billionth of a pixel", arguments: [(1280, 720), (1920, 1080)])
    func lensMapMatchesSeen(width: Int, height: Int) {
        for k in [-0.3, -0.05, 0, 0.02, 0.08, 0.3] {
            let lens = RadialLens(width: width, height: height, k: k)
            var worst = 0.0, skipped = 0
            for y in stride(from: -40.0, through: Double(height) + 40, by: 7.3) {
                var ratio = 1.0  // carried along the row, as the map does
                for x in stride(from: -40.0, through: Double(width) + 40, by: 3.1) {
                    let fast = lens.seenForMap(x, y, ratio: &ratio), exact = lens.seen(x, y)
                    // Where a strong pincushion (k < 0) sees no point at all, neither answer means
                    // anything; where it sees two, the lens's is the nearer (where ρ(1 + kρ²) rises).
                    let back = lens.straightened(exact.x, exact.y)
                    let rho2 = ((exact.x - lens.centreX) * (exact.x - lens.centreX) + (exact.y - lens.centreY) * (exact.y - lens.centreY))
                        / (lens.radius * lens.radius)
                    guard abs(back.x - x) < 1e-6, abs(back.y - y) < 1e-6, 1 + 3 * k * rho2 > 0.1 else { skipped += 1; continue }
                    worst = max(worst, abs(fast.x - exact.x), abs(fast.y - exact.y))
                }
            }
            #expect(worst < 1e-9, "k \(k): \(worst) pixels apart")
            #expect(k < -0.1 || skipped == 0, "k \(k): \(skipped) points without a seen point")
        }
    }

    @Test("the top view's lens map, its ratio by a Taylor polynomial about each eight pixels' middle, is the lens's own rounded to Floats to 2e-6 pixel (1e-3 for the strongest lenses, a thirtieth of remap's step)",
          arguments: [(1280, 720), (1920, 1080)])
    func interpolatedLensMap(width: Int, height: Int) throws {
        let (w, h) = (Double(width), Double(height))
        // The play area tilted away from the camera, filling most of the frame.
        let corners = [(x: -0.375, y: -0.375), (8.375, -0.375), (8.375, 8.375), (-0.375, 8.375)]
        let pixels = [(x: 0.2 * w, y: 0.95 * h), (0.8 * w, 0.93 * h), (0.68 * w, 0.08 * h), (0.3 * w, 0.06 * h)]
        let homography = try #require(Homography.linearFit(corners, pixels))
        for k in [-0.6, -0.3, -0.05, 0.02, 0.08, 0.3] {
            let lens = RadialLens(width: width, height: height, k: k)
            let view = MatView(unitsToPixels: homography, lens: lens, visibleMarkers: Array(0..<8), worstCornerError: 0, pixelsPerUnit: 100)
            let warp = try #require(TopView.Warp(view: view))
            var worst = 0.0, unseen = 0, differ = 0
            for row in 0..<TopView.size {
                for column in 0..<TopView.size {
                    let u = TopView.units(column: column, row: row)
                    let p = homography.apply(u.x, u.y)
                    var ratio = 1.0
                    let uLens = ((p.x - lens.centreX) * (p.x - lens.centreX) + (p.y - lens.centreY) * (p.y - lens.centreY)) * lens.k / (lens.radius * lens.radius)
                    guard RadialLens.ratio(u: uLens, from: &ratio) != nil else { unseen += 1; continue }
                    let exact = lens.seen(p.x, p.y)
                    let i = row * TopView.size + column
                    // The map holds Floats: its points are the exact ones rounded, give or take.
                    worst = max(worst, abs(Double(warp.mapX[i]) - exact.x) - Double(Float(exact.x).ulp) / 2,
                                abs(Double(warp.mapY[i]) - exact.y) - Double(Float(exact.y).ulp) / 2)
                    if warp.mapX[i] != Float(exact.x) || warp.mapY[i] != Float(exact.y) { differ += 1 }
                }
            }
            // Everyday lenses: a few hundred of the 176,400 points a last bit off.
            #expect(abs(k) > 0.1 || differ < 1000, "k \(k): \(differ) points not the exact ones rounded")
            // k −0.6: a pincushion so strong that it sees no point for the frame's corners, whose
            // cells are worked out pixel by pixel.
            #expect(k < -0.5 ? unseen > 0 : unseen == 0)
            // Strong pincushions bend the ratio sharply near where they stop seeing points.
            #expect(worst < (abs(k) <= 0.1 ? 2e-6 : 1e-3), "k \(k): \(worst) pixels from the lens's own, beyond Float rounding")
        }
    }

    @Test("the lens map's lane form gives each lane the one-point form's bits, ratio included, for eight chains of points carried side by side", arguments: [(1280, 720), (1920, 1080)])
    func lensMapLanesMatchOnePoint(width: Int, height: Int) {
        var mismatches = 0
        // Strong pincushions too, where some points are not seen and a lane stops early, and the
        // lens's centre itself (lane 3's row, the first column), where a lane does not move.
        for k in [-0.3, -0.05, 0, 0.02, 0.08, 0.3] {
            let lens = RadialLens(width: width, height: height, k: k)
            for top in stride(from: -40.0, through: Double(height) + 40, by: 61.7) {
                let ys = SIMD8<Double>((0..<8).map { $0 == 3 ? lens.centreY : top + 7.3 * Double($0) })
                var lanes = SIMD8<Double>(repeating: 1), ones = [Double](repeating: 1, count: 8)
                for x in stride(from: -40.0, through: Double(width) + 40, by: 3.1) {
                    let xs = SIMD8<Double>(repeating: x == -40 ? lens.centreX : x)
                    let p = lens.seenForMap(xs, ys, ratio: &lanes)
                    for lane in 0..<8 {
                        let one = lens.seenForMap(xs[lane], ys[lane], ratio: &ones[lane])
                        if one.x.bitPattern != p.x[lane].bitPattern || one.y.bitPattern != p.y[lane].bitPattern
                            || ones[lane].bitPattern != lanes[lane].bitPattern {
                            mismatches += 1
                            if mismatches <= 5 { Issue.record("k \(k) (\(xs[lane]), \(ys[lane])): lane \(p.x[lane]), \(p.y[lane]), one point \(one)") }
                        }
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }
}
