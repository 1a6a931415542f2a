import CCairo

/// The ``Canvas`` drawing operations on a cairo context, shared by every canvas that draws with
/// cairo (the output canvas, and the mat's raster for synthetic camera frames). Each canvas keeps
/// its own surface handling and text.
protocol CairoContextDrawing: Canvas {
    /// The cairo context everything is drawn on.
    var cr: OpaquePointer { get }
}

extension CairoContextDrawing {
    func save() { cairo_save(cr) }
    func restore() { cairo_restore(cr) }
    func setColor(_ c: Color) { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }
    func setLineWidth(_ width: Double) { cairo_set_line_width(cr, width) }

    func setLineJoin(_ join: LineJoin) {
        switch join {
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        }
    }

    func setLineCap(_ cap: LineCap) {
        switch cap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
    }

    func newPath() { cairo_new_path(cr) }
    func newSubPath() { cairo_new_sub_path(cr) }
    func moveTo(_ x: Double, _ y: Double) { cairo_move_to(cr, x, y) }
    func lineTo(_ x: Double, _ y: Double) { cairo_line_to(cr, x, y) }
    func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
        cairo_curve_to(cr, x1, y1, x2, y2, x3, y3)
    }
    func arc(_ cx: Double, _ cy: Double, _ radius: Double, _ from: Double, _ to: Double) {
        cairo_arc(cr, cx, cy, radius, from, to)
    }
    func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) { cairo_rectangle(cr, x, y, width, height) }
    func closePath() { cairo_close_path(cr) }

    func fill(_ rule: FillRule, preserve: Bool) {
        cairo_set_fill_rule(cr, rule == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD)
        preserve ? cairo_fill_preserve(cr) : cairo_fill(cr)
    }

    func stroke(preserve: Bool) { preserve ? cairo_stroke_preserve(cr) : cairo_stroke(cr) }
    func clip() { cairo_clip(cr) }
}
