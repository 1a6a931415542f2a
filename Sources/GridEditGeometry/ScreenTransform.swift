/// Where a puzzle's own coordinates land on a drawing: device point (originX + x·scaleX,
/// originY + y·scaleY). A Tangram's play area has y up, so its scaleY is negative; a Sudoku's
/// coordinates are (column, row), y down. One value for every front end that lays shapes over a
/// drawing (the page's pieces and cells, the ghost of a drag), computed by the code that draws.
public struct ScreenTransform: Sendable, Hashable {
    public var originX: Double
    public var originY: Double
    public var scaleX: Double
    public var scaleY: Double

    public init(originX: Double, originY: Double, scaleX: Double, scaleY: Double) {
        self.originX = originX
        self.originY = originY
        self.scaleX = scaleX
        self.scaleY = scaleY
    }

    /// The device point of a puzzle point.
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (originX + x * scaleX, originY + y * scaleY)
    }

    /// The device point of an exact point.
    public func apply(_ point: Point) -> (x: Double, y: Double) {
        apply(point.x.doubleValue, point.y.doubleValue)
    }

    /// The puzzle point at a device point (the inverse of ``apply(_:_:)``); snap the result with
    /// `Exact(approximating:)` or to the quarter grid before using it as a coordinate.
    public func unapply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        ((x - originX) / scaleX, (y - originY) / scaleY)
    }

    /// The play area drawn `unitSize` device units to a unit, its top-left corner at the device
    /// origin (y grows downward on the device, up on the board).
    public static func playArea(unitSize: Double) -> ScreenTransform {
        ScreenTransform(originX: 0, originY: PlayArea.size.doubleValue * unitSize, scaleX: unitSize, scaleY: -unitSize)
    }
}
