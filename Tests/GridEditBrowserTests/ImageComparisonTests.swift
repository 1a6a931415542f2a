import BrowserSupport
import Foundation
import GridEditTestSupport
import Testing

/// The screenshot comparison on made-up images: no browser needed, so these always run.
struct ImageComparisonTests {
    private func image(_ width: Int, _ height: Int, _ color: UInt32 = 0xFFFF_FFFF) -> PNGImage {
        PNGImage(width: width, height: height, pixels: Array(repeating: color, count: width * height))
    }

    @Test func aPNGReadsBackAsTheSamePixels() throws {
        var picture = image(7, 5)
        picture.pixels[3 * 7 + 2] = 0xFF12_3456
        let folder = try TemporaryFolder()
        try picture.write(to: folder.file("p.png"))
        #expect(try PNGImage(png: Data(contentsOf: folder.file("p.png"))) == picture)
        #expect(picture.cropped(x: 2, y: 3, width: 2, height: 9).pixels == [0xFF12_3456, 0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF])
    }

    @Test func smallChangesPassAndLargeOnesFail() {
        let reference = image(100, 100)
        var faint = reference
        faint.pixels[50] = 0xFFF0_F0F0  // 15 levels: anti-aliasing noise
        #expect(ImageDifference(actual: faint, reference: reference, tolerance: ScreenshotTolerance()).differingPixels == 0)
        #expect(!ImageDifference(actual: faint, reference: reference, tolerance: .exact).isWithin(.exact))

        var speck = reference
        for i in 0..<10 { speck.pixels[i] = 0xFF00_0000 }  // 0.1 %: within the default 0.2 %
        #expect(ImageDifference(actual: speck, reference: reference, tolerance: ScreenshotTolerance()).isWithin(ScreenshotTolerance()))

        var block = reference
        for i in 0..<300 { block.pixels[i] = 0xFF00_0000 }  // 3 %
        let difference = ImageDifference(actual: block, reference: reference, tolerance: ScreenshotTolerance())
        #expect(!difference.isWithin(ScreenshotTolerance()))
        #expect(difference.differingPixels == 300 && difference.largestChannelDifference == 255)
        #expect(difference.diffImage.pixels[0] == 0xFFFF_0000 && difference.diffImage.pixels[500] != 0xFFFF_0000)
    }

    @Test func differentSizesNeverMatch() {
        let difference = ImageDifference(actual: image(10, 10), reference: image(10, 11), tolerance: ScreenshotTolerance(channel: 255, fraction: 1))
        #expect(!difference.isWithin(ScreenshotTolerance(channel: 255, fraction: 1)))
        #expect(difference.description == "sizes differ: actual 10×10, reference 10×11")
    }

    @Test func aMissingReferenceFailsAndUpdatingWritesIt() throws {
        let folder = try TemporaryFolder()
        let references = ScreenshotReferences(folder: folder.file("refs"), failureFolder: folder.file("failures"), updating: false)
        let mismatch = try #require(throws: ScreenshotMismatch.self) { try references.check(image(4, 4), named: "new") }
        #expect(mismatch.difference == nil && mismatch.description.contains("no reference"))
        let updating = ScreenshotReferences(folder: folder.file("refs"), failureFolder: folder.file("failures"), updating: true)
        try updating.check(image(4, 4), named: "new")
        try references.check(image(4, 4), named: "new")
    }
}
