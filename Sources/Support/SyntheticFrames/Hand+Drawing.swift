import CCairo
import Foundation

extension Hand {
    /// The hand's parts as outlines in mat units (palm, arm, fingers), each `grow` units larger:
    /// polygons of many points, so that the camera's perspective can map them point by point.
    func outlines(grow: Double, offset: SIMD2<Double> = .zero) -> [[SIMD2<Double>]] {
        let forward = SIMD2(cos(direction), sin(direction)), left = SIMD2(-sin(direction), cos(direction))
        let palm = (0..<64).map { k -> SIMD2<Double> in
            let angle = Double(k) / 64 * 2 * .pi
            return palmCentre + offset + forward * (palmRadii.x + grow) * cos(angle) + left * (palmRadii.y + grow) * sin(angle)
        }
        func outline(_ c: Capsule) -> [SIMD2<Double>] {
            let d = c.end - c.start, length = (d * d).sum().squareRoot()
            let u = length > 0 ? d / length : forward, n = SIMD2(-u.y, u.x), r = c.radius + grow
            // Round the far end from the right side to the left, then the near end back.
            let far = (0...16).map { k -> SIMD2<Double> in
                let a = -Double.pi / 2 + Double(k) / 16 * .pi
                return c.end + offset + (u * cos(a) + n * sin(a)) * r
            }
            let near = (0...16).map { k -> SIMD2<Double> in
                let a = Double.pi / 2 + Double(k) / 16 * .pi
                return c.start + offset + (u * cos(a) + n * sin(a)) * r
            }
            return far + near
        }
        return [palm, outline(arm)] + fingers.map(outline)
    }

    /// Draws the hand onto a transparent layer the size of the frame, through `map` (mat units
    /// to frame pixels; not finite for points the camera cannot see): a soft shadow down and to the right, a darker rim, then the skin with
    /// a little shading from the wrist to the fingertips.
    func draw(on cr: OpaquePointer, map: (SIMD2<Double>) -> SIMD2<Double>) {
        func fill(_ shapes: [[SIMD2<Double>]]) {
            for shape in shapes {
                let points = shape.map(map)
                guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }  // behind the camera
                cairo_move_to(cr, points[0].x, points[0].y)
                for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
                cairo_close_path(cr)
                cairo_fill(cr)
            }
        }
        // The shadow as one group, so that overlapping parts are not darker.
        cairo_push_group(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
        fill(outlines(grow: 0.05, offset: SIMD2(0.12, -0.16)))
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, 0.22)

        let rim = skin * 0.8
        cairo_set_source_rgb(cr, rim.x, rim.y, rim.z)
        fill(outlines(grow: 0.03))

        let forward = SIMD2(cos(direction), sin(direction))
        let from = map(palmCentre - forward * palmRadii.x), to = map(palmCentre + forward * (palmRadii.x + 3))
        let gradient = cairo_pattern_create_linear(from.x, from.y, to.x, to.y)!
        let dim = skin * 0.9, bright = pointwiseMin(skin * 1.04, SIMD3(repeating: 1))
        cairo_pattern_add_color_stop_rgb(gradient, 0, dim.x, dim.y, dim.z)
        cairo_pattern_add_color_stop_rgb(gradient, 1, bright.x, bright.y, bright.z)
        cairo_set_source(cr, gradient)
        fill(outlines(grow: 0))
        cairo_pattern_destroy(gradient)
    }
}
