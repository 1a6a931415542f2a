import Foundation
import GridEditTestSupport
import SyntheticFrames
import Testing

@Suite("Capture warnings")
struct CaptureWarningTests {
    @Test("a piece partly under a hand is named in a warning; the puzzle is still written")
    func handOverAPiece() throws {
        // Seed 1087: fingers over most of small-1 (the fit may be wrong, so the designer is told).
        let scene = try Scene.random(seed: 1087)
        let hidden = try #require(scene.hand).touchedPieces(scene.poses)
        #expect(hidden.map(\.rawValue) == ["small-1"])
        let folder = try TemporaryFolder()
        let photo = folder.file("hand.png").path, target = folder.file("hand.json").path
        try SyntheticFrames.render(scene).write(png: photo)
        let run = try CaptureBinary.run(["capture", "--image", photo, "-o", target])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("warning: small-1 partly hidden (a hand?); check its pose"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: target))
    }
}
