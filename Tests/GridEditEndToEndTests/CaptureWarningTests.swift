import Foundation
import GridEditTestSupport
import SyntheticFrames
import Testing

@Suite("Capture warnings")
struct CaptureWarningTests {
    @Test("a piece mostly under a hand that fits as well another way is refused by name; nothing is written")
    func handOverAPiece() throws {
        // Seed 1087: fingers over most of small-1, whose visible part fits as well turned 180°:
        // its confidence is under the threshold, so the capture refuses rather than guess.
        let scene = try Scene.random(seed: 1087)
        let hidden = try #require(scene.hand).touchedPieces(scene.poses)
        #expect(hidden.map(\.rawValue) == ["small-1"])
        let folder = try TemporaryFolder()
        let photo = folder.file("hand.png").path, target = folder.file("hand.json").path
        try SyntheticFrames.render(scene).write(png: photo)
        let run = try CaptureBinary.run(["capture", "--image", photo, "-o", target])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("error: \(photo): small-1 (green): not sure of its pose (confidence "), "\(run.stderr)")
        #expect(run.stderr.contains("so nothing was written: make sure nothing hides part of small-1 (a hand, a glare) and photograph again"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
