import BrowserSupport
import Foundation
import GridEditTestSupport
import Testing

/// Screenshots of the fixture page against committed references, and proof that the comparison
/// does fail when the page changes (so it cannot pass vacuously).
@Suite(.serialized, .whenBrowserInstalled, .browserSession, .timeLimit(.minutes(2)))
struct ScreenshotTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    /// The board after a drag, a turn and two digits: the reference shows all three.
    private func arrangeTheBoard() async throws -> Element {
        try await browser.openPointerLab()
        let square = try await browser.element(#"[data-piece="square"]"#)
        try await browser.drag(square, by: 160, 80)
        try await browser.element(#"[data-cell="r1c2"]"#).click()
        try await browser.press("5", Key.arrowDown, "8", "r")
        return try await browser.element("#board")
    }

    @Test func theBoardLooksLikeItsReference() async throws {
        let board = try await arrangeTheBoard()
        let png = try await board.screenshot()
        let image = try PNGImage(png: png)
        #expect(image.width == 320 && image.height == 240)
        try Fixture.references.check(png, named: "pointer-lab-board")
    }

    @Test func theViewportLooksLikeItsReference() async throws {
        _ = try await arrangeTheBoard()
        let image = try PNGImage(png: try await browser.screenshot())
        #expect(image.width == 800 && image.height == 600)
        try Fixture.references.check(image.cropped(x: 0, y: 0, width: 420, height: 280), named: "pointer-lab-viewport")
    }

    @Test func aChangedPageFailsTheComparisonAndLeavesADiff() async throws {
        let board = try await arrangeTheBoard()
        // One more digit in the cell left of the 8 (which takes the selection): a small change.
        try await browser.press(Key.arrowLeft, "3")
        let png = try await board.screenshot()
        let failures = try TemporaryFolder()
        let references = ScreenshotReferences(folder: Fixture.references.folder, failureFolder: failures.url, updating: false)

        let mismatch = try #require(throws: ScreenshotMismatch.self) {
            try references.check(png, named: "pointer-lab-board")
        }
        let difference = try #require(mismatch.difference)
        #expect(difference.differingPixels > 100 && difference.largestChannelDifference > 100, "\(difference)")
        #expect(difference.sizeMismatch == nil)
        #expect(FileManager.default.fileExists(atPath: failures.file("pointer-lab-board.actual.png").path))
        let diff = try PNGImage(png: try Data(contentsOf: failures.file("pointer-lab-board.diff.png")))
        #expect(diff.pixels.filter { $0 == 0xFFFF_0000 }.count == difference.differingPixels)
        #expect(mismatch.description.contains("pointer-lab-board.png") && mismatch.description.contains("GRIDEDIT_UPDATE_SCREENSHOTS=1"))
    }
}
