import CVision
import Foundation

/// A synthetic camera frame: a BGR image (owned; freed with the frame) and the exact homography
/// from mat units to its pixels that drew it, which is the ground truth for finding the mat.
public final class RenderedFrame: @unchecked Sendable {
    /// The `gev_image *`, BGR; valid while the frame lives.
    public let image: OpaquePointer
    public let width: Int
    public let height: Int
    /// Mat units (y up) to pixels (origin at the top-left corner of the top-left pixel),
    /// row-major 3×3.
    public let homography: [Double]

    init(image: OpaquePointer, homography: [Double]) {
        self.image = image
        width = Int(gev_image_width(image))
        height = Int(gev_image_height(image))
        self.homography = homography
    }

    deinit { gev_image_free(image) }

    /// Where a mat point lies in the frame, in pixels.
    public func project(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let p = PlaneMap(homography).apply(SIMD2(x, y))
        return (p.x, p.y)
    }

    /// The BGR bytes, rows packed without padding.
    public var bytes: [UInt8] {
        var stride: Int32 = 0
        guard let base = gev_image_bytes(image, &stride) else { return [] }
        var result: [UInt8] = []
        result.reserveCapacity(width * height * 3)
        for row in 0..<height { result.append(contentsOf: UnsafeBufferPointer(start: base + row * Int(stride), count: width * 3)) }
        return result
    }

    /// One pixel's (blue, green, red).
    public func pixel(x: Int, y: Int) -> (blue: UInt8, green: UInt8, red: UInt8) {
        precondition((0..<width).contains(x) && (0..<height).contains(y))
        var stride: Int32 = 0
        let p = gev_image_bytes(image, &stride)! + y * Int(stride) + 3 * x
        return (p[0], p[1], p[2])
    }

    /// Writes the frame as an image file (PNG, JPEG, … by extension).
    public func write(png path: String) throws(SyntheticFrameError) {
        guard gev_image_write(image, path) == 0 else {
            throw SyntheticFrameError("\(path): cannot write the frame: \(String(cString: gev_last_error()))")
        }
    }
}
