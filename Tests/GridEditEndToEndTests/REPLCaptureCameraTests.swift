import Foundation
import GridEditCore
import GridEditTestSupport
import Testing

/// The REPL's `capture` with the real gridedit-capture on rendered photos: the stream's poses,
/// snapped by gridedit-capture as one layout, land in the document exactly as the one-shot
/// `gridedit capture` would write them.
@Suite("REPL capture with the real gridedit-capture")
struct REPLCaptureCameraTests {
    @Test("capture --image in a script builds the scene's exact layout as one undo step")
    func photosBuildTheExactLayout() throws {
        let frames = try CaptureFixtures.get()
        let work = try TemporaryFolder()
        // Photos from three cameras, twice over: a piece half under the hand in one of them still
        // settles from the others.
        let photos = (frames.views + frames.views).joined(separator: " ")
        let script = """
            new tangram figure.json
            capture --image \(photos)
            history
            save
            """
        let run = try GridEditBinary.run([], in: work.url, input: script + "\n")
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("kept as one undo step"), "\(run.stdout)")
        #expect(run.stdout.contains(">  1 capture") || run.stdout.contains("1 capture"), "\(run.stdout)")
        let saved = try loadTangram(work.file("figure.json").path)
        #expect(footprints(saved.pieces ?? []) == footprints(frames.poses), "\(run.stdout)")

        // The one-shot command on the same photos writes the same layout, pose for pose: both
        // routes settle through the same engine.
        let oneShot = try GridEditBinary.run(["capture", "--image"] + frames.views + frames.views + ["-o", "one-shot.json"], in: work.url)
        #expect(oneShot.status == 0, "\(oneShot.stdout)\n\(oneShot.stderr)")
        let captured = try loadTangram(work.file("one-shot.json").path)
        #expect(captured.pieces == saved.pieces, "the REPL stream and the one-shot command disagree")
    }

    @Test("the stream carries exact positions: gridedit-capture snaps the whole layout")
    func streamCarriesExactPositions() throws {
        let frames = try CaptureFixtures.get()
        let run = try CaptureBinary.run(["capture", "--stream", "--image"] + frames.views + frames.views, direct: true)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix(#"{"touchFile":1"#) == true)
        let events = lines.dropFirst()
        #expect(events.count >= 7, "\(run.stdout)")
        #expect(events.allSatisfy { $0.contains(#""exactX":"#) && $0.contains(#""exactY":"#) }, "\(run.stdout)")
    }
}
