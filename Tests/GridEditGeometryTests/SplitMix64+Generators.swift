@testable import GridEditGeometry
import GridEditCore

/// Generators for property tests on Core's SplitMix64 (the same cases on every machine and run).

// MARK: - Generators

extension SplitMix64 {
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    mutating func zsqrt2(_ bound: Int) -> ZSqrt2 {
        ZSqrt2(int(-bound...bound), int(-bound...bound))
    }

    /// An Exact whose numerator parts are within ±bound quarters.
    mutating func exact(_ bound: Int) -> Exact {
        Exact(numerator: zsqrt2(bound))
    }

    mutating func vector(_ bound: Int) -> Vector {
        Vector(x: exact(bound), y: exact(bound))
    }

    mutating func point(_ bound: Int) -> Point {
        Point(x: exact(bound), y: exact(bound))
    }

    /// A vector whose components lie in ℤ[√2] (like piece-local vertices), so every
    /// rotation by 45° steps keeps it exact.
    mutating func ringVector(_ bound: Int) -> Vector {
        Vector(x: Exact(numerator: ZSqrt2(4 * int(-bound...bound), 4 * int(-bound...bound))),
               y: Exact(numerator: ZSqrt2(4 * int(-bound...bound), 4 * int(-bound...bound))))
    }

    mutating func rotation() -> Rotation {
        Rotation(eighths: int(0...7))
    }
}

// MARK: - Shorthands

/// A point given in quarter units: `pq(5, 2)` is (1.25, 0.5).
func pq(_ xQuarters: Int, _ yQuarters: Int) -> Point {
    Point(x: Exact(quarters: xQuarters), y: Exact(quarters: yQuarters))
}

/// A point given in whole units.
func pu(_ x: Int, _ y: Int) -> Point {
    Point(x: Exact(x), y: Exact(y))
}

/// A vector given in quarter units.
func vq(_ xQuarters: Int, _ yQuarters: Int) -> Vector {
    Vector(x: Exact(quarters: xQuarters), y: Exact(quarters: yQuarters))
}

/// An axis-aligned rectangle from quarter-unit bounds, counter-clockwise.
func rectangle(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Polygon {
    Polygon([pq(x0, y0), pq(x1, y0), pq(x1, y1), pq(x0, y1)])!
}
