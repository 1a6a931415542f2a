/// A position in the play area, in units, with exact coordinates (origin bottom-left).
public struct Point: Hashable, Sendable {
    public var x: Exact
    public var y: Exact

    public init(x: Exact, y: Exact) {
        self.x = x
        self.y = y
    }

    public init(_ x: Exact, _ y: Exact) {
        self.init(x: x, y: y)
    }

    public static let origin = Point(x: .zero, y: .zero)
}

extension Point {
    public static func - (lhs: Point, rhs: Point) -> Vector {
        Vector(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    public static func + (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    public static func - (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }
}

extension Point: CustomStringConvertible {
    /// `(1+0.5√2, 2)`, using the canonical text of each coordinate.
    public var description: String { "(\(x), \(y))" }

    /// Display only.
    public var doubleX: Double { x.doubleValue }
    /// Display only.
    public var doubleY: Double { y.doubleValue }
}
