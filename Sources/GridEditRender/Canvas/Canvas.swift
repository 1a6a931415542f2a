/// What the drawing code draws on: a thin layer over the cairo calls it uses, in device units
/// (pixels for PNG, points for SVG and PDF) with y growing downwards.
///
/// Two canvases exist: `CairoCanvas` draws (PNG, SVG, PDF), and `TraceCanvas` writes each call
/// as a line of text, which golden tests compare and the C baseline replays with plain cairo.
protocol Canvas: AnyObject {
    /// The page or image being drawn.
    var surface: Surface { get }
    /// True for raster output, where lines are placed on whole pixels to stay crisp.
    var snapsToPixels: Bool { get }

    func save()
    func restore()
    func setColor(_ color: Color)
    func setLineWidth(_ width: Double)
    func setLineJoin(_ join: LineJoin)
    func setLineCap(_ cap: LineCap)

    func newPath()
    /// Starts a new sub-path without a line from the current point (as cairo_new_sub_path).
    func newSubPath()
    func moveTo(_ x: Double, _ y: Double)
    func lineTo(_ x: Double, _ y: Double)
    func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double)
    /// A circular arc, counter-clockwise on screen as cairo_arc (angles in radians from +x, towards +y).
    func arc(_ cx: Double, _ cy: Double, _ radius: Double, _ from: Double, _ to: Double)
    func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double)
    func closePath()

    func fill(_ rule: FillRule, preserve: Bool)
    func stroke(preserve: Bool)
    func clip()

    /// A text run with its baseline starting at (x, y), in the current colour.
    func show(_ run: TextRun, x: Double, y: Double)

    /// Ends a page and starts the next (PDF booklets).
    func nextPage()
}

enum LineJoin: String { case miter, round, bevel }
enum LineCap: String { case butt, round, square }
enum FillRule: String { case winding, evenOdd = "evenodd" }

extension Canvas {
    func fill(_ rule: FillRule = .winding) { fill(rule, preserve: false) }
    func stroke() { stroke(preserve: false) }

    /// Fills a path built by `body`.
    func fill(_ color: Color, rule: FillRule = .winding, _ body: () -> Void) {
        setColor(color)
        newPath()
        body()
        fill(rule, preserve: false)
    }

    /// Strokes a path built by `body`.
    func stroke(_ color: Color, width: Double, _ body: () -> Void) {
        setColor(color)
        setLineWidth(width)
        newPath()
        body()
        stroke(preserve: false)
    }

    /// A closed polygon path.
    func polygon(_ points: [(Double, Double)]) {
        guard let first = points.first else { return }
        moveTo(first.0, first.1)
        for point in points.dropFirst() { lineTo(point.0, point.1) }
        closePath()
    }

    /// A rectangle with rounded corners (radius clamped to half the shorter side).
    func roundedRectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double) {
        let r = max(0, min(radius, width / 2, height / 2))
        guard r > 0 else { return rectangle(x, y, width, height) }
        let halfPi = Double.pi / 2
        newSubPath()
        arc(x + width - r, y + r, r, -halfPi, 0)
        arc(x + width - r, y + height - r, r, 0, halfPi)
        arc(x + r, y + height - r, r, halfPi, 2 * halfPi)
        arc(x + r, y + r, r, 2 * halfPi, 3 * halfPi)
        closePath()
    }
}
