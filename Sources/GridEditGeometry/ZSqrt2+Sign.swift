extension ZSqrt2 {
    /// The exact sign of a + b√2: −1, 0 or 1.
    ///
    /// When a and b agree in sign, or b is zero, the answer is immediate. Otherwise the
    /// part with the larger magnitude wins, and |a| > |b|√2 exactly when a² > 2b². The
    /// two are never equal unless a = b = 0, because √2 is irrational.
    public var signum: Int {
        let signA = a.signum()
        let signB = b.signum()
        if signA == signB || signB == 0 { return signA }
        return Self.squareExceedsTwiceSquare(a, b) ? signA : signB
    }

    /// Whether a² > 2b², computed in 128 bits so it is exact for any `Int`s.
    private static func squareExceedsTwiceSquare(_ a: Int, _ b: Int) -> Bool {
        let aSquared = a.magnitude.multipliedFullWidth(by: a.magnitude)
        let bSquared = b.magnitude.multipliedFullWidth(by: b.magnitude)
        // b² ≤ 2^126, so doubling it (a one-bit shift across the two words) cannot overflow.
        let twiceBSquared = (
            high: bSquared.high << 1 | bSquared.low >> (UInt.bitWidth - 1),
            low: bSquared.low << 1
        )
        return (aSquared.high, aSquared.low) > (twiceBSquared.high, twiceBSquared.low)
    }
}

extension ZSqrt2: Comparable {
    /// Exact order: x < y exactly when y − x is positive.
    public static func < (lhs: ZSqrt2, rhs: ZSqrt2) -> Bool {
        (lhs - rhs).signum < 0
    }
}
