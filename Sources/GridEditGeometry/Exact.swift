/// An exact coordinate value (a + b√2) / 4, measured in play-area units.
///
/// Why this set of numbers is enough:
/// - positions on the 0.25 snapping grid need quarters;
/// - a piece vertex rotated by 45° has components like √2/2 = 2√2/4;
/// - sums and differences of those (placing a vertex on another piece's vertex,
///   axis-aligned corrections that make edges flush) stay in (1/4)ℤ[√2].
///
/// Products (cross products, dot products, areas) land in (1/16)ℤ[√2]. They are only
/// ever needed for their sign or to be compared with one another, so the operations
/// that form them return the raw ``ZSqrt2`` numerator over 16 instead of an `Exact`.
///
/// No `Double` takes part in any decision; ``doubleValue`` exists for rendering only.
public struct Exact: Hashable, Sendable {
    /// The value times ``denominator``.
    public let numerator: ZSqrt2

    /// Fixed: every coordinate is a number of quarters (rational or times √2).
    public static let denominator = 4

    /// The largest magnitude, in units, that the parsers accept for either the rational
    /// part or the √2 part. It keeps every product far from `Int` overflow (see ``ZSqrt2``).
    public static let limit = 1024

    public init(numerator: ZSqrt2) {
        self.numerator = numerator
    }

    /// A whole number of units.
    public init(_ integer: Int) {
        numerator = ZSqrt2(integer * Self.denominator)
    }

    /// A number of quarter units: `Exact(quarters: 5)` is 1.25.
    public init(quarters: Int) {
        numerator = ZSqrt2(quarters)
    }

    /// The value (quarters + sqrt2Quarters·√2) / 4.
    public init(quarters: Int, sqrt2Quarters: Int) {
        numerator = ZSqrt2(quarters, sqrt2Quarters)
    }

    public static let zero = Exact(0)
    public static let one = Exact(1)
}

// MARK: - Arithmetic

extension Exact {
    public static func + (lhs: Exact, rhs: Exact) -> Exact {
        Exact(numerator: lhs.numerator + rhs.numerator)
    }

    public static func - (lhs: Exact, rhs: Exact) -> Exact {
        Exact(numerator: lhs.numerator - rhs.numerator)
    }

    public static prefix func - (value: Exact) -> Exact {
        Exact(numerator: -value.numerator)
    }

    public static func += (lhs: inout Exact, rhs: Exact) { lhs = lhs + rhs }
    public static func -= (lhs: inout Exact, rhs: Exact) { lhs = lhs - rhs }

    /// The value times a whole number; stays on the same denominator.
    public func times(_ k: Int) -> Exact {
        Exact(numerator: numerator * ZSqrt2(k))
    }

    /// The value times √2/2, the factor a 45° rotation applies.
    ///
    /// (a + b√2)/4 · √2/2 = (b + (a/2)√2)/4, so the result is representable only when
    /// a is even; otherwise it would need eighths and `nil` is returned.
    public func timesSqrt2Over2() -> Exact? {
        guard numerator.a % 2 == 0 else { return nil }
        return Exact(numerator: ZSqrt2(numerator.b, numerator.a / 2))
    }

    /// True when the value has no √2 part, i.e. it lies on the 0.25 snapping grid.
    public var isOnQuarterGrid: Bool {
        numerator.b == 0
    }
}

// MARK: - Sign and order

extension Exact: Comparable {
    /// The exact sign: −1, 0 or 1.
    public var signum: Int {
        numerator.signum
    }

    public static func < (lhs: Exact, rhs: Exact) -> Bool {
        lhs.numerator < rhs.numerator
    }

    /// An approximation for display only; never use it to decide anything.
    public var doubleValue: Double {
        numerator.doubleValue / Double(Self.denominator)
    }
}
