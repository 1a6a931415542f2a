import GridEditCore
import GridEditGeometry

/// How a document snaps what the designer does. Per document; `snap` in the REPL changes it.
public struct SnapSettings: Sendable, Hashable {
    /// Positions that are not exact (a finger, a camera, a typed `3.1`) go to the 0.25 grid.
    /// Off: they go to the nearest a + b√2 with a small √2 part, and typed values must be exact.
    public var grid = true
    /// Angles go to the nearest multiple of 45°. Off: an angle must already be one (within 0.5°).
    public var rotation = true
    /// A placed or moved piece lands exactly on a nearby piece's corner or flush with its edge.
    public var anchors = true
    /// How near (in units) a corner or edge must be for anchoring.
    public var radius = Exact(quarters: 2)

    public init() {}

    /// Angles within this many degrees of a multiple of 45° are accepted with snapping off.
    public static let rotationTolerance = 0.5
}

/// One coordinate as the designer or a device gave it.
public enum CoordinateInput: Sendable, Hashable {
    /// An exact value (typed `4+0.5√2`, `1.25`): used as is.
    case exact(Exact)
    /// An approximate value (a finger, a camera, a typed `3.1`): snapped to become exact.
    case approximate(Double)

    /// Parses typed text: an exact `a + b√2` if possible, else a plain decimal as an approximation.
    public init?(text: String) {
        if let value = Exact(parsing: text) {
            self = .exact(value)
        } else if let value = Double(text), value.isFinite, abs(value) <= Double(Exact.limit) {
            self = .approximate(value)
        } else {
            return nil
        }
    }

    public var isExact: Bool {
        if case .exact = self { return true }
        return false
    }

    /// The value as a real number (an exact value's approximation).
    public var approximation: Double {
        switch self {
        case .exact(let value): value.doubleValue
        case .approximate(let value): value
        }
    }
}

/// A position as given: two coordinates.
public struct PositionInput: Sendable, Hashable {
    public var x: CoordinateInput
    public var y: CoordinateInput

    public init(x: CoordinateInput, y: CoordinateInput) {
        self.x = x
        self.y = y
    }

    public init(_ point: Point) {
        self.init(x: .exact(point.x), y: .exact(point.y))
    }

    public static func approximate(_ x: Double, _ y: Double) -> PositionInput {
        PositionInput(x: .approximate(x), y: .approximate(y))
    }
}

/// An angle as given: an exact multiple of 45° or a number of degrees to snap.
public enum AngleInput: Sendable, Hashable {
    case exact(Rotation)
    case degrees(Double)
}

extension SnapSettings {
    /// An exact coordinate from an input; the flag says whether grid snapping changed it.
    public func resolve(_ input: CoordinateInput) throws(EditError) -> (value: Exact, snapped: Bool) {
        switch input {
        case .exact(let value):
            return (value, false)
        case .approximate(let value):
            let exact = grid ? Exact(nearestQuarterTo: value) : Exact(nearestTo: value)
            guard let exact else { throw EditError("\(value) is out of range (coordinates stay within ±\(Exact.limit))") }
            return (exact, true)
        }
    }

    public func resolve(_ input: PositionInput) throws(EditError) -> (point: Point, snapped: Bool) {
        let (x, sx) = try resolve(input.x)
        let (y, sy) = try resolve(input.y)
        return (Point(x, y), sx || sy)
    }

    /// A rotation from an angle; refused with rotation snapping off unless it is a multiple of 45°.
    public func resolve(_ input: AngleInput) throws(EditError) -> (rotation: Rotation, snapped: Bool) {
        switch input {
        case .exact(let rotation):
            return (rotation, false)
        case .degrees(let degrees):
            guard degrees.isFinite else { throw EditError("\(degrees) is not an angle") }
            if let exact = Rotation(degrees: degrees, tolerance: 1e-9) { return (exact, false) }
            if rotation { return (Rotation(nearestTo: degrees), true) }
            guard let close = Rotation(degrees: degrees, tolerance: Self.rotationTolerance) else {
                throw EditError("\(Self.format(degrees))° is not a multiple of 45° and rotation snapping is off; "
                                + "turn by 45° steps, or `snap rotation on`")
            }
            return (close, true)
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// A one-line summary: `grid on, rotation on, anchors on (radius 0.5)`.
    public var summary: String {
        func onOff(_ flag: Bool) -> String { flag ? "on" : "off" }
        return "grid \(onOff(grid)), rotation \(onOff(rotation)), anchors \(onOff(anchors)) (radius \(radius))"
    }
}
