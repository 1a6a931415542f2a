import GridEditGeometry

/// The seven classic tangram pieces. The two large and the two small triangles are
/// interchangeable in play but have their own ids so that a file names each piece once.
public enum TangramPiece: String, Sendable, Hashable, CaseIterable, Comparable {
    case large1 = "large-1"
    case large2 = "large-2"
    case medium
    case small1 = "small-1"
    case small2 = "small-2"
    case square
    case parallelogram

    /// The shape class: pieces with the same shape are interchangeable.
    public enum Shape: String, Sendable, Hashable, CaseIterable {
        case largeTriangle, mediumTriangle, smallTriangle, square, parallelogram
    }

    public var shape: Shape {
        switch self {
        case .large1, .large2: .largeTriangle
        case .medium: .mediumTriangle
        case .small1, .small2: .smallTriangle
        case .square: .square
        case .parallelogram: .parallelogram
        }
    }

    /// One letter per piece for terminal previews: upper case for the first of a pair.
    public var letter: Character {
        switch self {
        case .large1: "L"
        case .large2: "l"
        case .medium: "M"
        case .small1: "S"
        case .small2: "s"
        case .square: "Q"
        case .parallelogram: "P"
        }
    }

    public static func < (a: TangramPiece, b: TangramPiece) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

extension TangramPiece.Shape {
    /// The piece in its own frame, counter-clockwise, with the pose origin at vertex 0.
    ///
    /// Unit: the small triangle's legs are 1. Every local vertex lies in ℤ[√2], which is what
    /// keeps all eight 45° rotations of a piece exact in `Exact`'s (1/4)ℤ[√2].
    public var localVertices: [Point] {
        let sqrt2 = Exact(quarters: 0, sqrt2Quarters: 4)
        switch self {
        case .largeTriangle: return [Point(0, 0), Point(2, 0), Point(0, 2)]
        case .mediumTriangle: return [.origin, Point(sqrt2, .zero), Point(.zero, sqrt2)]
        case .smallTriangle: return [Point(0, 0), Point(1, 0), Point(0, 1)]
        case .square: return [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]
        case .parallelogram: return [Point(0, 0), Point(1, 0), Point(2, 1), Point(1, 1)]
        }
    }

    /// Area in square units: 2 + 2 + 1 + 0.5 + 0.5 + 1 + 1 = 8 for the full set.
    public var area: Area { Polygon(localVertices)!.area }

    /// Mirroring is a new shape only for the parallelogram; for the others it equals a turn.
    public var isChiral: Bool { self == .parallelogram }
}

extension Point {
    /// Convenience for the integer vertices of the piece table.
    init(_ x: Int, _ y: Int) { self.init(Exact(x), Exact(y)) }
}
