import GridEditCore
import GridEditGeometry

/// How much of a tangram's answer a child is shown, from most help to least.
public enum TangramHint: String, CaseIterable, Sendable {
    /// The shape with every piece's outline drawn in: the easiest card.
    case pieces
    /// Only the outer outline of the shape.
    case outline
    /// The filled shape alone: the classic tangram card.
    case shape
}

/// Draws a tangram (the child's view at a hint level, or the coloured solution) into a box.
struct TangramFigure {
    let style: Style
    let puzzle: TangramPuzzle
    let solution: Bool
    let hint: TangramHint
    let grid: Bool
    /// What lies behind the figure: the colour of the gaps between solution pieces.
    let backdrop: Color
    /// Device units per tangram unit, when several figures must share one scale (a sheet);
    /// nil fits this figure to its box.
    var fixedScale: Double? = nil
    /// With `solution`: the silhouette at the `hint` level behind the pieces (play mode).
    var figureBehind = false
    /// The pieces drawn in as lines behind, at the `pieces` level.
    var figurePieces: [Pose] = []

    /// The play area, whose lower-left corner is the origin.
    static let playArea = 8.0

    func draw(on canvas: Canvas, in box: Box) {
        let viewport = frame(box)
        canvas.setLineJoin(.round)
        canvas.setLineCap(.round)
        if grid { drawGrid(on: canvas, viewport) }

        let pieces = puzzle.pieces ?? []
        let piecePolygons = pieces.map(\.vertices)
        if solution && figureBehind, puzzle.silhouette != nil {
            drawShape(on: canvas, viewport, pieces: figurePieces)
            if pieces.isEmpty { return }
        }
        if solution && !pieces.isEmpty {
            // Each piece in its type's colour, then a thin line in the backdrop's colour around
            // every piece, which reads as the gap between real pieces.
            for pose in pieces {
                canvas.fill(style.pieceColor(pose.piece)) { path(pose.vertices, viewport, on: canvas) }
            }
            canvas.stroke(backdrop, width: style.tangram.gapWidth * viewport.scale) {
                for polygon in piecePolygons { path(polygon, viewport, on: canvas) }
            }
            return
        }
        drawShape(on: canvas, viewport, pieces: pieces)
    }

    /// The child's view of the figure at the hint level: the silhouette (or the pieces' outline),
    /// with `pieces` drawn in as lines at the `pieces` level.
    private func drawShape(on canvas: Canvas, _ viewport: ScreenTransform, pieces: [Pose]) {
        let piecePolygons = pieces.map(\.vertices)
        let shapeRings = puzzle.silhouette.map { $0.map(\.vertices) } ?? piecePolygons
        switch hint {
        case .shape:
            // One path for the whole figure: filled together, neighbouring pieces leave no
            // anti-aliased seam between them.
            canvas.fill(style.tangram.silhouette) { for ring in shapeRings { path(ring, viewport, on: canvas) } }
        case .outline, .pieces:
            canvas.fill(style.tangram.hintFill) { for ring in shapeRings { path(ring, viewport, on: canvas) } }
            if hint == .pieces && !piecePolygons.isEmpty {
                canvas.stroke(style.tangram.hintLine, width: style.tangram.pieceLineWidth * viewport.scale) {
                    for polygon in piecePolygons { path(polygon, viewport, on: canvas) }
                }
            }
            let outline = puzzle.silhouette.map { $0.map(\.vertices) } ?? Self.outline(of: pieces)
            canvas.stroke(style.tangram.hintLine, width: style.tangram.outlineWidth * viewport.scale) {
                for ring in outline { path(ring, viewport, on: canvas) }
            }
        }
    }

    /// The outer outline of a figure without a silhouette: the boundary of the union of its
    /// pieces, exact in ℤ[√2] (GridEditGeometry's ``OctilinearRegion/init(union:)``), so a shared
    /// edge cancels without a sliver and the inner lines between pieces are left out. Rings start
    /// at their lowest, then leftmost corner, outer ones counter-clockwise and holes clockwise,
    /// without straight-through corners, so they stroke with proper joins. Overlapping pieces
    /// have no union (`check` reports them); each piece is outlined then.
    static func outline(of pieces: [Pose]) -> [[Point]] {
        guard let union = try? OctilinearRegion(union: pieces.map(\.polygon)) else { return pieces.map(\.vertices) }
        return union.rings.map(\.vertices)
    }

    /// With the grid, the whole play area; without, the figure as large as the box allows (or
    /// at the fixed scale), leaving room for the outline's line width.
    func frame(_ box: Box) -> ScreenTransform {
        let bounds = self.bounds
        if let fixedScale {
            return ScreenTransform(scale: fixedScale, centreX: (bounds.minX + bounds.maxX) / 2,
                            centreY: (bounds.minY + bounds.maxY) / 2, in: box)
        }
        return ScreenTransform(fitting: bounds.minX, bounds.minY, bounds.maxX, bounds.maxY, into: box)
    }

    /// The scale at which the figure just fits `box`.
    func fittingScale(_ box: Box) -> Double {
        let b = bounds
        return min(box.width / max(b.maxX - b.minX, 1e-9), box.height / max(b.maxY - b.minY, 1e-9))
    }

    /// What is framed, in play-area units: the play area with the grid (widened to whole units
    /// around any piece that lies outside it, so nothing is cut off), else the figure's bounding
    /// box padded by half the outline width.
    var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let area = (0.0, 0.0, Self.playArea, Self.playArea)
        let points = (puzzle.pieces ?? []).flatMap(\.vertices) + (puzzle.silhouette ?? []).flatMap(\.vertices)
        if grid {
            var (minX, minY, maxX, maxY) = area
            for p in points {
                minX = min(minX, p.x.doubleValue.rounded(.down)); maxX = max(maxX, p.x.doubleValue.rounded(.up))
                minY = min(minY, p.y.doubleValue.rounded(.down)); maxY = max(maxY, p.y.doubleValue.rounded(.up))
            }
            return (minX, minY, maxX, maxY)
        }
        guard let first = points.first else { return area }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        let pad = style.tangram.outlineWidth / 2
        return (minX.doubleValue - pad, minY.doubleValue - pad, maxX.doubleValue + pad, maxY.doubleValue + pad)
    }

    private func drawGrid(on canvas: Canvas, _ viewport: ScreenTransform) {
        let width = max(style.tangram.gridWidth * viewport.scale, canvas.snapsToPixels ? 1 : 0.25)
        let side = Self.playArea
        canvas.stroke(style.tangram.grid, width: width) {
            for i in 1..<Int(side) {
                let x = snap(viewport.x(Double(i)), width: width, canvas), y = snap(viewport.y(Double(i)), width: width, canvas)
                canvas.moveTo(x, viewport.y(0)); canvas.lineTo(x, viewport.y(side))
                canvas.moveTo(viewport.x(0), y); canvas.lineTo(viewport.x(side), y)
            }
        }
        canvas.stroke(style.tangram.gridBorder, width: width * 1.5) {
            canvas.rectangle(viewport.x(0), viewport.y(side), side * viewport.scale, side * viewport.scale)
        }
    }

    private func path(_ ring: [Point], _ viewport: ScreenTransform, on canvas: Canvas) {
        canvas.polygon(ring.map(viewport.point))
    }
}

/// A line position moved onto the pixel grid (raster output only), so thin lines stay sharp.
func snap(_ position: Double, width: Double, _ canvas: Canvas) -> Double {
    guard canvas.snapsToPixels else { return position }
    let odd = Int(width.rounded()) % 2 == 1
    return odd ? position.rounded(.down) + 0.5 : position.rounded()
}
