extension Vector {
    /// The vector turned counter-clockwise, exactly; nil if the result leaves (1/4)ℤ[√2].
    ///
    /// A 45° step maps (x, y) to ((x − y)·√2/2, (x + y)·√2/2), which needs the rational
    /// numerators of x and y to have the same parity; 90° steps, (x, y) → (−y, x), always
    /// succeed. Every rotation uses at most one 45° step, so vectors with components in
    /// ℤ[√2] (numerators divisible by 4, like piece-local vertices) always rotate exactly.
    public func rotated(by rotation: Rotation) -> Vector? {
        var result = self
        if rotation.eighths % 2 == 1 {
            // x − y and x + y differ by 2y, so both steps succeed or both fail.
            guard let x = (result.x - result.y).timesSqrt2Over2(),
                  let y = (result.x + result.y).timesSqrt2Over2()
            else { return nil }
            result = Vector(x: x, y: y)
        }
        for _ in 0..<(rotation.eighths / 2) {
            result = Vector(x: -result.y, y: result.x)
        }
        return result
    }

    /// Mirrored left-to-right (x → −x), as when a piece is flipped over.
    public var reflectedX: Vector {
        Vector(x: -x, y: y)
    }
}

extension Point {
    /// The point turned counter-clockwise about `center`; nil if it leaves (1/4)ℤ[√2].
    public func rotated(by rotation: Rotation, around center: Point) -> Point? {
        (self - center).rotated(by: rotation).map { center + $0 }
    }

    /// Mirrored across the vertical line through `pivot`.
    public func reflectedX(around pivot: Point) -> Point {
        pivot + (self - pivot).reflectedX
    }
}
