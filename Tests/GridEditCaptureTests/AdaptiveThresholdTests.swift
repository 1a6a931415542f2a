import CVision
@testable import GridEditCapture
import GridEditCore
import GridEditMat
import PhotoFrames
import Testing

/// The marker search's adaptive threshold (threshold.cpp) against OpenCV's boxFilter and
/// adaptiveThreshold, which it stands in for: the same integers at every pixel, or the markers
/// found would not be OpenCV's.
@Suite("Marker search: adaptive threshold as OpenCV computes it")
struct AdaptiveThresholdTests {
    static let blocks = Array(stride(from: 3, through: 15, by: 2))

    @Test("every window sum of every window size: the same mean as boxFilter", arguments: blocks)
    func everySum(block: Int) {
        #expect(gev_box_mean_mismatches(Int32(block)) == 0)
    }

    @Test("a window size it does not make is refused with a message, through the target's shared error")
    func refusesWithMessage() {
        #expect(gev_box_mean_mismatches(4) == -1)
        #expect(String(cString: gev_last_error()) == "the window must be odd, 3 to 15 pixels")
        #expect(gev_adaptive_threshold_mismatches(nil, 5, 12, 1, 0) == -1)
        #expect(String(cString: gev_last_error()) == "no image")
    }

    /// Mismatching pixels over every window size, both types and several constants (including
    /// fractions and negatives, which OpenCV rounds differently by type), vector and portable.
    static func mismatches(_ image: OpaquePointer) -> [String] {
        var found: [String] = []
        for block in blocks {
            for delta in [12, 0, 7.5, -3.25, 255] {
                for inverse in [1, 0] as [Int32] {
                    for portable in [0, 1] as [Int32] {
                        let count = gev_adaptive_threshold_mismatches(image, Int32(block), delta, inverse, portable)
                        if count != 0 { found.append("block \(block), delta \(delta), inverse \(inverse), portable \(portable): \(count)") }
                    }
                }
            }
        }
        return found
    }

    @Test("random images, from 1×1 to larger than the search's, and smaller than the window",
          arguments: [(1, 1), (2, 3), (7, 2), (33, 5), (15, 16), (17, 31), (640, 360), (961, 541)])
    func randomImages(width: Int, height: Int) {
        var random = SplitMix64(seed: UInt64(width * 1000 + height))
        let image = MarkerGreyTests.image(width: width, height: height) { _ in UInt8(truncatingIfNeeded: random.next()) }
        defer { gev_image_free(image) }
        #expect(Self.mismatches(image) == [], "\(width)×\(height)")
    }

    @Test("photo-like frames, whole and shrunk as the search shrinks them")
    func photoLikeFrames() throws {
        for seed in UInt64(0)..<2 {
            let frame = try PhotoFrames.image(PhotoScene.random(seed: seed, width: 1280, height: 720))
            #expect(Self.mismatches(frame.handle) == [], "seed \(seed)")
            let small = try #require(frame.resized(width: 640, height: 360))
            #expect(Self.mismatches(small.handle) == [], "seed \(seed), shrunk")
        }
    }

    @Test("OpenCV's marker detector thresholds through it (the program's definition is the one called)")
    func detectorUsesIt() throws {
        let frame = try PhotoFrames.image(PhotoScene.random(seed: 3, width: 1280, height: 720))
        let before = gev_adaptive_threshold_fast_calls()
        let markers = MatLocator().markers(in: frame, searchWidth: MatLocator.searchWidth(frame.width))
        #expect(markers.count >= MatLayout.minimumVisibleMarkers)
        // Two window sizes, one call each.
        #expect(gev_adaptive_threshold_fast_calls() - before >= 2)
    }
}
