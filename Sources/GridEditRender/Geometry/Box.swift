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

/// Maps play-area units (y up, as in the files) onto a box of the canvas (y down), keeping
/// proportions and centring the content.
struct Viewport: Sendable {
    /// Device units per play-area unit.
    let scale: Double
    let originX: Double
    let originY: Double

    /// Fits the play-area rectangle [minX, maxX] × [minY, maxY] into `box`.
    init(minX: Double, minY: Double, maxX: Double, maxY: Double, into box: Box) {
        let width = max(maxX - minX, 1e-9), height = max(maxY - minY, 1e-9)
        scale = min(box.width / width, box.height / height)
        originX = box.midX - (minX + maxX) / 2 * scale
        originY = box.midY + (minY + maxY) / 2 * scale
    }

    /// Centres the play-area point (centreX, centreY) in `box` at a given scale.
    init(scale: Double, centreX: Double, centreY: Double, in box: Box) {
        self.scale = scale
        originX = box.midX - centreX * scale
        originY = box.midY + centreY * scale
    }

    func x(_ value: Double) -> Double { originX + value * scale }
    func y(_ value: Double) -> Double { originY - value * scale }
    func point(_ p: Point) -> (Double, Double) { (x(p.x.doubleValue), y(p.y.doubleValue)) }
}
