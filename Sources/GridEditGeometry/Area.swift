/// An exact area in square units, (a + b√2)/32.
///
/// Areas come from cross products (over 16) halved, hence the denominator 32. They are
/// compared and summed (do the pieces cover the silhouette?), never divided.
public struct Area: Hashable, Comparable, Sendable {
    /// The area times ``denominator``.
    public let numerator: ZSqrt2

    public static let denominator = 32

    public init(numerator: ZSqrt2) {
        self.numerator = numerator
    }

    /// A whole number of square units.
    public init(units: Int) {
        numerator = ZSqrt2(units * Self.denominator)
    }

    public static let zero = Area(units: 0)

    public static func + (lhs: Area, rhs: Area) -> Area {
        Area(numerator: lhs.numerator + rhs.numerator)
    }

    public static func < (lhs: Area, rhs: Area) -> Bool {
        lhs.numerator < rhs.numerator
    }

    /// Display only.
    public var doubleValue: Double {
        numerator.doubleValue / Double(Self.denominator)
    }
}
