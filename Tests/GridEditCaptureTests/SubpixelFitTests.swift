import GridEditCore
import GridEditMat
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

    static func pixels(of slot: Int16, in owner: [Int16]) -> [Int32] {
        owner.indices.filter { owner[$0] == slot }.map(Int32.init)
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
            let counts = SlotCounts(OwnerMap(owner, size: n), slot: 0, pixels: Self.pixels(of: 0, in: owner))
            let fit = PieceFinder.Fit(template: template, placement: start,
                                      score: PieceFinder.score(template, start, slotCount: slotPixels, counts: counts))
            let refined = PieceFinder().refineSubpixel(fit, pixelCount: slotPixels, counts: counts).placement
            #expect(abs(refined.cx - 2.5) * ppu <= 0.15 && abs(refined.cy - 3.5) * ppu <= 0.15,
                    "start (\(dx), \(dy)) px: ended \((refined.cx - 2.5) * ppu), \((refined.cy - 3.5) * ppu) px off")
            #expect(abs(refined.degrees) < 0.5)
        }
    }

    /// The covered share worked out pixel by pixel, as the fit did before it found the rows'
    /// stretches of whole and of no cover analytically and counted the whole stretch at once.
    static func coverageByPixel(_ template: ShapeTemplate, _ placement: PieceFinder.Placement, slot: Int16, owner: [Int16]) -> Double {
        let n = TopView.size, ppu = TopView.pixelsPerUnit, margin = TopView.margin, top = MatLayout.playSize + margin
        let edges = PieceFinder.inwardEdges(template, placement)
        // The pixels the fit looks at (those whose centres lie within a pixel of the outline's bounding box).
        guard let box = PieceFinder.coverageBox(template.outline(cx: placement.cx, cy: placement.cy, degrees: placement.degrees), size: n)
        else { return 0 }
        var plus = 0.0, minus = 0.0
        for row in box.rows {
            let y = top - (Double(row) + 0.5) / ppu
            for column in box.columns {
                let o = owner[row * n + column]
                guard o != -2 else { continue }
                let x = (Double(column) + 0.5) / ppu - margin
                var inside = Double.infinity
                for e in edges { inside = min(inside, e.nx * (x - e.x) + e.ny * (y - e.y)) }
                let covered = max(0, min(1, 0.5 + inside * ppu))
                guard covered > 0 else { continue }
                if o == slot { plus += covered } else { minus += covered }
            }
        }
        return 2 * plus - minus
    }

    @Test("the covered-share score is the sum worked out pixel by pixel (up to the order of adding), for every piece at any place and turn")
    func coverageScoreIsExact() {
        let owner = Self.owner(rim: (1.5, 2))
        let counts = SlotCounts(OwnerMap(owner, size: TopView.size), slot: 0, pixels: Self.pixels(of: 0, in: owner))
        var random = SplitMix64(seed: 38)
        func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * Double(random.next() >> 11) / Double(1 << 53) }
        for shape in [TangramPiece.Shape.largeTriangle, .mediumTriangle, .smallTriangle, .square, .parallelogram] {
            for flipped in [false, true] {
                let template = ShapeTemplate(shape: shape, flipped: flipped)
                // Turns include the axis-parallel ones, where an edge's x-slope is zero.
                for degrees in [0.0, 45, 90, 135, 180, 270] + (0..<12).map({ _ in uniform(0, 360) }) {
                    let placement = PieceFinder.Placement(cx: uniform(1.5, 3.5), cy: uniform(2.5, 4.5), degrees: degrees)
                    let fast = PieceFinder.coverageScore(template, placement, counts: counts)
                    let byPixel = Self.coverageByPixel(template, placement, slot: 0, owner: owner)
                    // The whole pixels are added as one count: the sums may differ in the last bits.
                    #expect(abs(fast - byPixel) <= 1e-9 * max(1, abs(byPixel)), "\(shape) \(flipped) \(placement): \(fast) against \(byPixel)")
                }
            }
        }
    }

    @Test("a placed outline and its edges, kept in lanes instead of arrays, are the arrays' values to the bit")
    func outlineLanesMatchArrays() {
        var random = SplitMix64(seed: 3838)
        func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * Double(random.next() >> 11) / Double(1 << 53) }
        for shape in [TangramPiece.Shape.largeTriangle, .mediumTriangle, .smallTriangle, .square, .parallelogram] {
            for flipped in [false, true] {
                let template = ShapeTemplate(shape: shape, flipped: flipped)
                for degrees in [0.0, 45, 90, 180, 315] + (0..<20).map({ _ in uniform(-30, 400) }) {
                    let (cx, cy) = (uniform(-1, 9), uniform(-1, 9))
                    let corners = template.vertices(cx: cx, cy: cy, degrees: degrees)
                    let outline = template.outline(cx: cx, cy: cy, degrees: degrees)
                    #expect(outline.count == corners.count)
                    for (k, corner) in corners.enumerated() {
                        #expect(outline.x[k] == corner.x && outline.y[k] == corner.y, "\(shape) corner \(k)")
                    }
                    let bounds = outline.bounds
                    #expect(bounds.minX == corners.map(\.x).min()! && bounds.maxX == corners.map(\.x).max()!)
                    #expect(bounds.minY == corners.map(\.y).min()! && bounds.maxY == corners.map(\.y).max()!)
                    // The edges as the fit first worked them out, from the array of corners.
                    let sign: Double = flipped ? -1 : 1
                    let edges = PieceFinder.outlineEdges(template, outline)
                    for k in corners.indices {
                        let a = corners[k], b = corners[(k + 1) % corners.count]
                        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                        #expect(edges.x[k] == a.x && edges.y[k] == a.y)
                        #expect(edges.nx[k] == sign * -(b.y - a.y) / length && edges.ny[k] == sign * (b.x - a.x) / length, "\(shape) edge \(k)")
                    }
                    let (px, py) = (uniform(-1, 9), uniform(-1, 9))
                    let inside = corners.indices.map { k -> Double in
                        let a = corners[k], b = corners[(k + 1) % corners.count]
                        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                        return sign * -(b.y - a.y) / length * (px - a.x) + sign * (b.x - a.x) / length * (py - a.y)
                    }.min()!
                    #expect(edges.inside(px, py) == inside)
                }
            }
        }
    }
}
