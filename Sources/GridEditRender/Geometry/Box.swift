import GridEditGeometry

/// A rectangle in device units (y down).
struct Box: Sendable, Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var maxX: Double { x + width }
    var maxY: Double { y + height }
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }

    func inset(_ d: Double) -> Box { Box(x: x + d, y: y + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d)) }

    /// The largest centred square inside.
    var centredSquare: Box {
        let side = min(width, height)
        return Box(x: midX - side / 2, y: midY - side / 2, width: side, height: side)
    }
}

/// Play-area units (y up, as in the files) onto a box of the canvas (y down), keeping proportions
/// and centring the content: the same ``ScreenTransform`` the page lays its pieces with.
extension ScreenTransform {
    /// Fits the play-area rectangle [minX, maxX] × [minY, maxY] into `box`.
    init(fitting minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, into box: Box) {
        let width = max(maxX - minX, 1e-9), height = max(maxY - minY, 1e-9)
        let scale = min(box.width / width, box.height / height)
        self.init(originX: box.midX - (minX + maxX) / 2 * scale, originY: box.midY + (minY + maxY) / 2 * scale,
                  scaleX: scale, scaleY: -scale)
    }

    /// Centres the play-area point (centreX, centreY) in `box` at a given scale.
    init(scale: Double, centreX: Double, centreY: Double, in box: Box) {
        self.init(originX: box.midX - centreX * scale, originY: box.midY + centreY * scale, scaleX: scale, scaleY: -scale)
    }

    /// Device units per play-area unit.
    var scale: Double { scaleX }
    func x(_ value: Double) -> Double { originX + value * scaleX }
    func y(_ value: Double) -> Double { originY + value * scaleY }
    func point(_ p: Point) -> (Double, Double) { apply(p) }
}
