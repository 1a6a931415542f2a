/// A rotation by a multiple of 45°, counter-clockwise.
///
/// Tangram pieces only ever turn in 45° steps, and those are exactly the rotations
/// whose sine and cosine (0, ±1, ±√2/2) keep coordinates inside ℤ[√2].
public struct Rotation: Hashable, Sendable {
    /// Number of 45° steps, normalised to 0..<8.
    public let eighths: Int

    public init(eighths: Int) {
        self.eighths = ((eighths % 8) + 8) % 8
    }

    /// Nil unless `degrees` is a multiple of 45. Negative angles and full turns wrap:
    /// −45 is 315, 405 is 45.
    public init?(degrees: Int) {
        guard degrees % 45 == 0 else { return nil }
        self.init(eighths: degrees / 45)
    }

    /// In 0..<360.
    public var degrees: Int { eighths * 45 }

    public static let identity = Rotation(eighths: 0)

    /// Doing `lhs`, then `rhs` (rotations about one centre commute).
    public static func + (lhs: Rotation, rhs: Rotation) -> Rotation {
        Rotation(eighths: lhs.eighths + rhs.eighths)
    }

    /// The rotation that undoes this one.
    public var inverse: Rotation { Rotation(eighths: -eighths) }
}

extension Rotation: CustomStringConvertible {
    public var description: String { "\(degrees)°" }
}
