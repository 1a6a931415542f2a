/// A camera lens's radial (barrel or pincushion) distortion, about the frame's centre, with one
/// coefficient: a seen (distorted) point at distance r from the centre lies, on a straight-line
/// (pinhole) picture, at r · (1 + k · (r / R)²), R being half the frame's diagonal. k > 0 is barrel
/// distortion, which phone and webcam lenses show: straight lines bow outwards, so a homography
/// alone puts the mat's middle and its edges a few pixels apart.
///
/// Why one coefficient, and from the markers: a frame holds no more than the mat's 8 markers (32
/// corners) and the ones on each side lie on a straight line on paper; that fixes one radial term
/// well, not the centre or a second term. The model is expressed in the seen point's radius so
/// that seen corners straighten in closed form; the other way (where a straight-line point is
/// seen) is a short Newton iteration.
public struct RadialLens: Sendable, Hashable {
    public var centreX: Double
    public var centreY: Double
    /// The radius r is measured in: half the frame's diagonal, in pixels.
    public var radius: Double
    /// The coefficient (0 = a pinhole lens).
    public var k: Double

    public init(centreX: Double, centreY: Double, radius: Double, k: Double) {
        self.centreX = centreX
        self.centreY = centreY
        self.radius = radius
        self.k = k
    }

    /// A lens about the centre of a `width`×`height` frame (pixel centres at integers).
    public init(width: Int, height: Int, k: Double) {
        let w = Double(width), h = Double(height)
        self.init(centreX: (w - 1) / 2, centreY: (h - 1) / 2, radius: (w * w + h * h).squareRoot() / 2, k: k)
    }

    /// Where a seen point lies on the straight-line picture.
    @inline(__always)
    public func straightened(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let dx = (x - centreX) / radius, dy = (y - centreY) / radius
        let factor = 1 + k * (dx * dx + dy * dy)
        return (centreX + dx * factor * radius, centreY + dy * factor * radius)
    }

    /// Where a point of the straight-line picture is seen: solves ρ(1 + kρ²) = s for the seen
    /// radius ρ by Newton's method from ρ = s (a few steps: kρ² stays well under 1 in a frame).
    @inline(__always)
    public func seen(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        var ratio = 1.0
        return seen(x, y, ratio: &ratio)
    }

    /// ``seen(_:_:)`` with Newton's method started from ρ = `ratio` · s, and `ratio` set to the
    /// ρ / s found: for a neighbouring point, which has nearly the same ratio, so a map of every
    /// pixel of a picture converges in a step or two (to the same 1e-10).
    @inline(__always)
    public func seen(_ x: Double, _ y: Double, ratio: inout Double) -> (x: Double, y: Double) {
        let dx = (x - centreX) / radius, dy = (y - centreY) / radius
        let s = (dx * dx + dy * dy).squareRoot()
        guard s > 1e-12, k != 0 else { return (x, y) }
        if !(ratio > 0.5 && ratio < 2) { ratio = 1 }
        var rho = s * ratio
        defer { ratio = rho / s }
        for _ in 0..<8 {
            let f = rho * (1 + k * rho * rho) - s, slope = 1 + 3 * k * rho * rho
            guard slope > 0.1 else { break }
            let step = f / slope
            rho -= step
            if abs(step) < 1e-10 { break }
        }
        let scale = rho / s
        return (centreX + dx * scale * radius, centreY + dy * scale * radius)
    }

    /// ``seen(_:_:ratio:)`` for a map of many points, with fewer divisions: the seen point is the
    /// straight one scaled about the centre by t = ρ / s, and t solves t (1 + k s² t²) = 1, so s²
    /// (no square root) is all Newton's method needs, started from `ratio` and stopped at the same
    /// 1e-10. The same points as ``seen(_:_:ratio:)`` within 1e-9 pixels wherever the lens sees
    /// the point (`TopViewTests`); ``TopView/Warp`` stores them as Floats.
    @inline(__always)
    func seenForMap(_ x: Double, _ y: Double, ratio: inout Double) -> (x: Double, y: Double) {
        let ox = x - centreX, oy = y - centreY
        let u = (ox * ox + oy * oy) * (k / (radius * radius))  // k s²
        guard u != 0 else { return (x, y) }
        let (t, converged) = Self.newton(u: u, from: ratio)
        // Where a strong pincushion (k < 0) sees no point, the next point starts afresh rather
        // than from this one's meaningless ratio (which could lead it to the equation's other root).
        ratio = converged ? t : 1
        return (centreX + ox * t, centreY + oy * t)
    }

    /// Newton's method for the root of t (1 + u t²) = 1, from `start` when it lies in (0.5, 2)
    /// (else 1), stopped at a step under 1e-10 (`converged`) or where the slope falls under 0.1
    /// (a strong pincushion, which sees no point there): the one loop of every map form.
    @inline(__always)
    static func newton(u: Double, from start: Double) -> (t: Double, converged: Bool) {
        var t = start > 0.5 && start < 2 ? start : 1
        for _ in 0..<8 {
            let slope = 1 + 3 * u * t * t
            guard slope > 0.1 else { break }
            let step = (t * (1 + u * t * t) - 1) / slope
            t -= step
            if abs(step) < 1e-10 { return (t, true) }
        }
        return (t, false)
    }

    /// ``newton(u:from:)`` for eight values of u at once, one per lane, with the same arithmetic
    /// lane by lane: a lane whose steps have stopped keeps its value while the others go on.
    /// A lane with u = 0 is left at its start.
    @inline(__always)
    static func newton(u: SIMD8<Double>, from start: SIMD8<Double>) -> (t: SIMD8<Double>, converged: SIMDMask<SIMD8<Int64>>) {
        var t = SIMD8<Double>(repeating: 1).replacing(with: start, where: (start .> 0.5) .& (start .< 2))
        var active = .!(u .== 0), converged = SIMDMask<SIMD8<Int64>>(repeating: false)
        for _ in 0..<8 {
            let slope = 1 + 3 * u * t * t
            active = active .& (slope .> 0.1)
            let step = (t * (1 + u * t * t) - 1) / slope
            t.replace(with: t - step, where: active)
            let done = active .& (step .< 1e-10) .& (step .> -1e-10)
            converged = converged .| done
            active = active .& .!done
            if !any(active) { break }
        }
        return (t, converged)
    }

    /// The ratio t = ρ / s of ``seenForMap(_:_:ratio:)`` for u = k s² / R² (the seen point is
    /// the straight one scaled about the centre by it): the root of t (1 + u t²) = 1 by the same
    /// Newton steps, from `ratio`, which is set to it; nil (and `ratio` 1) where the lens sees no
    /// point (u < −4/27: a strong pincushion's far corners).
    static func ratio(u: Double, from ratio: inout Double) -> Double? {
        guard u != 0 else { return 1 }
        let (t, converged) = newton(u: u, from: ratio)
        ratio = converged ? t : 1
        return converged ? t : nil
    }

    /// ``ratio(u:from:)`` for eight values of u at once, one per lane: NaN in a lane where the
    /// lens sees no point (and its `ratio` 1).
    static func ratios(u: SIMD8<Double>, from ratio: inout SIMD8<Double>) -> SIMD8<Double> {
        let still = u .== 0
        var (t, converged) = newton(u: u, from: ratio)
        converged = converged .| still
        t.replace(with: 1, where: still)
        ratio = t.replacing(with: 1, where: .!converged)
        return t.replacing(with: .nan, where: .!converged)
    }

    /// ``seenForMap(_:_:ratio:)`` for eight points at once, one per lane, each lane with its own
    /// ratio: the same arithmetic lane by lane, so the same bits (`TopViewTests`). ``TopView/Warp`` runs
    /// eight neighbouring columns of a row at once, each lane started from the ratio of the pixel
    /// above, and stores the eight points side by side.
    @inline(__always)
    func seenForMap(_ x: SIMD8<Double>, _ y: SIMD8<Double>, ratio: inout SIMD8<Double>) -> (x: SIMD8<Double>, y: SIMD8<Double>) {
        let ox = x - centreX, oy = y - centreY
        let u = (ox * ox + oy * oy) * (k / (radius * radius))
        let still = u .== 0
        let (t, converged) = Self.newton(u: u, from: ratio)
        ratio.replace(with: t.replacing(with: 1, where: .!converged), where: .!still)
        let seenX = (centreX + ox * t).replacing(with: x, where: still)
        let seenY = (centreY + oy * t).replacing(with: y, where: still)
        return (seenX, seenY)
    }

    // MARK: Estimating it from the markers

    /// The largest |k| looked for: far more than any camera a mat is photographed with
    /// (k = 0.1 bends a frame's corner by 10 % of its distance from the centre).
    static let searchRange = 0.4

    /// The coefficient that lets one homography map the mat's `units` onto the seen `pixels` best
    /// (least squares over all the points, which the caller has already cleared of outliers), with
    /// the residuals at that k; nil when no homography fits. A search in k: the root-mean-square
    /// residual on a coarse grid, then golden-section refinement around the best grid value.
    public static func estimate(units: [(x: Double, y: Double)], pixels: [(x: Double, y: Double)], width: Int, height: Int)
        -> (lens: RadialLens, rms: Double, plainRMS: Double)? {
        func residual(_ k: Double) -> Double {
            let lens = RadialLens(width: width, height: height, k: k)
            let straight = pixels.map { lens.straightened($0.x, $0.y) }
            // Every point (the caller has dropped outliers), by the linear fit: the search only
            // compares k's, and the chosen lens's homography is fitted in full by the caller.
            guard let h = Homography.linearFit(units, straight) else { return .infinity }
            var sum = 0.0
            for (unit, pixel) in zip(units, straight) {
                let p = h.apply(unit.x, unit.y)
                sum += (p.x - pixel.x) * (p.x - pixel.x) + (p.y - pixel.y) * (p.y - pixel.y)
            }
            return (sum / Double(units.count)).squareRoot()
        }
        let plain = residual(0)
        guard plain.isFinite else { return nil }
        let steps = 16, step = 2 * searchRange / Double(steps)
        var best = (k: 0.0, rms: plain)
        for i in 0...steps {
            let k = -searchRange + Double(i) * step
            let r = residual(k)
            if r < best.rms { best = (k, r) }
        }
        // Golden-section search within one grid step either side of the best grid value.
        let ratio = (5.0.squareRoot() - 1) / 2
        var (a, b) = (best.k - step, best.k + step)
        var c = b - ratio * (b - a), d = a + ratio * (b - a)
        var fc = residual(c), fd = residual(d)
        for _ in 0..<24 {
            if fc < fd { (b, d, fd) = (d, c, fc); c = b - ratio * (b - a); fc = residual(c) }
            else { (a, c, fc) = (c, d, fd); d = a + ratio * (b - a); fd = residual(d) }
        }
        let k = (a + b) / 2, rms = residual(k)
        if rms < best.rms { best = (k, rms) }
        return (RadialLens(width: width, height: height, k: best.k), best.rms, plain)
    }
}
