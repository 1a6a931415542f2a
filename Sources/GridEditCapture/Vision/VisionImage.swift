import CVision

/// An 8-bit BGR image owned by OpenCV (through `gridedit_vision.h`), freed with this object.
public final class VisionImage: @unchecked Sendable {
    let handle: OpaquePointer

    init(taking handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { gev_image_free(handle) }

    public var width: Int { Int(gev_image_width(handle)) }
    public var height: Int { Int(gev_image_height(handle)) }

    /// Reads a PNG, JPEG, … file.
    public static func read(path: String) throws(CaptureError) -> VisionImage {
        guard let handle = gev_image_read(path) else {
            // A file OpenCV could not decode gets the remedy for a file; a module that could not
            // be loaded has its own in the message (what to install).
            let why = VisionError.last
            let remedy = why.hasPrefix(VisionError.unreadableImage) ? "; give a PNG or JPEG photo of the mat" : ""
            throw CaptureError(.input, "\(path): \(why)\(remedy)")
        }
        return VisionImage(taking: handle)
    }

    /// A copy of an image another owner holds (a `gev_image *` from the C API).
    public static func copying(_ handle: OpaquePointer) -> VisionImage? {
        gev_image_copy(handle).map(VisionImage.init(taking:))
    }

    public func write(path: String) throws(CaptureError) {
        guard gev_image_write(handle, path) == 0 else { throw CaptureError(.output, "\(path): \(VisionError.last)") }
    }

    /// Calls `body` with the BGR bytes and the bytes per row.
    public func withBytes<R>(_ body: (UnsafePointer<UInt8>, Int) throws -> R) rethrows -> R {
        var stride: Int32 = 0
        let bytes = gev_image_bytes(handle, &stride)!
        return try body(bytes, Int(stride))
    }

    /// The image seen through `homography` (source pixels → output pixels).
    public func warped(by homography: Homography, width: Int, height: Int, fill: UInt32 = 0) -> VisionImage? {
        homography.entries.withUnsafeBufferPointer { h in
            gev_warp_perspective(handle, h.baseAddress, Int32(width), Int32(height), fill).map(VisionImage.init(taking:))
        }
    }

    /// The image scaled to `width`×`height` (averaging the pixels each output pixel covers,
    /// when shrinking).
    public func resized(width: Int, height: Int) -> VisionImage? {
        gev_resize(handle, Int32(width), Int32(height)).map(VisionImage.init(taking:))
    }

    /// The image resampled at the given places (row by row, `width`×`height` of them, in this
    /// image's pixels): for maps no homography expresses, such as a lens's bend.
    public func remapped(x: [Float], y: [Float], width: Int, height: Int, fill: UInt32 = 0) -> VisionImage? {
        guard x.count == width * height, y.count == width * height else { return nil }
        return x.withUnsafeBufferPointer { mx in
            y.withUnsafeBufferPointer { my in
                gev_remap(handle, mx.baseAddress, my.baseAddress, Int32(width), Int32(height), fill).map(VisionImage.init(taking:))
            }
        }
    }

}

/// OpenCV's message for the last failure on this thread.
enum VisionError {
    /// How `gev_image_read`'s message starts when the file is there but is no image OpenCV reads
    /// (Sources/CVision/io.cpp).
    static let unreadableImage = "not a readable image"

    static var last: String {
        let message = String(cString: gev_last_error())
        return message.isEmpty ? "OpenCV failed without a message" : message
    }
}
