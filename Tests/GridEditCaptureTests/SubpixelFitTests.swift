import GridEditCore
import Testing
@testable import GridEditCapture

/// Between a piece's pixels and the paper lies a rim of blurred pixels that are neither, which
/// count for nothing: the fit's last step puts each edge half-way across it, wherever the climb
/// happened to stop.
@Suite("The sub-pixel fit puts an edge half-way across the blurred rim")
struct SubpixelFitTests {
    /// The top view of a unit square with its lower-left corner at (2, 3): pixels more than `rim`
    /// pixels inside it (`rim.x` from its left and right sides, `rim.y` from the others) are the
    /// piece's (slot 0), more than that outside are paper, the rest unknown.
    static func owner(rim: (x: Double, y: Double)) -> [Int16] {
        let n = TopView.size, ppu = TopView.pixelsPerUnit
        return (0..<(n * n)).map { i in
            let p = TopView.units(column: i % n, row: i / n)
            let depth = min(min(p.x - 2, 3 - p.x) * ppu / rim.x, min(p.y - 3, 4 - p.y) * ppu / rim.y)
            return depth > 1 ? 0 : depth < -1 ? -1 : -2
        }
    }

    @Test("from any start on the plateau, the fit ends at the square's true place", arguments: [(2.0, 1.25), (3, 2), (1.5, 1.5)])
    func edgeHalfWayAcrossTheRim(rimX: Double, rimY: Double) {
        let n = TopView.size, ppu = TopView.pixelsPerUnit
        let owner = Self.owner(rim: (rimX, rimY))
        let slotPixels = owner.filter { $0 == 0 }.count
        let template = ShapeTemplate(shape: .square, flipped: false)
        // Starts up to a pixel (less than the rim) off the true middle (2.5, 3.5), each scoring
        // as well as the truth: a climb alone does not move from them.
        for (dx, dy) in [(1.0, 0.5), (-1, -0.75), (0.75, -1), (0, 0)] {
            let start = PieceFinder.Placement(cx: 2.5 + dx / ppu, cy: 3.5 + dy / ppu, degrees: 0)
            let fit = PieceFinder.Fit(template: template, placement: start,
                                      score: PieceFinder.score(template, start, slot: 0, slotCount: slotPixels, owner: owner, size: n))
            let refined = PieceFinder().refineSubpixel(fit, slot: 0, pixelCount: slotPixels, owner: owner, size: n).placement
            #expect(abs(refined.cx - 2.5) * ppu <= 0.15 && abs(refined.cy - 3.5) * ppu <= 0.15,
                    "start (\(dx), \(dy)) px: ended \((refined.cx - 2.5) * ppu), \((refined.cy - 3.5) * ppu) px off")
            #expect(abs(refined.degrees) < 0.5)
        }
    }
}
