import CVision
@testable import GridEditCapture
import GridEditCore
import PhotoFrames
import Testing

/// The marker search's own grey conversion (`grayAndHalf` in vision.cpp) against OpenCV's
/// cvtColor and resize, which it stands in for: the same integers at every pixel, or the markers
/// found would not be OpenCV's.
@Suite("Marker search: grey image and half-size copy as OpenCV makes them")
struct MarkerGreyTests {
    static func image(width: Int, height: Int, _ byte: (Int) -> UInt8) -> OpaquePointer {
        let count = width * height * 3
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { bytes, initialized in
            for k in 0..<count { bytes[k] = byte(k) }
            initialized = count
        }
        return pixels.withUnsafeBufferPointer { gev_image_from_bgr($0.baseAddress!, Int32(width), Int32(height), Int32(width * 3))! }
    }

    static func mismatches(_ image: OpaquePointer, halve: Bool) -> (count: Int, fast: Bool) {
        var fast: Int32 = -1
        let count = Int(gev_gray_mismatches(image, halve ? 1 : 0, &fast))
        return (count, fast == 1)
    }

    @Test("every one of the 2^24 colours: the same grey as cvtColor, and the 2×2 means as resize")
    func everyColour() {
        // 4096 × 4096 pixels: pixel i is the colour with blue, green, red = the bytes of i.
        let side = 4096
        let image = Self.image(width: side, height: side) { k in UInt8(truncatingIfNeeded: (k / 3) >> (8 * (k % 3))) }
        defer { gev_image_free(image) }
        let result = Self.mismatches(image, halve: true)
        #expect(result.fast, "the one-pass conversion must run here (an x86-64 with AVX2, as the capture requires)")
        #expect(result.count == 0)
    }

    @Test("random images of the sizes the search halves, and of odd sizes (grey only)",
          arguments: [(1280, 720, true), (1600, 900, true), (2560, 1440, true), (1283, 721, false), (33, 5, false), (1920, 1080, false)])
    func randomImages(width: Int, height: Int, halve: Bool) {
        var random = SplitMix64(seed: UInt64(width * height))
        let image = Self.image(width: width, height: height) { _ in UInt8(truncatingIfNeeded: random.next()) }
        defer { gev_image_free(image) }
        let result = Self.mismatches(image, halve: halve)
        #expect(result.fast)
        #expect(result.count == 0, "\(width)×\(height)")
    }

    @Test("photo-like frames at 720p, halved as the search halves them")
    func photoLikeFrames() throws {
        for seed in UInt64(0)..<4 {
            let frame = try PhotoFrames.image(PhotoScene.random(seed: seed, width: 1280, height: 720))
            let result = Self.mismatches(frame.handle, halve: true)
            #expect(result.fast && result.count == 0, "seed \(seed): \(result.count) pixels differ")
        }
    }
}
