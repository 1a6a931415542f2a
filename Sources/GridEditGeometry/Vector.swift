/// A displacement in the plane with exact components.
public struct Vector: Hashable, Sendable {
    public var x: Exact
    public var y: Exact

    public init(x: Exact, y: Exact) {
        self.x = x
        self.y = y
    }

    public init(_ x: Exact, _ y: Exact) {
        self.init(x: x, y: y)
    }

    public static let zero = Vector(x: .zero, y: .zero)
}

extension Vector {
    public static func + (lhs: Vector, rhs: Vector) -> Vector {
        Vector(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    public static func - (lhs: Vector, rhs: Vector) -> Vector {
        Vector(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    public static prefix func - (vector: Vector) -> Vector {
        Vector(x: -vector.x, y: -vector.y)
    }

    /// The z-component of self × other, as a numerator over 16.
    ///
    /// Its sign says on which side `other` lies: positive means counter-clockwise from
    /// `self`, zero means parallel. Only the sign and comparisons are ever needed, so the
    /// raw numerator is returned instead of a value on a new denominator.
    public func cross(_ other: Vector) -> ZSqrt2 {
        x.numerator * other.y.numerator - y.numerator * other.x.numerator
    }

    /// The dot product, as a numerator over 16.
    public func dot(_ other: Vector) -> ZSqrt2 {
        x.numerator * other.x.numerator + y.numerator * other.y.numerator
    }
}

extension Vector: CustomStringConvertible {
    /// `(1+0.5√2, 2)`, using the canonical text of each component.
    public var description: String { "(\(x), \(y))" }

    /// Display only.
    public var doubleX: Double { x.doubleValue }
    /// Display only.
    public var doubleY: Double { y.doubleValue }
}
