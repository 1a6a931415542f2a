import CCairo

/// The page or image a drawing goes to, in device units.
enum Surface: Sendable, Equatable {
    /// Pixels; transparent until drawn on.
    case png(width: Int, height: Int)
    /// Points.
    case svg(width: Double, height: Double)
    /// Points, with the document's metadata (fixed dates keep the bytes deterministic).
    case pdf(width: Double, height: Double, metadata: PDFMetadata)

    var width: Double {
        switch self {
        case .png(let width, _): Double(width)
        case .svg(let width, _), .pdf(let width, _, _): width
        }
    }

    var height: Double {
        switch self {
        case .png(_, let height): Double(height)
        case .svg(_, let height), .pdf(_, let height, _): height
        }
    }
}

/// What a PDF says about itself. The dates are the puzzle's own `updatedAt` (never the clock),
/// so rendering the same puzzle twice gives the same bytes.
struct PDFMetadata: Sendable, Equatable {
    var title: String
    var author: String?
    var subject: String?
    /// ISO 8601, e.g. `2026-11-22T09:00:00Z`.
    var date: String
    static let creator = "gridedit"
}

/// Draws with cairo onto an in-memory PNG, SVG or PDF; `finish()` returns the file's bytes.
final class CairoCanvas: CairoContextDrawing {
    let surface: Surface
    private let cairoSurface: OpaquePointer
    let cr: OpaquePointer
    private let sink = ByteSink()
    private var finished = false
    let fonts: FontSet

    var snapsToPixels: Bool { if case .png = surface { true } else { false } }

    init(_ surface: Surface, fonts: FontSet) throws(RenderError) {
        self.surface = surface
        self.fonts = fonts
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        switch surface {
        case .png(let width, let height):
            cairoSurface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        case .svg(let width, let height):
            cairoSurface = cairo_svg_surface_create_for_stream(byteSinkWrite, closure, width, height)
            cairo_svg_surface_restrict_to_version(cairoSurface, CAIRO_SVG_VERSION_1_1)
        case .pdf(let width, let height, let metadata):
            cairoSurface = cairo_pdf_surface_create_for_stream(byteSinkWrite, closure, width, height)
            CairoCanvas.apply(metadata, to: cairoSurface)
        }
        let status = cairo_surface_status(cairoSurface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(cairoSurface)
            throw .cairo(String(cString: cairo_status_to_string(status)))
        }
        cr = cairo_create(cairoSurface)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(cairoSurface)
    }

    static func apply(_ metadata: PDFMetadata, to surface: OpaquePointer) {
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, metadata.title)
        if let author = metadata.author { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, author) }
        if let subject = metadata.subject { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, subject) }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, PDFMetadata.creator)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, metadata.date)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, metadata.date)
    }

    /// Completes the file and returns its bytes.
    func finish() throws(RenderError) -> [UInt8] {
        precondition(!finished, "a canvas is finished once")
        finished = true
        let drawStatus = cairo_status(cr)
        guard drawStatus == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(drawStatus))) }
        switch surface {
        case .png:
            cairo_surface_flush(cairoSurface)
            let status = cairo_surface_write_to_png_stream(cairoSurface, byteSinkWrite, Unmanaged.passUnretained(sink).toOpaque())
            guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
            return sink.bytes
        case .svg:
            cairo_surface_finish(cairoSurface)
            try checkSurface()
            return SVGNormalizer.normalize(sink.bytes)
        case .pdf:
            cairo_surface_finish(cairoSurface)
            try checkSurface()
            return sink.bytes
        }
    }

    private func checkSurface() throws(RenderError) {
        let status = cairo_surface_status(cairoSurface)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
    }

    /// The pixels of a PNG canvas, for tests: (red, green, blue, alpha) at a pixel, unpremultiplied.
    func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8)? {
        guard case .png(let width, let height) = surface, (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        cairo_surface_flush(cairoSurface)
        let stride = Int(cairo_image_surface_get_stride(cairoSurface))
        guard let data = cairo_image_surface_get_data(cairoSurface) else { return nil }
        let word = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        let a = UInt8(word >> 24), r = UInt8((word >> 16) & 0xFF), g = UInt8((word >> 8) & 0xFF), b = UInt8(word & 0xFF)
        guard a > 0 else { return (0, 0, 0, 0) }
        let alpha = Int(a)
        func unpremultiply(_ c: UInt8) -> UInt8 {
            let value: Int = (Int(c) * 255 + alpha / 2) / alpha
            return UInt8(min(255, value))
        }
        return (unpremultiply(r), unpremultiply(g), unpremultiply(b), a)
    }

    // MARK: Canvas

    func show(_ run: TextRun, x: Double, y: Double) {
        guard !run.glyphs.isEmpty else { return }
        let scaled = fonts.font(run.weight).scaledFont(size: run.size)
        cairo_set_scaled_font(cr, scaled)
        var glyphs = run.glyphs.map { cairo_glyph_t(index: $0.index, x: x + $0.x, y: y + $0.y) }
        var clusters = run.clusters.map { cairo_text_cluster_t(num_bytes: $0.bytes, num_glyphs: $0.glyphs) }
        let flags = run.backwardClusters ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(rawValue: 0)
        let utf8Count = Int32(run.text.utf8.count)
        run.text.withCString { utf8 in
            cairo_show_text_glyphs(cr, utf8, utf8Count, &glyphs, Int32(glyphs.count), &clusters, Int32(clusters.count), flags)
        }
    }

    func nextPage() { cairo_show_page(cr) }
}

/// Collects what cairo writes through a stream callback.
final class ByteSink {
    var bytes: [UInt8] = []
}

/// The cairo_write_func_t for `ByteSink`s.
let byteSinkWrite: cairo_write_func_t = { closure, data, length in
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    if let data, length > 0 { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length))) }
    return CAIRO_STATUS_SUCCESS
}

/// cairo numbers SVG surfaces with a counter shared by the whole process (`surface1` the first
/// time, `surface11` later), so the same drawing would give different bytes. The ids are renamed
/// in order of first appearance, which makes the text depend on the drawing alone.
enum SVGNormalizer {
    static func normalize(_ bytes: [UInt8]) -> [UInt8] {
        let prefix = Array("surface".utf8)
        var renamed: [ArraySlice<UInt8>: Int] = [:]
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            // An id or a reference: `"surface12"` or `#surface12`.
            if i > 0, bytes[i - 1] == UInt8(ascii: "\"") || bytes[i - 1] == UInt8(ascii: "#"),
               i + prefix.count < bytes.count, bytes[i..<i + prefix.count].elementsEqual(prefix) {
                var end = i + prefix.count
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
                if end > i + prefix.count {
                    let digits = bytes[(i + prefix.count)..<end]
                    let number = renamed[digits] ?? {
                        let next = renamed.count + 1
                        renamed[digits] = next
                        return next
                    }()
                    output += prefix
                    output += Array(String(number).utf8)
                    i = end
                    continue
                }
            }
            output.append(bytes[i])
            i += 1
        }
        return output
    }
}
