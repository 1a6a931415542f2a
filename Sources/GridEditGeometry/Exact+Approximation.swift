extension Exact {
    /// The unique (a + b√2)/4 with |b| ≤ 64 that lies within `tolerance` of `x`, or nil
    /// if there is none (or more than one), or if |x| > ``limit``.
    ///
    /// This is for importing coordinates that were once computed in floating point.
    ///
    /// Why |b| ≤ 64 makes the answer unique at the default 1e-6: two different candidates
    /// differ by (Δa + Δb√2)/4 with |Δb| ≤ 128. If Δb = 0 they are at least 1/4 apart.
    /// Otherwise |Δa + Δb√2| = |Δa² − 2Δb²| / |Δa − Δb√2| ≥ 1 / |Δa − Δb√2|, because the
    /// numerator is a non-zero integer. Both candidates being near x forces Δa ≈ −Δb√2,
    /// so |Δa − Δb√2| ≲ 2·128·√2 ≈ 362 and the candidates are at least 1/(4·362) ≈ 6.9e-4
    /// apart: two of them can never both be within 1e-6 of the same x.
    ///
    /// - Precondition: 0 ≤ tolerance < 1/8, so that for each b only the nearest a can fit.
    public init?(approximating x: Double, tolerance: Double = 1e-6) {
        self.init(approximating: x, tolerance: tolerance, sqrt2Quarters: 64)
    }

    /// Vector-tool precision: the unique (a + b√2)/4 with |b| ≤ 16 (√2 parts up to 4√2, as in every
    /// tangram figure on the board) within ``vectorTolerance`` of `x`. Two such candidates differ
    /// by at least 1/(4·(2·32·√2 + 1)) ≈ 2.7e-3, more than twice the tolerance, so the answer is
    /// unique when there is one: `2.8284` is 2√2, `0.7071` is 0.5√2.
    public init?(approximatingVectorTool x: Double) {
        self.init(approximating: x, tolerance: Self.vectorTolerance, sqrt2Quarters: 16)
    }

    /// How far a coordinate written by a vector tool (four decimals or so) may be from its exact value.
    public static let vectorTolerance = 1e-3

    private init?(approximating x: Double, tolerance: Double, sqrt2Quarters bound: Int) {
        precondition(tolerance >= 0 && tolerance < 0.125, "tolerance must be in [0, 1/8)")
        guard x.isFinite, abs(x) <= Double(Self.limit) else { return nil }

        var found: Exact?
        for b in -bound...bound {
            let a = (4 * x - Double(b) * 2.0.squareRoot()).rounded()
            guard abs(a) <= Double(Self.limit * Self.denominator) else { continue }
            let candidate = Exact(quarters: Int(a), sqrt2Quarters: b)
            guard abs(candidate.doubleValue - x) <= tolerance else { continue }
            guard found == nil else { return nil }  // ambiguous: refuse rather than guess
            found = candidate
        }
        guard let found else { return nil }
        self = found
    }
}
