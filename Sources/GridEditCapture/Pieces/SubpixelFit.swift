import GridEditCore
import GridEditMat

/// The last, sub-pixel step of a piece's fit.
///
/// The hill climb (``PieceFinder/climb``) counts the top view's pixels whose centres fall inside
/// the outline, so its score changes only when an edge crosses a pixel centre: the fit is known
/// to a pixel or so (1/48 unit), while a piece turned 45° lies among grid placements a few
/// hundredths of a unit apart (`CameraLayout.gridMargin`). Here each pixel counts by the share
/// of it the outline covers (from its centre's distance to the edges: half a pixel in or out is
/// half), which moves smoothly with the outline, and the fit climbs on in quarter and eighth
/// pixel steps. Every tangram piece is convex, so the distance to the outline is the least of the
/// distances to its edges' lines.
extension PieceFinder {
    /// The outline's edges as lines with inward unit normals: a point p lies inside by
    /// `nx · (p.x − x) + ny · (p.y − y)` units, for the edge nearest to it, when all are positive.
    static func inwardEdges(_ template: ShapeTemplate, _ placement: Placement) -> [(x: Double, y: Double, nx: Double, ny: Double)] {
        let edges = outlineEdges(template, template.outline(cx: placement.cx, cy: placement.cy, degrees: placement.degrees))
        return (0..<edges.count).map { k in (edges.x[k], edges.y[k], edges.nx[k], edges.ny[k]) }
    }

    /// ``inwardEdges(_:_:)`` of a placed outline, without an array.
    @inline(__always)
    static func outlineEdges(_ template: ShapeTemplate, _ polygon: Outline) -> OutlineEdges {
        // Counter-clockwise outlines have the inside on the left; a flipped one runs clockwise.
        let sign: Double = template.flipped ? -1 : 1
        var edges = OutlineEdges(x: polygon.x, y: polygon.y, nx: .zero, ny: .zero, count: polygon.count)
        for k in 0..<polygon.count {
            let a = (x: polygon.x[k], y: polygon.y[k]), j = polygon.next(k), b = (x: polygon.x[j], y: polygon.y[j])
            let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            edges.nx[k] = sign * -(b.y - a.y) / length
            edges.ny[k] = sign * (b.x - a.x) / length
        }
        return edges
    }

    /// The pixels ``coverageScore(_:_:counts:)`` looks at: those whose centres lie within
    /// a pixel of the outline's bounding box; nil when none is in the top view.
    @inline(__always)
    static func coverageBox(_ polygon: Outline, size n: Int) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>)? {
        let ppu = TopView.pixelsPerUnit, margin = TopView.margin, top = MatLayout.playSize + margin
        let b = polygon.bounds
        let firstRow = max(0, Int(((top - b.maxY) * ppu - 1.5).rounded(.up)))
        let lastRow = min(n - 1, Int(((top - b.minY) * ppu + 0.5).rounded(.down)))
        let firstColumn = max(0, Int(((b.minX + margin) * ppu - 1.5).rounded(.up)))
        let lastColumn = min(n - 1, Int(((b.maxX + margin) * ppu + 0.5).rounded(.down)))
        guard firstRow <= lastRow, firstColumn <= lastColumn else { return nil }
        return (firstRow...lastRow, firstColumn...lastColumn)
    }

    /// The score of ``score(_:_:slotCount:counts:)`` with every pixel weighted by how much of it
    /// the outline covers (up to the slot's size, which is the same for every placement).
    static func coverageScore(_ template: ShapeTemplate, _ placement: Placement, counts: SlotCounts) -> Double {
        let n = counts.size, slot = counts.slot
        let ppu = TopView.pixelsPerUnit, margin = TopView.margin
        let polygon = template.outline(cx: placement.cx, cy: placement.cy, degrees: placement.degrees)
        let edges = outlineEdges(template, polygon)
        guard let box = coverageBox(polygon, size: n) else { return 0 }
        // Along a row every edge's distance is linear in x, so the stretch where the outline
        // surely covers a pixel whole (more than half a pixel inside every edge), and the one
        // where it surely covers nothing, are found per row: the whole stretch is counted at
        // once, and only the pixels between the two are worked out one by one. (A margin of 1e-9
        // units keeps rounding on the safe side: every pixel gets the share it would get worked
        // out on its own.)
        let whole = 0.5 / ppu + 1e-9, none = -0.5 / ppu - 1e-9
        // Pixel centres from tables (the same numbers as `(column + 0.5) / ppu - margin`).
        let columnCentres = TopView.columnCentres, rowCentres = TopView.rowCentres
        @inline(__always) func x(_ column: Int) -> Double { columnCentres[column] }
        // The first column of the box whose centre lies at `bound` or right of it.
        func firstColumn(from bound: Double) -> Int {
            if bound <= x(box.columns.lowerBound) { return box.columns.lowerBound }
            if bound > x(box.columns.upperBound) { return box.columns.upperBound + 1 }
            var column = max(box.columns.lowerBound, min(box.columns.upperBound, Int(((bound + margin) * ppu - 0.5).rounded(.up))))
            while column > box.columns.lowerBound && x(column - 1) >= bound { column -= 1 }
            while x(column) < bound { column += 1 }
            return column
        }
        // The last column of the box whose centre lies at `bound` or left of it.
        func lastColumn(to bound: Double) -> Int {
            if bound >= x(box.columns.upperBound) { return box.columns.upperBound }
            if bound < x(box.columns.lowerBound) { return box.columns.lowerBound - 1 }
            var column = max(box.columns.lowerBound, min(box.columns.upperBound, Int(((bound + margin) * ppu - 0.5).rounded(.down))))
            while column < box.columns.upperBound && x(column + 1) <= bound { column += 1 }
            while x(column) > bound { column -= 1 }
            return column
        }
        var plus = 0.0, minus = 0.0
        counts.owner.withUnsafeBufferPointer { owner in
            for row in box.rows {
                let y = rowCentres[row]
                var wholeFrom = -Double.infinity, wholeTo = Double.infinity, someFrom = -Double.infinity, someTo = Double.infinity
                for k in 0..<edges.count {
                    let ex = edges.x[k], ey = edges.y[k], nx = edges.nx[k], ny = edges.ny[k]
                    let c = ny * (y - ey) - nx * ex  // the distance is nx · x + c
                    if nx > 1e-12 {
                        wholeFrom = max(wholeFrom, (whole - c) / nx)
                        someFrom = max(someFrom, (none - c) / nx)
                    } else if nx < -1e-12 {
                        wholeTo = min(wholeTo, (whole - c) / nx)
                        someTo = min(someTo, (none - c) / nx)
                    } else {
                        if c < whole { wholeFrom = .infinity }
                        if c < none { someFrom = .infinity }
                    }
                }
                let some = (firstColumn(from: someFrom), lastColumn(to: someTo))
                guard some.0 <= some.1 else { continue }  // the row's pixels all lie outside
                var wholly = (max(some.0, firstColumn(from: wholeFrom)), min(some.1, lastColumn(to: wholeTo)))
                if wholly.0 > wholly.1 { wholly = (some.1 + 1, some.1) }
                else {
                    let span = counts.span(row: row, wholly.0, wholly.1)
                    plus += Double(span.slot)
                    minus += Double(span.other)
                }
                // The pixels partly covered: left of the whole stretch, then right of it.
                func partly(_ columns: Range<Int>) {
                    for column in columns {
                        let o = owner[row * n + column]
                        guard o != -2 else { continue }  // unknown counts for nothing
                        let inside = edges.inside(x(column), y)
                        let covered = max(0, min(1, 0.5 + inside * ppu))
                        guard covered > 0 else { continue }
                        if o == slot { plus += covered } else { minus += covered }
                    }
                }
                partly(some.0..<wholly.0)
                partly((wholly.1 + 1)..<(some.1 + 1))
            }
        }
        // plus − minus − (slot pixels outside), less the slot's size, which does not move.
        return 2 * plus - minus
    }

    /// The fit climbed on by the covered share, in quarter and eighth pixel steps (and eighth and
    /// sixteenth degree turns), never leaving the way its start lies; its score is then the plain
    /// pixel count at the new place, as every measure of the fit is.
    func refineSubpixel(_ fit: Fit, pixelCount: Int, counts: SlotCounts, memo: FitMemo = FitMemo()) -> Fit {
        let ppu = TopView.pixelsPerUnit
        var placement = fit.placement
        var best = memo.coverage(fit.template, placement, counts: counts)
        for step in [0.25, 0.125] {
            let d = step / ppu, turn = step / 2
            var improved = true, rounds = 0
            while improved && rounds < 8 {
                improved = false
                rounds += 1
                for m in 0..<6 {
                    let move = Self.move(m, d, turn)
                    let trial = Placement(cx: placement.cx + move.0, cy: placement.cy + move.1, degrees: placement.degrees + move.2)
                    let score = memo.coverage(fit.template, trial, counts: counts)
                    if score > best { (placement, best, improved) = (trial, score, true) }
                }
            }
        }
        placement = Self.plateauCentre(fit.template, placement, score: best, counts: counts, memo: memo)
        var refined = fit
        refined.placement = placement
        refined.score = memo.score(fit.template, placement, slotCount: pixelCount, counts: counts)
        return refined
    }

    /// The `m`-th of the six moves a climb tries, in order: right, left, up, down by `d`, then
    /// turned by `turn` each way.
    @inline(__always)
    static func move(_ m: Int, _ d: Double, _ turn: Double) -> (Double, Double, Double) {
        switch m {
        case 0: (d, 0, 0)
        case 1: (-d, 0, 0)
        case 2: (0, d, 0)
        case 3: (0, -d, 0)
        case 4: (0, 0, turn)
        default: (0, 0, -turn)
        }
    }

    /// The middle of the plateau around a best placement. Between a piece's pixels and the paper
    /// lies a rim of blurred pixels that are neither (unknown, which counts for nothing), so an
    /// edge may move a pixel or two across it without changing the score: the climb stops
    /// anywhere on that plateau, and the fit's place wanders by as much. Measured along x and y,
    /// in eighth pixel steps up to four pixels, how far the placement moves each way before the
    /// score falls by ``plateauDrop`` per pixel of the outline's perimeter, the middle of the two
    /// reaches is the edge half-way across the rim on every side (the fit error less the frame's
    /// mean: median 0.0089 → 0.0080 units, worst 0.049 → 0.043 on seeds 0–299).
    static func plateauCentre(_ template: ShapeTemplate, _ top: Placement, score: Double, counts: SlotCounts,
                              memo: FitMemo = FitMemo()) -> Placement {
        let ppu = TopView.pixelsPerUnit, d = 0.125 / ppu
        let corners = template.centred
        var perimeter = 0.0
        for k in corners.indices {
            let a = corners[k], b = corners[(k + 1) % corners.count]
            perimeter += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() * ppu
        }
        let floor = score - plateauDrop * perimeter
        func reach(_ dx: Double, _ dy: Double) -> Double {
            var steps = 0
            while steps < 32 {
                let trial = Placement(cx: top.cx + Double(steps + 1) * dx, cy: top.cy + Double(steps + 1) * dy, degrees: top.degrees)
                if memo.coverage(template, trial, counts: counts) < floor { break }
                steps += 1
            }
            return Double(steps)
        }
        let (right, left, up, down) = (reach(d, 0), reach(-d, 0), reach(0, d), reach(0, -d))
        return Placement(cx: top.cx + (right - left) / 2 * d, cy: top.cy + (up - down) / 2 * d, degrees: top.degrees)
    }

    /// Score (per pixel of perimeter) the plateau's edges lie below its best.
    static let plateauDrop = 0.1
}

/// The scores of one slot's placements already worked out, for the climbs and the sub-pixel
/// steps of one fit: a step back, or a second start's climb, often lands on a placement (the same
/// numbers to the bit, on the same side) scored before, about a fifth of all (measured on
/// `gridedit-bench capture-speed`'s frames). A score depends only on the placement, the side, the
/// slot's counts and its size, which one fit keeps, so a stored score is the score.
final class FitMemo {
    private var scores = PlacementTable<Int>(capacity: 1024)
    private var coverages = PlacementTable<Double>(capacity: 512)

    /// ``PieceFinder/score(_:_:slotCount:counts:)``, worked out once per placement.
    func score(_ template: ShapeTemplate, _ placement: PieceFinder.Placement, slotCount: Int, counts: SlotCounts) -> Int {
        scores.value(template.flipped, placement) {
            PieceFinder.score(template, placement, slotCount: slotCount, counts: counts)
        }
    }

    /// ``PieceFinder/coverageScore(_:_:counts:)``, worked out once per placement.
    func coverage(_ template: ShapeTemplate, _ placement: PieceFinder.Placement, counts: SlotCounts) -> Double {
        coverages.value(template.flipped, placement) {
            PieceFinder.coverageScore(template, placement, counts: counts)
        }
    }
}

/// A placement's value (a placement and side, by their bits), in an open-addressed table: a
/// fit asks it a few hundred times, and a `Dictionary` spent more time hashing its keys (SipHash)
/// than this spends on all of it.
struct PlacementTable<Value> {
    private struct Key: Equatable {
        var cx: UInt64, cy: UInt64, degrees: UInt64, flipped: Bool
    }
    private var entries: [(key: Key, value: Value)?]
    private var count = 0

    /// `capacity`: a power of two, the slots the table starts with (it doubles past half full).
    init(capacity: Int) {
        entries = Array(repeating: nil, count: capacity)
    }

    @inline(__always)
    private static func slot(_ key: Key, mask: Int) -> Int {
        var h = key.cx &* 0x9E37_79B9_7F4A_7C15
        h ^= key.cy &* 0xC2B2_AE3D_27D4_EB4F
        h ^= key.degrees &* 0x1656_67B1_9E37_79F9
        h ^= key.flipped ? 0xD6E8_FEB8_6659_FD93 : 0
        h ^= h >> 32
        return Int(truncatingIfNeeded: h) & mask
    }

    /// The value stored for the placement, else `make()`'s, stored.
    @inline(__always)
    mutating func value(_ flipped: Bool, _ placement: PieceFinder.Placement, _ make: () -> Value) -> Value {
        let key = Key(cx: placement.cx.bitPattern, cy: placement.cy.bitPattern, degrees: placement.degrees.bitPattern, flipped: flipped)
        let mask = entries.count - 1
        var i = Self.slot(key, mask: mask)
        while let stored = entries[i] {
            if stored.key == key { return stored.value }
            i = (i + 1) & mask
        }
        let value = make()
        entries[i] = (key, value)
        count += 1
        if 2 * count > entries.count { grow() }
        return value
    }

    private mutating func grow() {
        let old = entries
        entries = Array(repeating: nil, count: 2 * old.count)
        let mask = entries.count - 1
        for case let entry? in old {
            var i = Self.slot(entry.key, mask: mask)
            while entries[i] != nil { i = (i + 1) & mask }
            entries[i] = entry
        }
    }
}
