import CCairo
import Foundation

/// A PNG decoded by cairo (the project already links it for rendering), as 32-bit
/// cairo ARGB words (premultiplied alpha, row-major): what the browser tests' screenshot
/// comparison reads and its diff image is made of, and what the render tests look at.
public struct PNGImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes PNG bytes; throws when cairo cannot read them.
    public init(png bytes: Data) throws {
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(Array(bytes))
        let surface = cairo_image_surface_create_from_png_stream({ closure, data, length in
            let reader = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
            let count = Int(length)
            guard let data, reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            reader.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + reader.offset, count: count) }
            reader.offset += count
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(reader).toOpaque())!
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            throw PNGImageError("not a PNG cairo can read (\(bytes.count) bytes)")
        }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let opaque: UInt32 = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24 ? 0xFF00_0000 : 0
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels[y * width + x] = row[x] | opaque }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// Writes the image as a PNG file.
    public func write(to url: URL) throws {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        if let data = cairo_image_surface_get_data(surface) {
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { row[x] = pixels[y * width + x] }
            }
        }
        cairo_surface_mark_dirty(surface)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let status = cairo_surface_write_to_png(surface, url.path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw PNGImageError("cannot write \(url.path): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    /// The part of the image inside `x`, `y`, `width`, `height` (clipped to the image).
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> PNGImage {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(self.width, x + width), y1 = min(self.height, y + height)
        let w = max(0, x1 - x0), h = max(0, y1 - y0)
        var result = [UInt32]()
        result.reserveCapacity(w * h)
        for row in y0..<(y0 + h) { result += pixels[(row * self.width + x0)..<(row * self.width + x0 + w)] }
        return PNGImage(width: w, height: h, pixels: result)
    }
}

/// A PNG cairo cannot read or write.
public struct PNGImageError: Error, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
