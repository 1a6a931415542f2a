import CCairo
import CVision
import Foundation
import GridEditCapture
import GridEditCore
import GridEditMat
import GridEditRender
import SyntheticFrames

/// Draws ``PhotoScene``s. Only the printed page comes from gridedit (the drawing `gridedit mat`
/// prints, rasterised without pieces); the pieces, the hand, the camera, the lens and the light
/// are drawn here:
///
/// 1. the page top-down at 64 pixels per unit; over it, with Cairo, each piece's soft drop shadow,
///    its body in its profile colour moved by up to ±8° of hue, a bevel (edges lit or shaded by the
///    light's direction), grain, sometimes a glossy highlight, and perhaps a hand with its shadow;
/// 2. a pinhole camera (field of view 55–75°) tilted up to 45° and turned, with radial (barrel)
///    distortion, sampled at twice the frame's size and averaged down (`gev_warp_lens`);
/// 3. the light's colour (2700–6500 K, partly corrected as a phone's white balance would),
///    uneven light, Gaussian or motion blur, noise, and a JPEG round trip at quality 60–95.
public enum PhotoFrames {
    static let planePixelsPerUnit = 64.0
    static let supersampling = 2.0

    /// The frame (BGR, owned by the caller: free it with `gev_image_free`).
    public static func render(_ scene: PhotoScene) throws(SyntheticFrameError) -> OpaquePointer {
        let frame = try renderUntilSensor(scene)
        do { try sensor(scene, frame) } catch {
            gev_image_free(frame)
            throw error
        }
        return frame
    }

    /// What the camera's sensor and encoder add to a frame: noise (of `scene.noiseSeed`) and
    /// the JPEG round trip. The frames of a video of one still scene differ only in this.
    public static func sensor(_ scene: PhotoScene, _ frame: OpaquePointer) throws(SyntheticFrameError) {
        guard gev_add_noise(frame, scene.noise, scene.noiseSeed ?? scene.seed) == 0,
              gev_jpeg_roundtrip(frame, Int32(scene.jpegQuality)) == 0 else { throw visionError("cannot finish the frame") }
    }

    /// The frame as capture reads it: ``render(_:)`` copied into a `VisionImage` (the rendered
    /// frame freed), and written as `name`.png when ``keepIfAsked(_:name:)`` is asked to.
    public static func image(_ scene: PhotoScene, keepAs name: String? = nil) throws -> VisionImage {
        let frame = try render(scene)
        defer { gev_image_free(frame) }
        if let name { keepIfAsked(frame, name: name) }
        guard let image = VisionImage.copying(frame) else { throw SyntheticFrameError("cannot copy the frame") }
        return image
    }

    /// The frame before ``sensor(_:_:)``: the mat and pieces through the camera's lens, lit and blurred.
    public static func renderUntilSensor(_ scene: PhotoScene) throws(SyntheticFrameError) -> OpaquePointer {
        let profile: ColorProfile
        if let own = scene.profile { profile = own } else { profile = try SyntheticFrames.templateProfile() }
        let layout = MatLayout.standard
        let mat = MatDrawing(layout: layout, paper: .a4, markerBits: try SyntheticFrames.markerBits(layout))
        let page = mat.pageRegion
        let region = MatRegion(minX: page.minX - 1.5, minY: page.minY - 1.5, maxX: page.maxX + 1.5, maxY: page.maxY + 1.5)
        let table = Color(red: scene.tableColor.0, green: scene.tableColor.1, blue: scene.tableColor.2)
        let raster: MatRaster
        do { raster = try SyntheticFrames.renderer.get().rasterizeMat(mat, region: region, pixelsPerUnit: planePixelsPerUnit, surroundings: table) } catch {
            throw SyntheticFrameError("cannot draw the mat: \(error)")
        }
        guard let plane = gev_image_from_bgra(raster.pixels.baseAddress, Int32(raster.width), Int32(raster.height), Int32(raster.stride))
        else { throw visionError("cannot copy the mat") }
        defer { gev_image_free(plane) }
        let toRaster = { (x: Double, y: Double) -> (Double, Double) in
            (raster.originX + x * raster.pixelsPerUnit, raster.originY - y * raster.pixelsPerUnit)
        }
        guard drawPieces(scene, profile: profile, onto: plane, width: raster.width, height: raster.height, toRaster: toRaster)
        else { throw visionError("cannot draw the pieces") }

        // The camera: mat units → undistorted frame pixels is K [r1 r2 t]; the lens then bends it.
        let s = supersampling
        let camera = Camera(scene: scene, extent: layout.extent)
        let w = Int(Double(scene.width) * s), h = Int(Double(scene.height) * s)
        let matToPixels = camera.homography(scale: s)
        // Raster pixels → mat units.
        let rasterToMat: [Double] = [1 / raster.pixelsPerUnit, 0, -raster.originX / raster.pixelsPerUnit,
                                     0, -1 / raster.pixelsPerUnit, raster.originY / raster.pixelsPerUnit, 0, 0, 1]
        guard let pixelsToRaster = invert(multiply(matToPixels, rasterToMat)) else { throw SyntheticFrameError("a degenerate camera") }
        let fill = UInt32(scene.tableColor.0 * 255) << 16 | UInt32(scene.tableColor.1 * 255) << 8 | UInt32(scene.tableColor.2 * 255)
        guard let big = gev_warp_lens(plane, pixelsToRaster, camera.focal * s, camera.focal * s, Double(w) / 2, Double(h) / 2,
                                      scene.k1, 0, Int32(w), Int32(h), fill)
        else { throw visionError("cannot look through the lens") }
        let frame = gev_resize(big, Int32(scene.width), Int32(scene.height))
        gev_image_free(big)
        guard let frame else { throw visionError("cannot shrink the frame") }

        let light = blackBody(scene.kelvin)
        let cast = [light.0, light.1, light.2].map { pow($0, 1 - scene.whiteBalance) }
        let peak = cast.max()!
        var ok = gev_apply_lighting(frame, scene.darkest, scene.brightest, scene.lightDirection,
                                    cast[0] / peak, cast[1] / peak, cast[2] / peak) == 0
        switch scene.blur {
        case .gaussian(let sigma): ok = ok && gev_gaussian_blur(frame, sigma) == 0
        case .motion(let length, let degrees): ok = ok && gev_motion_blur(frame, length, degrees) == 0
        }
        guard ok else {
            gev_image_free(frame)
            throw visionError("cannot finish the frame")
        }
        return frame
    }

    /// Writes the frame as `DIR/name.png` when `GRIDEDIT_PHOTO_FRAMES=DIR` asks for the frames,
    /// to look at those a run judged.
    public static func keepIfAsked(_ frame: OpaquePointer, name: String) {
        guard let folder = ProcessInfo.processInfo.environment["GRIDEDIT_PHOTO_FRAMES"] else { return }
        _ = gev_image_write(frame, "\(folder)/\(name).png")
    }

    /// The mat point (in units) that pixel (x, y) of the scene's frame shows, by the camera and
    /// lens the frame was made with: the truth a capture's mapping is measured against. The frame
    /// is the supersampled one averaged down, so its pixel p is the big frame's s·p + (s − 1)/2.
    /// The big frame samples the mat's raster with OpenCV, whose pixel r has its centre at r, but
    /// Cairo drew that raster with pixel r's centre at r + 0.5: the point shown lies half a raster
    /// pixel right of and below where the raster coordinate alone puts it (until session 12 this
    /// was left out, and every mapping error read about 0.011 units too much).
    public static func trueUnits(_ scene: PhotoScene, x: Double, y: Double) -> (x: Double, y: Double)? {
        let s = supersampling
        let camera = Camera(scene: scene, extent: MatLayout.standard.extent)
        let w = Double(scene.width) * s, h = Double(scene.height) * s, f = camera.focal * s
        let (u, v) = (s * x + (s - 1) / 2, s * y + (s - 1) / 2)
        let nx = (u - w / 2) / f, ny = (v - h / 2) / f, factor = 1 + scene.k1 * (nx * nx + ny * ny)
        let (px, py) = (nx * factor * f + w / 2, ny * factor * f + h / 2)
        guard let m = invert(camera.homography(scale: s)) else { return nil }
        let d = m[6] * px + m[7] * py + m[8]
        guard abs(d) > 1e-12 else { return nil }
        let half = 0.5 / planePixelsPerUnit
        return ((m[0] * px + m[1] * py + m[2]) / d + half, (m[3] * px + m[4] * py + m[5]) / d - half)
    }

    // MARK: Pieces and the hand

    static func drawPieces(_ scene: PhotoScene, profile: ColorProfile, onto plane: OpaquePointer, width: Int, height: Int,
                           toRaster: @escaping (Double, Double) -> (Double, Double)) -> Bool {
        var rng = SplitMix64(seed: scene.seed ^ 0xB1A5_7E11)
        func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * Double(rng.next() >> 11) / Double(1 << 53) }
        let layer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(layer) }
        let cr = cairo_create(layer)!
        let ppu = planePixelsPerUnit
        // The light comes from this direction in the mat's plane: shadows fall the other way.
        let lightAngle = scene.lightDirection * .pi / 180
        let light = (cos(lightAngle), sin(lightAngle))
        let polygons = scene.poses.map { pose in pose.vertices.map { toRaster($0.doubleX, $0.doubleY) } }
        func path(_ polygon: [(Double, Double)], dx: Double = 0, dy: Double = 0) {
            cairo_new_path(cr)
            for (i, p) in polygon.enumerated() {
                if i == 0 { cairo_move_to(cr, p.0 + dx, p.1 + dy) } else { cairo_line_to(cr, p.0 + dx, p.1 + dy) }
            }
            cairo_close_path(cr)
        }
        // Soft drop shadows: a few widening strokes of faint black.
        let shadowLength = uniform(0.03, 0.09) * ppu
        for polygon in polygons {
            for width in [0.14, 0.1, 0.06, 0.03, 0.0] {
                path(polygon, dx: -light.0 * shadowLength, dy: light.1 * shadowLength)
                cairo_set_source_rgba(cr, 0, 0, 0, 0.06)
                cairo_fill_preserve(cr)
                if width > 0 { cairo_set_line_width(cr, width * ppu); cairo_stroke(cr) } else { cairo_new_path(cr) }
            }
        }
        for (pose, polygon) in zip(scene.poses, polygons) {
            let colour = profile.colors[pose.piece]!
            let base = hsv(hue: colour.hue + uniform(-8, 8), saturation: min(1, colour.saturation * uniform(0.85, 1.1)),
                           value: min(1, colour.value * uniform(0.85, 1.05)))
            path(polygon)
            cairo_set_source_rgb(cr, base.0, base.1, base.2)
            cairo_fill(cr)
            cairo_save(cr)
            path(polygon)
            cairo_clip(cr)
            // Grain: faint darker strokes across the piece.
            let grain = uniform(0, .pi)
            let (cx, cy) = (polygon.map(\.0).reduce(0, +) / Double(polygon.count), polygon.map(\.1).reduce(0, +) / Double(polygon.count))
            for k in -30...30 {
                let offset = Double(k) * 0.05 * ppu + uniform(-0.01, 0.01) * ppu
                let (nx, ny) = (-sin(grain), cos(grain))
                cairo_move_to(cr, cx + nx * offset - cos(grain) * 3 * ppu, cy + ny * offset - sin(grain) * 3 * ppu)
                cairo_line_to(cr, cx + nx * offset + cos(grain) * 3 * ppu, cy + ny * offset + sin(grain) * 3 * ppu)
            }
            cairo_set_source_rgba(cr, base.0 * 0.6, base.1 * 0.6, base.2 * 0.6, uniform(0.05, 0.15))
            cairo_set_line_width(cr, 0.012 * ppu)
            cairo_stroke(cr)
            // Bevel: a strip along each edge, lit or shaded by how the edge faces the light.
            let bevel = uniform(0.04, 0.08) * ppu
            let orientation = signedArea(polygon) > 0 ? 1.0 : -1.0
            for k in polygon.indices {
                let a = polygon[k], b = polygon[(k + 1) % polygon.count]
                let length = hypot(b.0 - a.0, b.1 - a.1)
                // Outward normal in raster coordinates (y down), then in the mat's (y up) for the light.
                let (nx, ny) = (orientation * (b.1 - a.1) / length, orientation * -(b.0 - a.0) / length)
                let facing = nx * light.0 - ny * light.1
                cairo_new_path(cr)
                cairo_move_to(cr, a.0, a.1)
                cairo_line_to(cr, b.0, b.1)
                cairo_line_to(cr, b.0 - nx * bevel, b.1 - ny * bevel)
                cairo_line_to(cr, a.0 - nx * bevel, a.1 - ny * bevel)
                cairo_close_path(cr)
                if facing > 0 { cairo_set_source_rgba(cr, 1, 1, 1, 0.3 * facing) } else { cairo_set_source_rgba(cr, 0, 0, 0, -0.35 * facing) }
                cairo_fill(cr)
            }
            // Gloss: a soft white highlight in one piece of three.
            if uniform(0, 1) < 0.35 {
                let (gx, gy) = (cx + uniform(-0.4, 0.4) * ppu, cy + uniform(-0.4, 0.4) * ppu)
                let radius = uniform(0.3, 0.8) * ppu
                let gradient = cairo_pattern_create_radial(gx, gy, 0, gx, gy, radius)!
                cairo_pattern_add_color_stop_rgba(gradient, 0, 1, 1, 1, uniform(0.15, 0.5))
                cairo_pattern_add_color_stop_rgba(gradient, 1, 1, 1, 1, 0)
                cairo_set_source(cr, gradient)
                cairo_paint(cr)
                cairo_pattern_destroy(gradient)
            }
            cairo_restore(cr)
        }
        if let side = scene.handSide { drawHand(cr, side: side, along: scene.handAlong, reach: scene.handReach, toRaster: toRaster, rng: &rng) }
        cairo_destroy(cr)
        cairo_surface_flush(layer)
        guard let data = cairo_image_surface_get_data(layer) else { return false }
        return gev_composite_premultiplied(plane, data, cairo_image_surface_get_stride(layer)) == 0
    }

    /// A hand over the mat's edge: a palm beyond the play area and four fingers reaching `reach`
    /// units into it, skin-coloured with a soft shadow.
    static func drawHand(_ cr: OpaquePointer, side: Int, along: Double, reach: Double, toRaster: @escaping (Double, Double) -> (Double, Double),
                         rng: inout SplitMix64) {
        func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * Double(rng.next() >> 11) / Double(1 << 53) }
        // In a frame where the play area's edge is y = 0 and the inside is y > 0.
        func place(_ u: Double, _ v: Double) -> (Double, Double) {
            switch side {
            case 0: return toRaster(along + u, v)
            case 1: return toRaster(8 - v, along + u)
            case 2: return toRaster(along - u, 8 - v)
            default: return toRaster(v, along - u)
            }
        }
        let ppu = planePixelsPerUnit
        let skin = hsv(hue: uniform(15, 30), saturation: uniform(0.3, 0.5), value: uniform(0.55, 0.85))
        let fingers = (0..<4).map { k -> [(Double, Double)] in
            let u = (Double(k) - 1.5) * 0.42
            let tip = reach - abs(Double(k) - 1.3) * 0.2
            return [place(u, -1.2), place(u, tip)]
        }
        for (dx, dy, alpha, colour) in [(0.12 * ppu, 0.1 * ppu, 0.25, (0.0, 0.0, 0.0)), (0, 0, 1.0, skin)] {
            cairo_set_source_rgba(cr, colour.0, colour.1, colour.2, alpha)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_set_line_width(cr, 0.36 * ppu)
            for finger in fingers {
                cairo_move_to(cr, finger[0].0 + dx, finger[0].1 + dy)
                cairo_line_to(cr, finger[1].0 + dx, finger[1].1 + dy)
                cairo_stroke(cr)
            }
            let palm = place(0, -1.9)
            cairo_save(cr)
            cairo_translate(cr, palm.0 + dx, palm.1 + dy)
            cairo_scale(cr, 1.0 * ppu, 1.0 * ppu)
            cairo_arc(cr, 0, 0, 1.0, 0, 2 * .pi)
            cairo_restore(cr)
            cairo_fill(cr)
        }
    }

    static func signedArea(_ p: [(Double, Double)]) -> Double {
        p.indices.reduce(0) { sum, k in let a = p[k], b = p[(k + 1) % p.count]; return sum + a.0 * b.1 - b.0 * a.1 } / 2
    }

    static func hsv(hue: Double, saturation s: Double, value v: Double) -> (Double, Double, Double) {
        let h = ((hue.truncatingRemainder(dividingBy: 360)) + 360).truncatingRemainder(dividingBy: 360) / 60
        let c = v * s, x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)), m = v - c
        let (r, g, b): (Double, Double, Double)
        switch Int(h) {
        case 0: (r, g, b) = (c, x, 0)
        case 1: (r, g, b) = (x, c, 0)
        case 2: (r, g, b) = (0, c, x)
        case 3: (r, g, b) = (0, x, c)
        case 4: (r, g, b) = (x, 0, c)
        default: (r, g, b) = (c, 0, x)
        }
        return (r + m, g + m, b + m)
    }

    static func visionError(_ what: String) -> SyntheticFrameError {
        SyntheticFrameError("\(what): \(String(cString: gev_last_error()))")
    }
}

/// A pinhole camera looking at the mat's centre from above, tilted towards an azimuth and
/// rolled, far enough for the mat extent to fill `coverage` of the frame's height.
struct Camera {
    var focal: Double
    var rotation: [[Double]]  // rows: the camera's x, y, z axes in mat coordinates
    var position: (Double, Double, Double)
    var width: Double
    var height: Double

    /// The camera for a scene, stepped back until the mat extent's corners lie well inside the
    /// frame (a strong tilt makes the near side large).
    init(scene: PhotoScene, extent: (minX: Double, minY: Double, maxX: Double, maxY: Double)) {
        var coverage = scene.coverage
        self.init(scene: scene, extent: extent, coverage: coverage)
        while coverage > 0.3, !fits(extent) {
            coverage *= 0.93
            self = Camera(scene: scene, extent: extent, coverage: coverage)
        }
    }

    func fits(_ e: (minX: Double, minY: Double, maxX: Double, maxY: Double)) -> Bool {
        let m = homography(scale: 1)
        for (x, y) in [(e.minX, e.minY), (e.maxX, e.minY), (e.maxX, e.maxY), (e.minX, e.maxY)] {
            let w = m[6] * x + m[7] * y + m[8]
            guard w > 0 else { return false }
            let (u, v) = ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
            guard u > 0.04 * width, u < 0.96 * width, v > 0.04 * height, v < 0.96 * height else { return false }
        }
        return true
    }

    init(scene: PhotoScene, extent: (minX: Double, minY: Double, maxX: Double, maxY: Double), coverage: Double) {
        width = Double(scene.width)
        height = Double(scene.height)
        focal = width / 2 / tan(scene.fieldOfView * .pi / 360)
        let side = max(extent.maxX - extent.minX, extent.maxY - extent.minY)
        let distance = side * focal / (coverage * height)
        let (t, a) = (scene.tilt * .pi / 180, scene.azimuth * .pi / 180)
        let centre = ((extent.minX + extent.maxX) / 2, (extent.minY + extent.maxY) / 2)
        position = (centre.0 + distance * sin(t) * cos(a), centre.1 + distance * sin(t) * sin(a), distance * cos(t))
        // The camera looks along z towards the centre; its y axis points down the picture.
        let z = normalise((centre.0 - position.0, centre.1 - position.1, -position.2))
        let up = abs(z.2) > 0.999 ? (0.0, 1.0, 0.0) : (0.0, 0.0, 1.0)
        let roll = scene.roll * .pi / 180
        var x = normalise(cross(z, up))
        if abs(z.2) > 0.999 { x = (1, 0, 0) }
        var y = cross(z, x)
        // Straight down, "up" in the picture is the mat's +y; otherwise the far side is up.
        (x, y) = ((x.0 * cos(roll) + y.0 * sin(roll), x.1 * cos(roll) + y.1 * sin(roll), x.2 * cos(roll) + y.2 * sin(roll)),
                  (-x.0 * sin(roll) + y.0 * cos(roll), -x.1 * sin(roll) + y.1 * cos(roll), -x.2 * sin(roll) + y.2 * cos(roll)))
        rotation = [[x.0, x.1, x.2], [y.0, y.1, y.2], [z.0, z.1, z.2]]
    }

    /// Mat units (x, y, 0) → undistorted pixels of a frame `scale` times the size: K [r1 r2 t].
    func homography(scale: Double) -> [Double] {
        let f = focal * scale, cx = width * scale / 2, cy = height * scale / 2
        let r = rotation
        let t = (0..<3).map { -(r[$0][0] * position.0 + r[$0][1] * position.1 + r[$0][2] * position.2) }
        let columns = [(r[0][0], r[1][0], r[2][0]), (r[0][1], r[1][1], r[2][1]), (t[0], t[1], t[2])]
        var m = [Double](repeating: 0, count: 9)
        for (j, c) in columns.enumerated() {
            m[0 + j] = f * c.0 + cx * c.2
            m[3 + j] = f * c.1 + cy * c.2
            m[6 + j] = c.2
        }
        return m
    }
}

func normalise(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
    let n = (v.0 * v.0 + v.1 * v.1 + v.2 * v.2).squareRoot()
    return (v.0 / n, v.1 / n, v.2 / n)
}

func cross(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> (Double, Double, Double) {
    (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
}

func multiply(_ a: [Double], _ b: [Double]) -> [Double] {
    (0..<9).map { k in let (i, j) = (k / 3, k % 3); return (0..<3).reduce(0) { $0 + a[i * 3 + $1] * b[$1 * 3 + j] } }
}

func invert(_ m: [Double]) -> [Double]? {
    let det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
    guard abs(det) > 1e-15 else { return nil }
    let c = [m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
             m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
             m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3]]
    return c.map { $0 / det }
}
