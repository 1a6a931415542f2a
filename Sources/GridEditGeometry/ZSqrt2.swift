/// An element a + b√2 of the ring ℤ[√2].
///
/// Every tangram coordinate is such a number over a fixed denominator (see ``Exact``),
/// so every geometric decision (sign, order, overlap, touch) reduces to integer
/// arithmetic on pairs like this one. Because √2 is irrational, the pair (a, b) is the
/// *only* way to write a value, which is why the synthesised `==` and `hash(into:)`
/// compare values correctly.
///
/// Overflow cannot happen in practice: the parsers bound each part of a coordinate by
/// 1024 units (numerators up to 4096 = 2^12), so a cross product of two coordinate
/// differences stays below 2^29 and `Int` has room to spare. Should that promise ever
/// be broken, Swift's checked arithmetic traps rather than producing a wrong sign, and
/// ``signum`` compares its squares in full 128-bit width, so it is exact for every
/// pair of `Int`s.
public struct ZSqrt2: Hashable, Sendable {
    /// The rational part.
    public var a: Int
    /// The coefficient of √2.
    public var b: Int

    public init(_ a: Int, _ b: Int = 0) {
        self.a = a
        self.b = b
    }

    public static let zero = ZSqrt2(0)
    public static let one = ZSqrt2(1)
    public static let sqrt2 = ZSqrt2(0, 1)
}

// MARK: - Ring operations

extension ZSqrt2 {
    public static func + (lhs: ZSqrt2, rhs: ZSqrt2) -> ZSqrt2 {
        ZSqrt2(lhs.a + rhs.a, lhs.b + rhs.b)
    }

    public static func - (lhs: ZSqrt2, rhs: ZSqrt2) -> ZSqrt2 {
        ZSqrt2(lhs.a - rhs.a, lhs.b - rhs.b)
    }

    public static prefix func - (value: ZSqrt2) -> ZSqrt2 {
        ZSqrt2(-value.a, -value.b)
    }

    /// (a + b√2)(c + d√2) = (ac + 2bd) + (ad + bc)√2, because √2·√2 = 2.
    public static func * (lhs: ZSqrt2, rhs: ZSqrt2) -> ZSqrt2 {
        ZSqrt2(lhs.a * rhs.a + 2 * lhs.b * rhs.b, lhs.a * rhs.b + lhs.b * rhs.a)
    }

    public static func += (lhs: inout ZSqrt2, rhs: ZSqrt2) { lhs = lhs + rhs }
    public static func -= (lhs: inout ZSqrt2, rhs: ZSqrt2) { lhs = lhs - rhs }
    public static func *= (lhs: inout ZSqrt2, rhs: ZSqrt2) { lhs = lhs * rhs }
}

// MARK: - Display

extension ZSqrt2: CustomStringConvertible {
    /// Integer form such as `0`, `5`, `√2`, `-2√2`, `3-2√2`.
    public var description: String {
        if b == 0 { return String(a) }
        let magnitude = b.magnitude == 1 ? "√2" : "\(b.magnitude)√2"
        if a == 0 { return (b < 0 ? "-" : "") + magnitude }
        return "\(a)\(b < 0 ? "-" : "+")\(magnitude)"
    }

    /// An approximation for display only; never use it to decide anything.
    public var doubleValue: Double {
        Double(a) + Double(b) * 2.0.squareRoot()
    }
}
