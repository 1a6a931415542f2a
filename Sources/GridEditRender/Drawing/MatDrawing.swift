#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCairo
import GridEditCore
import GridEditMat
import GridEditGeometry

/// The printable capture mat (`gridedit mat`), at exact physical scale on A4 or Letter portrait:
/// the 8×8 play area with a light grid and axis numbers, the eight ArUco markers as vector
/// squares in white quiet zones, the calibration slots as dashed outlines, a title, one line of
/// instructions and a 50 mm bar to check that the printer did not scale the page.
///
/// A second page, `.pieces`, is the cut-out sheet: the seven pieces at mat scale in a colour
/// profile's colours, each at its calibration slot, for a designer without a physical set.
///
/// The mat's own colours are fixed greys, not the style's: capture tells pieces from the mat by
/// saturation, so nothing printed on it may be coloured. Only the fonts come from the style.
/// The marker bits are an input (OpenCV's dictionary, from `gev_aruco_marker_bits`), so this
/// module does not link OpenCV.
public struct MatDrawing: Sendable {
    public enum Page: String, Sendable, CaseIterable {
        /// The mat itself.
        case mat
        /// The seven pieces to cut out (needs a colour profile).
        case pieces
    }

    public var layout: MatLayout
    public var paper: MatLayout.Paper
    /// Each marker's inner bits by id: rows from the top as printed, 1 = white.
    public var markerBits: [Int: [[UInt8]]]
    /// The pieces' colours, for the cut-out sheet and for pieces drawn on the mat.
    public var profile: ColorProfile?

    public init(layout: MatLayout = .standard, paper: MatLayout.Paper = .a4, markerBits: [Int: [[UInt8]]],
                profile: ColorProfile? = nil) {
        self.layout = layout
        self.paper = paper
        self.markerBits = markerBits
        self.profile = profile
    }

    // MARK: Page geometry

    static let pointsPerMillimetre = 72 / 25.4
    /// From the extent's top edge to the page's top: room for the title and the instructions.
    static let headerMillimetres = 30.0
    /// Room under the extent for the scale bar and the facts line.
    static let footerMillimetres = 26.0
    /// The least margin left and right of the extent.
    static let sideMarginMillimetres = 6.0

    /// The page in points (1/72 inch), portrait: what a PDF's MediaBox says.
    public var pageSize: (width: Double, height: Double) {
        let mm = paper.millimetres
        return (mm.width * Self.pointsPerMillimetre, mm.height * Self.pointsPerMillimetre)
    }

    /// Where a mat point (units, y up) is printed: millimetres from the page's top-left corner,
    /// y down. The extent is centred across the page, `headerMillimetres` below its top.
    public func pageMillimetres(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let u = layout.unitMillimetres, e = layout.extent
        let left = (paper.millimetres.width - (e.maxX - e.minX) * u) / 2
        return (left + (x - e.minX) * u, Self.headerMillimetres + (e.maxY - y) * u)
    }

    /// The whole page in mat units, for rasters that show the paper's edges.
    public var pageRegion: MatRegion {
        let u = layout.unitMillimetres, e = layout.extent
        let topLeft = pageMillimetres(e.minX, e.maxY)
        let mm = paper.millimetres
        let minX = e.minX - topLeft.x / u, maxY = e.maxY + topLeft.y / u
        return MatRegion(minX: minX, minY: maxY - mm.height / u, maxX: minX + mm.width / u, maxY: maxY)
    }

    /// What `gridedit mat` reports: "A4, 1 unit = 18 mm, markers DICT_4X4_50 ids 0–7".
    public var summary: String {
        let ids = layout.markers.map(\.id)
        let range = ids.isEmpty ? "" : " ids \(ids.min()!)–\(ids.max()!)"
        return "\(paper.displayName), 1 unit = \(layout.unitMillimetres.decimalText(places: 2)) mm, markers \(MatLayout.dictionaryName)\(range)"
    }

    /// Why these pages cannot be drawn, in words that say what to do; nil when they can.
    public func problem(drawing pages: [Page]) -> String? {
        if pages.isEmpty { return "no page to draw; ask for the mat, the pieces or both" }
        if pages.contains(.pieces), profile == nil {
            return "pieces are drawn in a colour profile's colours; give one (templates/capture-colors.jsonc)"
        }
        var side: Int?
        for marker in layout.markers {
            guard let bits = markerBits[marker.id] else { return "no bits for marker \(marker.id); take them from gev_aruco_marker_bits" }
            let n = bits.count
            guard (3...8).contains(n), bits.allSatisfy({ $0.count == n && $0.allSatisfy { $0 <= 1 } }) else {
                return "the bits of marker \(marker.id) are not a square of 0s and 1s (3×3 to 8×8)"
            }
            if let side, side != n { return "the markers' bits differ in size (\(side)×\(side) and \(n)×\(n)); take them from one dictionary" }
            side = n
        }
        let e = layout.extent, u = layout.unitMillimetres, mm = paper.millimetres
        let width = (e.maxX - e.minX) * u, height = (e.maxY - e.minY) * u
        if width > mm.width - 2 * Self.sideMarginMillimetres
            || Self.headerMillimetres + height + Self.footerMillimetres > mm.height {
            return "at 1 unit = \(u.decimalText(places: 2)) mm the mat (\(width.decimalText(places: 2)) × \(height.decimalText(places: 2)) mm with its markers) does not fit on \(paper.displayName); use a smaller unit"
        }
        return nil
    }
}

extension MatLayout.Paper {
    /// "A4", "Letter".
    public var displayName: String {
        switch self {
        case .a4: "A4"
        case .letter: "Letter"
        }
    }
}

/// A rectangle of the mat's plane, in units (y up).
public struct MatRegion: Sendable, Hashable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }
}

/// The mat drawn into memory, top-down: Cairo's ARGB32 pixels (bytes B, G, R, A on
/// little-endian machines, which `gev_image_from_bgra` takes as they are), premultiplied and
/// opaque. A class, because it owns a large buffer (freed with it) that callers may draw on.
public final class MatRaster: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Bytes per row.
    public let stride: Int
    /// `stride × height` bytes.
    public let pixels: UnsafeMutableBufferPointer<UInt8>
    /// Pixels per mat unit.
    public let pixelsPerUnit: Double
    /// The mat's origin in pixel coordinates (origin at the top-left corner of the top-left pixel).
    public let originX: Double
    public let originY: Double

    init(width: Int, height: Int, pixelsPerUnit: Double, originX: Double, originY: Double) {
        self.width = width
        self.height = height
        stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        pixels = .allocate(capacity: stride * height)
        // memset, not initialize(repeating:): that is a loop byte by byte in a debug build
        // (0.12 s for the 50 MB raster of a synthetic 1080p frame).
        memset(pixels.baseAddress!, 0, stride * height)
        self.pixelsPerUnit = pixelsPerUnit
        self.originX = originX
        self.originY = originY
    }

    deinit { pixels.deallocate() }

    /// Where a mat point (units, y up) lies in the raster (pixels, y down).
    public func pixel(ofMatPoint x: Double, _ y: Double) -> (x: Double, y: Double) {
        (originX + x * pixelsPerUnit, originY - y * pixelsPerUnit)
    }
}

// MARK: Rendering

extension Renderer {
    /// The mat's pages as a file: PDF (vector, one page per entry, the paper's size in points),
    /// SVG (one page, in points) or PNG (one page at `dotsPerInch`).
    public func renderMat(_ mat: MatDrawing, pages: [MatDrawing.Page] = [.mat], as format: RenderFormat,
                          dotsPerInch: Double = 150) throws(RenderError) -> [UInt8] {
        if let problem = mat.problem(drawing: pages) { throw .unsupported(problem) }
        if format != .pdf && pages.count > 1 {
            throw .unsupported("a \(format.rawValue.uppercased()) holds one page; write a .pdf for the mat and the pieces together")
        }
        guard (36...1200).contains(dotsPerInch) else { throw .unsupported("dots per inch must be from 36 to 1200") }
        let size = mat.pageSize
        let surface: Surface
        let scale: Double  // device units per millimetre
        switch format {
        case .pdf:
            surface = .pdf(width: size.width, height: size.height, metadata: PDFMetadata(
                title: "gridedit capture mat (\(mat.paper.displayName))", author: nil, subject: mat.summary,
                date: "2026-01-01T00:00:00Z"))
            scale = MatDrawing.pointsPerMillimetre
        case .svg:
            surface = .svg(width: size.width, height: size.height)
            scale = MatDrawing.pointsPerMillimetre
        case .png:
            let mm = mat.paper.millimetres
            scale = dotsPerInch / 25.4
            surface = .png(width: Int((mm.width * scale).rounded()), height: Int((mm.height * scale).rounded()))
        }
        let canvas = try CairoCanvas(surface, fonts: fonts)
        let painter = MatPainter(mat: mat, text: layout.forJob(), canvas: canvas, scale: scale, offsetX: 0, offsetY: 0)
        for (index, page) in pages.enumerated() {
            if index > 0 { canvas.nextPage() }
            switch page {
            case .mat: painter.drawMatPage()
            case .pieces: painter.drawPiecesPage()
            }
        }
        return try canvas.finish()
    }

    /// Renders and writes atomically; the format comes from the path's extension.
    public func writeMat(_ mat: MatDrawing, pages: [MatDrawing.Page] = [.mat], dotsPerInch: Double = 150,
                         to path: String) throws(RenderError) {
        let format = try Self.format(nil, for: path)
        try Self.writeFile(renderMat(mat, pages: pages, as: format, dotsPerInch: dotsPerInch), to: path)
    }

    /// The mat page top-down in memory, for synthetic camera frames: `region` of the mat's plane
    /// (the paper where it reaches, `surroundings` beyond it) at `pixelsPerUnit`, with `pieces`
    /// lying on it in the profile's colours, each with a slightly darker edge as real pieces have.
    public func rasterizeMat(_ mat: MatDrawing, region: MatRegion, pixelsPerUnit: Double, surroundings: Color,
                             pieces: [Pose] = []) throws(RenderError) -> MatRaster {
        if let problem = mat.problem(drawing: pieces.isEmpty ? [.mat] : [.mat, .pieces]) { throw .unsupported(problem) }
        let width = Int(((region.maxX - region.minX) * pixelsPerUnit).rounded(.up))
        let height = Int(((region.maxY - region.minY) * pixelsPerUnit).rounded(.up))
        guard width > 0, height > 0, width * height <= 200_000_000 else {
            throw .unsupported("a raster of \(width)×\(height) pixels is empty or too large; ask for a smaller region or resolution")
        }
        let raster = MatRaster(width: width, height: height, pixelsPerUnit: pixelsPerUnit,
                               originX: (0 - region.minX) * pixelsPerUnit, originY: region.maxY * pixelsPerUnit)
        let canvas = try RasterCanvas(raster, fonts: fonts)
        let scale = pixelsPerUnit / mat.layout.unitMillimetres
        let topLeft = mat.pageMillimetres(region.minX, region.maxY)
        let painter = MatPainter(mat: mat, text: layout.forJob(), canvas: canvas, scale: scale,
                                 offsetX: topLeft.x, offsetY: topLeft.y)
        canvas.fill(surroundings) { canvas.rectangle(0, 0, Double(width), Double(height)) }
        painter.drawMatPage()
        painter.drawPiecesLying(pieces)
        try canvas.finish()
        return raster
    }
}

// MARK: Drawing

/// Draws the pages in millimetres from the page's top-left corner, mapped to device units by
/// `scale` after moving the origin to (`offsetX`, `offsetY`) mm.
private struct MatPainter {
    let mat: MatDrawing
    let text: TextLayout
    let canvas: Canvas
    let scale: Double
    let offsetX: Double
    let offsetY: Double

    // Neutral greys only (see MatDrawing): nothing printed may pass for a piece's colour.
    static let paper = Color.white
    static let grid = Color(red: 0.80, green: 0.80, blue: 0.80)
    static let outline = Color(red: 0.45, green: 0.45, blue: 0.45)
    static let slot = Color(red: 0.62, green: 0.62, blue: 0.62)
    static let ink = Color(red: 0.10, green: 0.10, blue: 0.10)
    static let secondInk = Color(red: 0.25, green: 0.25, blue: 0.25)
    static let muted = Color(red: 0.48, green: 0.48, blue: 0.48)
    static let cutLine = Color(red: 0.19, green: 0.19, blue: 0.19)

    static let instruction = "Lay the pieces inside the grid. Keep all 8 corner and side markers visible. Calibrate: put each piece on its dashed outline."
    static let piecesInstruction = "Print at actual size (100 %) on card, cut out the seven pieces along their outlines, then calibrate them on the mat's dashed outlines."

    var u: Double { mat.layout.unitMillimetres }

    func device(_ mm: (x: Double, y: Double)) -> (x: Double, y: Double) {
        ((mm.x - offsetX) * scale, (mm.y - offsetY) * scale)
    }

    /// A mat point (units, y up) in device units.
    func device(unitsX x: Double, _ y: Double) -> (x: Double, y: Double) { device(mat.pageMillimetres(x, y)) }

    /// A length in millimetres, in device units.
    func length(_ mm: Double) -> Double { mm * scale }

    /// A font size in points, in device units.
    func fontSize(_ points: Double) -> Double { length(points / MatDrawing.pointsPerMillimetre) }

    // MARK: Pages

    func drawMatPage() {
        drawPaper()
        drawGrid()
        drawAxisNumbers()
        for slot in MatLayout.calibrationSlots { drawSlot(slot) }
        for marker in mat.layout.markers { drawMarker(marker) }
        drawHeader(title: "gridedit capture mat", line: Self.instruction)
        drawFooter(facts: "\(mat.summary) · print at actual size (100 %)")
    }

    func drawPiecesPage() {
        guard let profile = mat.profile else { return }
        drawPaper()
        for slot in MatLayout.calibrationSlots {
            guard let color = profile.colors[slot.piece].map(Self.color) else { continue }
            let points = slot.vertices.map { device(unitsX: $0.doubleX, $0.doubleY) }
            canvas.fill(color) { canvas.polygon(points.map { ($0.x, $0.y) }) }
            canvas.setLineJoin(.miter)
            canvas.stroke(Self.cutLine, width: length(0.2)) { canvas.polygon(points.map { ($0.x, $0.y) }) }
            // The id in a darker shade of the piece's own hue, so it reads as the piece's colour.
            canvas.setColor(Self.shade(color, 0.55))
            drawLabel(slot.piece.rawValue, in: points, weight: .bold, size: 6.5)
        }
        drawHeader(title: "gridedit capture pieces", line: Self.piecesInstruction)
        drawFooter(facts: "\(mat.paper.displayName), 1 unit = \(u.decimalText(places: 2)) mm · colours: \(profile.name) · print at actual size (100 %)")
    }

    /// Pieces lying on the mat (synthetic frames): filled, with a darker edge inside the outline.
    func drawPiecesLying(_ poses: [Pose]) {
        guard let profile = mat.profile else { return }
        for pose in poses {
            guard let color = profile.colors[pose.piece].map(Self.color) else { continue }
            let points = pose.vertices.map { device(unitsX: $0.doubleX, $0.doubleY) }.map { ($0.x, $0.y) }
            canvas.fill(color) { canvas.polygon(points) }
            canvas.save()
            canvas.newPath()
            canvas.polygon(points)
            canvas.clip()
            canvas.setLineJoin(.miter)
            canvas.stroke(Self.shade(color, 0.78), width: 2 * max(length(0.02 * u), 1.5)) { canvas.polygon(points) }
            canvas.restore()
        }
    }

    // MARK: Parts

    func drawPaper() {
        let mm = mat.paper.millimetres
        let topLeft = device((0, 0)), bottomRight = device((mm.width, mm.height))
        canvas.fill(Self.paper) { canvas.rectangle(topLeft.x, topLeft.y, bottomRight.x - topLeft.x, bottomRight.y - topLeft.y) }
    }

    func drawGrid() {
        let size = MatLayout.playSize
        canvas.setLineCap(.butt)
        canvas.stroke(Self.grid, width: length(0.15)) {
            for i in 1..<Int(size) {
                let v = Double(i)
                let a = device(unitsX: v, 0), b = device(unitsX: v, size)
                canvas.moveTo(a.x, a.y)
                canvas.lineTo(b.x, b.y)
                let c = device(unitsX: 0, v), d = device(unitsX: size, v)
                canvas.moveTo(c.x, c.y)
                canvas.lineTo(d.x, d.y)
            }
        }
        canvas.setLineJoin(.miter)
        canvas.stroke(Self.outline, width: length(0.3)) {
            let corners = [(0.0, 0.0), (size, 0), (size, size), (0, size)].map { device(unitsX: $0.0, $0.1) }
            canvas.polygon(corners.map { ($0.x, $0.y) })
        }
    }

    /// 0–8 under the bottom edge and left of the left edge, small enough to stay clear of the
    /// markers' quiet zones.
    func drawAxisNumbers() {
        canvas.setColor(Self.muted)
        let gap = length(0.12 * u)
        for i in 0...Int(MatLayout.playSize) {
            let run = text.run(String(i), weight: .regular, size: fontSize(6.5))
            let bottom = device(unitsX: Double(i), 0)
            canvas.show(run, x: bottom.x - run.inkX - run.inkWidth / 2, y: bottom.y + gap - run.inkY)
            let left = device(unitsX: 0, Double(i))
            canvas.show(run, x: left.x - gap - run.inkX - run.inkWidth, y: left.y - run.inkY - run.inkHeight / 2)
        }
    }

    /// A calibration slot: a thin dashed outline with the piece's id inside.
    func drawSlot(_ pose: Pose) {
        let points = pose.vertices.map { device(unitsX: $0.doubleX, $0.doubleY) }
        canvas.setLineCap(.butt)
        canvas.stroke(Self.slot, width: length(0.2)) {
            for (index, start) in points.enumerated() {
                let end = points[(index + 1) % points.count]
                dashes(from: start, to: end, dash: length(1.4), gap: length(0.9))
            }
        }
        canvas.setColor(Self.slot)
        drawLabel(pose.piece.rawValue, in: points, weight: .regular, size: 6)
    }

    /// A piece's id centred on the polygon's horizontal chord through its centroid, shrunk to
    /// fit within that chord, in the current colour.
    func drawLabel(_ label: String, in points: [(x: Double, y: Double)], weight: FontWeight, size: Double) {
        let centre = Self.centroid(points)
        var crossings: [Double] = []
        for (index, a) in points.enumerated() {
            let b = points[(index + 1) % points.count]
            guard (a.y - centre.y) * (b.y - centre.y) <= 0, a.y != b.y else { continue }
            crossings.append(a.x + (b.x - a.x) * (centre.y - a.y) / (b.y - a.y))
        }
        let left = crossings.min() ?? centre.x, right = crossings.max() ?? centre.x
        let run = text.fitted(label, weight: weight, size: fontSize(size), minimumSize: fontSize(4),
                              width: 0.7 * (right - left))
        canvas.show(run, x: (left + right - run.advance) / 2, y: centre.y - run.inkY - run.inkHeight / 2)
    }

    /// Dashes along one edge, a dash at each end so the corners read clearly.
    func dashes(from a: (x: Double, y: Double), to b: (x: Double, y: Double), dash: Double, gap: Double) {
        let dx = b.x - a.x, dy = b.y - a.y
        let total = (dx * dx + dy * dy).squareRoot()
        guard total > 0 else { return }
        let count = max(1, Int(((total + gap) / (dash + gap)).rounded()))
        let period = (total + gap) / Double(count)
        let on = period - gap
        for k in 0..<count {
            let t0 = Double(k) * period / total, t1 = min(1, (Double(k) * period + on) / total)
            canvas.moveTo(a.x + dx * t0, a.y + dy * t0)
            canvas.lineTo(a.x + dx * t1, a.y + dy * t1)
        }
    }

    /// A marker: its quiet zone (one cell of white all round), the black square, and the white
    /// bits in one path so that neighbouring white cells show no seam.
    func drawMarker(_ marker: MatLayout.Marker) {
        guard let bits = mat.markerBits[marker.id] else { return }
        let n = bits.count
        let cell = marker.side / Double(n + 2)
        let half = marker.side / 2
        func square(_ left: Double, _ top: Double, _ side: Double) {
            let a = device(unitsX: left, top), b = device(unitsX: left + side, top - side)
            canvas.rectangle(a.x, a.y, b.x - a.x, b.y - a.y)
        }
        canvas.fill(Self.paper) { square(marker.centerX - half - cell, marker.centerY + half + cell, marker.side + 2 * cell) }
        canvas.fill(.black) { square(marker.centerX - half, marker.centerY + half, marker.side) }
        canvas.fill(Self.paper) {
            for (row, values) in bits.enumerated() {
                for (column, bit) in values.enumerated() where bit == 1 {
                    square(marker.centerX - half + Double(column + 1) * cell, marker.centerY + half - Double(row + 1) * cell, cell)
                }
            }
        }
    }

    /// The title and one line of instructions above the extent, left-aligned with it.
    func drawHeader(title: String, line: String) {
        let e = mat.layout.extent
        let left = mat.pageMillimetres(e.minX, e.maxY), right = mat.pageMillimetres(e.maxX, e.maxY)
        let width = length(right.x - left.x)
        let titleRun = text.fitted(title, weight: .bold, size: fontSize(13), minimumSize: fontSize(9), width: width)
        canvas.setColor(Self.ink)
        let origin = device((left.x, left.y - 14))
        canvas.show(titleRun, x: origin.x, y: origin.y)
        let lineRun = text.fitted(line, weight: .regular, size: fontSize(8), minimumSize: fontSize(6), width: width)
        canvas.setColor(Self.secondInk)
        let lineOrigin = device((left.x, left.y - 7))
        canvas.show(lineRun, x: lineOrigin.x, y: lineOrigin.y)
    }

    /// Under the extent: the 50 mm bar with its caption, then the facts line.
    func drawFooter(facts: String) {
        let e = mat.layout.extent
        let corner = mat.pageMillimetres(e.minX, e.minY), right = mat.pageMillimetres(e.maxX, e.minY)
        let barTop = corner.y + 8, barHeight = 1.2
        let a = device((corner.x, barTop)), b = device((corner.x + 50, barTop + barHeight))
        canvas.fill(Self.ink) {
            canvas.rectangle(a.x, a.y, b.x - a.x, b.y - a.y)
            // End ticks, inside the 50 mm so the bar's outer ends are what a ruler measures.
            let tick = device((corner.x, barTop - 1.2)), tickEnd = device((corner.x + 0.4, barTop + barHeight + 1.2))
            canvas.rectangle(tick.x, tick.y, tickEnd.x - tick.x, tickEnd.y - tick.y)
            let tick2 = device((corner.x + 49.6, barTop - 1.2)), tick2End = device((corner.x + 50, barTop + barHeight + 1.2))
            canvas.rectangle(tick2.x, tick2.y, tick2End.x - tick2.x, tick2End.y - tick2.y)
        }
        let caption = text.run("this bar is 50 mm", weight: .regular, size: fontSize(8))
        canvas.setColor(Self.secondInk)
        let captionAt = device((corner.x + 53, barTop + barHeight / 2))
        canvas.show(caption, x: captionAt.x, y: captionAt.y - caption.inkY - caption.inkHeight / 2)
        let factsRun = text.fitted(facts, weight: .regular, size: fontSize(7), minimumSize: fontSize(5),
                                   width: length(right.x - corner.x))
        canvas.setColor(Self.muted)
        let factsAt = device((corner.x, barTop + 10))
        canvas.show(factsRun, x: factsAt.x, y: factsAt.y)
    }

    // MARK: Helpers

    static func color(_ piece: PieceColor) -> Color {
        Color(red: Double(piece.red) / 255, green: Double(piece.green) / 255, blue: Double(piece.blue) / 255)
    }

    /// The colour with its brightness scaled (same hue).
    static func shade(_ c: Color, _ factor: Double) -> Color {
        Color(red: c.red * factor, green: c.green * factor, blue: c.blue * factor, alpha: c.alpha)
    }

    /// The vertex average, which is the centroid of a triangle or a parallelogram.
    static func centroid(_ points: [(x: Double, y: Double)]) -> (x: Double, y: Double) {
        let n = Double(points.count)
        return (points.map(\.x).reduce(0, +) / n, points.map(\.y).reduce(0, +) / n)
    }
}

// MARK: Raster canvas

/// A canvas onto a `MatRaster`'s pixels (`CairoCanvas` only hands out encoded files):
/// synthetic frames warp these pixels with OpenCV.
private final class RasterCanvas: CairoContextDrawing {
    let surface: Surface
    let snapsToPixels = false
    private let image: OpaquePointer
    let cr: OpaquePointer
    private let fonts: FontSet

    /// The raster must outlive the canvas.
    init(_ raster: MatRaster, fonts: FontSet) throws(RenderError) {
        surface = .png(width: raster.width, height: raster.height)
        self.fonts = fonts
        image = cairo_image_surface_create_for_data(raster.pixels.baseAddress, CAIRO_FORMAT_ARGB32, Int32(raster.width),
                                                    Int32(raster.height), Int32(raster.stride))
        let status = cairo_surface_status(image)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(image)
            throw .cairo(String(cString: cairo_status_to_string(status)))
        }
        cr = cairo_create(image)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(image)
    }

    /// Checks the drawing went well and writes everything to the pixels.
    func finish() throws(RenderError) {
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        cairo_surface_flush(image)
    }

    func show(_ run: TextRun, x: Double, y: Double) {
        guard !run.glyphs.isEmpty else { return }
        cairo_set_scaled_font(cr, fonts.font(run.weight).scaledFont(size: run.size))
        var glyphs = run.glyphs.map { cairo_glyph_t(index: $0.index, x: x + $0.x, y: y + $0.y) }
        cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
    }

    func nextPage() {}
}
