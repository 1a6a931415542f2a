import CCairo
import CVision
import GridEditCore
import GridEditMat
import GridEditRender

/// Camera frames drawn by gridedit's own renderer: the mat and pieces at exact poses, seen in
/// perspective with blur, noise, uneven light and a hand. For tests and the capture benchmark.
///
/// The pipeline: the page and the pieces are drawn top-down by `MatDrawing` at three times the
/// frame's finest pixels per unit; OpenCV warps that into a frame three times the size, which
/// is then shrunk by area averaging (so edges are antialiased as a camera's are); the hand is
/// drawn over it with Cairo through the same perspective; then the light, blur and noise.
///
/// Speed in debug builds (tests): only the box of the frame that the page reaches is warped at
/// three times the size (the rest is table, whose colour needs no averaging), and the per-pixel
/// light and hand compositing run in C (`gev_apply_lighting`, `gev_composite_premultiplied`), with
/// the same arithmetic, so frames keep their bytes: 0.08 s for a 720p frame instead of 0.16 s, 0.18 s
/// for 1080p instead of 0.4 s (debug, 2 busy cores).
public enum SyntheticFrames {
    /// Raster pixels per frame pixel where the mat is nearest the camera.
    static let supersampling = 3.0

    /// The frame a scene gives; the same bytes for the same scene.
    public static func render(_ scene: Scene) throws(SyntheticFrameError) -> RenderedFrame {
        let renderer = try Repository.renderer.get()
        let camera = scene.camera
        guard let matToFrame = camera.map(scene.layout), let frameToMat = matToFrame.inverse else {
            throw SyntheticFrameError("the camera's corners do not make a perspective (three in a line?)")
        }
        let mat = MatDrawing(layout: scene.layout, paper: scene.paper, markerBits: try markerBits(scene.layout),
                             profile: scene.profile)

        // What the frame sees of the mat's plane, at 3× the finest frame resolution over the mat.
        let region = visibleRegion(frameToMat, camera: camera, around: mat.pageRegion)
        let extent = CameraView.extentCorners(scene.layout)
        let pixelsPerUnit = supersampling * extent.map { matToFrame.localScale(at: $0) }.max()!
        let raster: MatRaster
        do {
            raster = try renderer.rasterizeMat(mat, region: region, pixelsPerUnit: pixelsPerUnit,
                                               surroundings: scene.tableColor, pieces: scene.poses)
        } catch {
            throw SyntheticFrameError("cannot draw the mat: \(error)")
        }
        guard let top = gev_image_from_bgra(raster.pixels.baseAddress, Int32(raster.width), Int32(raster.height),
                                            Int32(raster.stride))
        else { throw visionError("cannot copy the raster") }
        defer { gev_image_free(top) }

        // Raster pixels → mat units → big-frame pixels, then in OpenCV's convention (pixel
        // centres on whole numbers) for the warp.
        let rasterToMat = PlaneMap.scaling(1 / raster.pixelsPerUnit, -1 / raster.pixelsPerUnit,
                                           translatingBy: -raster.originX / raster.pixelsPerUnit, raster.originY / raster.pixelsPerUnit)
        let k = supersampling
        let toBig = PlaneMap.scaling(k, k).after(matToFrame).after(rasterToMat)
        // Only the box of the frame the raster reaches is drawn big: beyond it the big frame
        // would be table, which shrinks to the table's colour. The box lies on whole frame
        // pixels, so the shrink averages the same k×k blocks a whole big frame would have.
        let box = frameBox(of: region, map: matToFrame, camera: camera)
        let shift = PlaneMap.translation(-Double(box.x) * k, -Double(box.y) * k)
        let warp = PlaneMap.translation(-0.5, -0.5).after(shift).after(toBig).after(.translation(0.5, 0.5))
        let fill = tableFill(scene.tableColor)
        guard let big = gev_warp_perspective(top, warp.m, Int32(Double(box.width) * k), Int32(Double(box.height) * k), fill)
        else { throw visionError("cannot warp the mat into the frame") }
        let part = gev_resize(big, Int32(box.width), Int32(box.height))
        gev_image_free(big)
        guard let part else { throw visionError("cannot shrink the frame") }
        let frame: OpaquePointer
        if box.width == camera.width && box.height == camera.height {
            frame = part
        } else {
            // The box into a frame of table: a shift by whole pixels copies pixels exactly.
            let paste = PlaneMap.translation(Double(box.x), Double(box.y))
            let placed = gev_warp_perspective(part, paste.m, Int32(camera.width), Int32(camera.height), fill)
            gev_image_free(part)
            guard let placed else { throw visionError("cannot place the mat in the frame") }
            frame = placed
        }

        if let hand = scene.hand, !draw(hand, onto: frame, width: camera.width, height: camera.height, map: matToFrame) {
            gev_image_free(frame)
            throw visionError("cannot draw the hand")
        }
        guard scene.lighting.apply(to: frame) else {
            gev_image_free(frame)
            throw visionError("cannot light the frame")
        }
        if scene.blurSigma > 0, gev_gaussian_blur(frame, scene.blurSigma) != 0 {
            gev_image_free(frame)
            throw visionError("cannot blur the frame")
        }
        if scene.noiseSigma > 0, gev_add_noise(frame, scene.noiseSigma, scene.seed) != 0 {
            gev_image_free(frame)
            throw visionError("cannot add noise")
        }
        return RenderedFrame(image: frame, homography: matToFrame.m)
    }

    /// Seven exact poses a correct capture recovers exactly (see `RandomLayout`).
    public static func randomLayout(seed: UInt64) -> [Pose] { RandomLayout.poses(seed: seed) }

    /// The colour profile shipped for printed pieces (`templates/capture-colors.jsonc`).
    /// The renderer with the shipped style's fonts, loaded once (the photo-like frames draw their
    /// mat with it too).
    public static var renderer: Result<Renderer, SyntheticFrameError> { Repository.renderer }

    public static func templateProfile() throws(SyntheticFrameError) -> ColorProfile {
        do {
            return try ColorProfile.load(path: Repository.path(ColorProfile.defaultRelativePath))
        } catch {
            throw SyntheticFrameError("\(error)")
        }
    }

    /// The markers' bits from OpenCV's dictionary, as `gridedit mat` prints them.
    public static func markerBits(_ layout: MatLayout = .standard) throws(SyntheticFrameError) -> [Int: [[UInt8]]] {
        var bits: [Int: [[UInt8]]] = [:]
        for marker in layout.markers {
            var buffer = [UInt8](repeating: 0, count: 64)
            let side = Int(gev_aruco_marker_bits(GEV_DICT_4X4_50, Int32(marker.id), &buffer, Int32(buffer.count)))
            guard side > 0 else { throw visionError("no bits for marker \(marker.id)") }
            bits[marker.id] = (0..<side).map { Array(buffer[($0 * side)..<(($0 + 1) * side)]) }
        }
        return bits
    }

    // MARK: Steps

    /// The part of the page and its surroundings (1.5 units of table) the frame shows: beyond
    /// that there is only table, which the warp fills in. Keeping the raster to the page keeps it
    /// small however far a tilted camera sees.
    static func visibleRegion(_ frameToMat: PlaneMap, camera: CameraView, around page: MatRegion) -> MatRegion {
        let bound = MatRegion(minX: page.minX - 1.5, minY: page.minY - 1.5, maxX: page.maxX + 1.5, maxY: page.maxY + 1.5)
        let w = Double(camera.width), h = Double(camera.height)
        var region = MatRegion(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        // The frame's edges, sampled (a straight edge may bulge past its corners' box on the plane
        // only through the horizon, where the bound takes over).
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            for p in [SIMD2(t * w, 0), SIMD2(t * w, h), SIMD2(0, t * h), SIMD2(w, t * h)] {
                guard frameToMat.weight(p) > 0 else { return bound }  // past the horizon: the whole bound
                let q = frameToMat.apply(p)
                region = MatRegion(minX: min(region.minX, q.x), minY: min(region.minY, q.y),
                                   maxX: max(region.maxX, q.x), maxY: max(region.maxY, q.y))
            }
        }
        return MatRegion(minX: max(region.minX - 0.1, bound.minX), minY: max(region.minY - 0.1, bound.minY),
                         maxX: min(region.maxX + 0.1, bound.maxX), maxY: min(region.maxY + 0.1, bound.maxY))
    }

    /// The frame pixels (whole ones, with one to spare) that `region` of the mat's plane covers;
    /// the whole frame when part of the region is behind the camera.
    static func frameBox(of region: MatRegion, map: PlaneMap, camera: CameraView) -> (x: Int, y: Int, width: Int, height: Int) {
        let whole = (x: 0, y: 0, width: camera.width, height: camera.height)
        let corners = [SIMD2(region.minX, region.minY), SIMD2(region.maxX, region.minY),
                       SIMD2(region.maxX, region.maxY), SIMD2(region.minX, region.maxY)]
        guard corners.allSatisfy({ map.weight($0) > 1e-9 }) else { return whole }
        let points = corners.map(map.apply)
        let low = points.reduce(SIMD2(Double.infinity, .infinity)) { pointwiseMin($0, $1) }
        let high = points.reduce(SIMD2(-Double.infinity, -.infinity)) { pointwiseMax($0, $1) }
        guard low.x.isFinite, low.y.isFinite, high.x.isFinite, high.y.isFinite else { return whole }
        let x0 = max(0, Int(low.x.rounded(.down)) - 1), y0 = max(0, Int(low.y.rounded(.down)) - 1)
        let x1 = min(camera.width, Int(high.x.rounded(.up)) + 1), y1 = min(camera.height, Int(high.y.rounded(.up)) + 1)
        guard x1 > x0, y1 > y0 else { return whole }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// Draws the hand on a transparent layer through the camera's perspective and lays it over
    /// the BGR frame (the layer's pixels are premultiplied: out = hand + frame × (1 − alpha)), in C.
    static func draw(_ hand: Hand, onto frame: OpaquePointer, width: Int, height: Int, map: PlaneMap) -> Bool {
        let layer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(layer) }
        let cr = cairo_create(layer)!
        hand.draw(on: cr) { p in map.weight(p) > 1e-9 ? map.apply(p) : SIMD2(.nan, .nan) }
        cairo_destroy(cr)
        cairo_surface_flush(layer)
        guard let data = cairo_image_surface_get_data(layer) else { return false }
        return gev_composite_premultiplied(frame, data, cairo_image_surface_get_stride(layer)) == 0
    }

    static func tableFill(_ color: Color) -> UInt32 {
        func channel(_ c: Double) -> UInt32 { UInt32((min(max(c, 0), 1) * 255).rounded()) }
        return channel(color.red) << 16 | channel(color.green) << 8 | channel(color.blue)
    }

    static func visionError(_ what: String) -> SyntheticFrameError {
        SyntheticFrameError("\(what): \(String(cString: gev_last_error()))")
    }
}
