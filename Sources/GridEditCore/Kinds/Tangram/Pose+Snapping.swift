import GridEditGeometry

// Exact helpers the editor uses to move pieces: rounding to the 0.25 grid, rigid motions of a
// pose, and turning approximate input (a finger, a camera) into exact values. Every result is
// an `Exact`; a `Double` only ever says which exact value an approximate input meant.

extension Exact {
    /// The nearest multiple of 0.25, computed exactly.
    ///
    /// For (a + b√2)/4 that is k/4 with k the integer nearest to a + b√2. A tie is impossible
    /// when b ≠ 0 (√2 is irrational) and there is nothing to round when b = 0.
    public var nearestQuarter: Exact {
        let (a, b) = (numerator.a, numerator.b)
        guard b != 0 else { return self }
        let floorOfRoot = Self.floorOfSqrt2(times: b)
        let floor = a + floorOfRoot
        // Round up when the fractional part a + b√2 − floor exceeds 1/2, i.e. when
        // 2(a − floor) − 1 + 2b√2 > 0.
        let roundUp = ZSqrt2(2 * (a - floor) - 1, 2 * b).signum > 0
        return Exact(quarters: roundUp ? floor + 1 : floor)
    }

    /// ⌊b√2⌋, exactly: b√2 = ±√(2b²), and 2b² is never a perfect square for b ≠ 0.
    static func floorOfSqrt2(times b: Int) -> Int {
        guard b != 0 else { return 0 }
        let root = integerSquareRoot(2 * b * b)
        return b > 0 ? root : -root - 1
    }

    /// ⌊√n⌋ for n ≥ 0, corrected after a floating-point first guess so that it is exact.
    static func integerSquareRoot(_ n: Int) -> Int {
        precondition(n >= 0)
        var r = Int(Double(n).squareRoot())
        while r > 0 && r * r > n { r -= 1 }
        while (r + 1) * (r + 1) <= n { r += 1 }
        return r
    }

    /// The nearest multiple of 0.25 to an approximate value, or nil if it is not finite or beyond
    /// ``limit``. For input that has no exact form (a finger on a screen, a camera estimate).
    public init?(nearestQuarterTo value: Double) {
        guard value.isFinite, abs(value) <= Double(Self.limit) else { return nil }
        self.init(quarters: Int((value * Double(Self.denominator)).rounded()))
    }

    /// The value a + b√2 (a, b multiples of 0.25, |b| ≤ `maxRoot` quarters) nearest to an
    /// approximate input: what "no grid snapping" means when the input itself is not exact. The
    /// double only chooses among exact candidates; nothing is decided in floating point afterwards.
    public init?(nearestTo value: Double, maxRootQuarters maxRoot: Int = 8) {
        guard value.isFinite, abs(value) <= Double(Self.limit) else { return nil }
        let scaled = value * Double(Self.denominator)
        var best = Exact(quarters: Int(scaled.rounded()))
        var bestError = abs(best.doubleValue - value)
        for b in -maxRoot...maxRoot where b != 0 {
            let a = (scaled - Double(b) * 2.0.squareRoot()).rounded()
            let candidate = Exact(quarters: Int(a), sqrt2Quarters: b)
            let error = abs(candidate.doubleValue - value)
            if error < bestError { best = candidate; bestError = error }
        }
        self = best
    }
}

extension Point {
    /// The squared distance to another point, as a numerator over 16 (exact).
    public func squaredDistance(to other: Point) -> ZSqrt2 {
        let d = other - self
        return d.dot(d)
    }
}

extension Rotation {
    /// The multiple of 45° nearest to `degrees` (halfway cases turn counter-clockwise).
    public init(nearestTo degrees: Double) {
        let steps = (degrees / 45).rounded(.toNearestOrAwayFromZero)
        self.init(eighths: Int(steps.truncatingRemainder(dividingBy: 8)))
    }

    /// The rotation when `degrees` is within `tolerance` of a multiple of 45°, else nil.
    public init?(degrees: Double, tolerance: Double) {
        guard degrees.isFinite else { return nil }
        let steps = (degrees / 45).rounded()
        guard abs(degrees - steps * 45) <= tolerance else { return nil }
        self.init(eighths: Int(steps.truncatingRemainder(dividingBy: 8)))
    }
}

extension Pose {
    /// The same pose shifted by `offset` (always exact).
    public func translated(by offset: Vector) -> Pose {
        Pose(piece: piece, position: position + offset, rotation: rotation, flipped: flipped)
    }

    /// The pose turned counter-clockwise by `turn` about `center`; nil if its origin would leave
    /// (1/4)ℤ[√2] (a 45° step about a centre whose offset has mismatched quarter parities).
    ///
    /// A vertex v = o + R(θ)·l turned about c is c + R(τ)(o − c) + R(τ + θ)·l: the origin turns
    /// about c and the piece's own rotation grows by τ. The piece-local part l always stays exact.
    public func rotated(by turn: Rotation, around center: Point) -> Pose? {
        guard let origin = position.rotated(by: turn, around: center) else { return nil }
        return Pose(piece: piece, position: origin, rotation: rotation + turn, flipped: flipped)
    }

    /// The pose mirrored across the vertical line x = `axis` (always exact).
    ///
    /// Mirroring M conjugates a rotation into its inverse (M·R(θ) = R(−θ)·M), so the origin is
    /// mirrored, the rotation negated and the flip toggled. For a triangle or the square the
    /// initialiser turns that flip back into a rotation, as for any pose.
    public func mirrored(acrossVerticalLine axis: Exact) -> Pose {
        let origin = Point(axis + axis - position.x, position.y)
        return Pose(piece: piece, position: origin, rotation: rotation.inverse, flipped: !flipped)
    }

    /// True when the two poses cover the same ground with the same shape (see `footprint`).
    public func coincides(with other: Pose) -> Bool { footprint == other.footprint }
}

extension Vector {
    /// Whether a 45° turn of this vector stays exact: the quarter counts of the rational parts
    /// of x and y must have the same parity (see `rotated(by:)`).
    public var turnsExactlyBy45: Bool {
        (x.numerator.a - y.numerator.a) % 2 == 0
    }
}
