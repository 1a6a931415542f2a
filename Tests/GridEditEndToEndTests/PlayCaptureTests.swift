import Foundation
import GridEditCore
import GridEditTestSupport
import CVision
import PhotoFrames
import Testing

/// Play mode from the camera: photo-like frames (Sources/Support/PhotoFrames) of a child putting a shipped
/// figure's pieces down one at a time, streamed through the REPL's `capture` by the real
/// gridedit-capture onto a play board, give the same judgements as the same poses typed.
@Suite("Play mode from the camera")
struct PlayCaptureTests {
    /// The judgement lines a run printed (`  square: fits 3 of 9`), in order.
    static func judgements(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { line in
            guard line.hasPrefix("  "), let colon = line.firstIndex(of: ":") else { return false }
            let piece = line.dropFirst(2)[..<colon]
            let rest = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            return TangramPiece(rawValue: String(piece)) != nil
                && ["fits", "solved", "overlaps", "outside"].contains { rest.hasPrefix($0) }
        }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("The frames of the House (18 solutions) built piece by piece, captured onto a play board, are judged as the same poses typed in the order the stream gave them", arguments: [UInt64(7), 11])
    func cameraMatchesTyping(seed: UInt64) throws {
        let work = try TemporaryFolder()
        let cat = GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/tangram-starter/house.json").path
        let loaded = try PuzzleStore(root: "/").load(cat)
        let solution = try #require((loaded.document.puzzle as? TangramPuzzle)?.pieces)
        var random = SplitMix64(seed: seed)
        let order = solution.shuffled(using: &random)
        // One photo per piece put down: the pieces so far, from a camera a little askew, no hand.
        var frames: [String] = []
        for count in 1...order.count {
            var scene = PhotoScene.random(seed: seed * 100 + UInt64(count))
            scene.poses = Array(order.prefix(count))
            scene.handSide = nil
            scene.tilt = min(scene.tilt, 20)
            let frame = try PhotoFrames.render(scene)
            defer { gev_image_free(frame) }
            let path = work.file("frame-\(count).png").path
            #expect(gev_image_write(frame, path) == 0)
            frames.append(path)
        }
        let captured = try GridEditBinary.run([], in: work.url, input: """
            play \(cat) --records camera
            capture --image \(frames.joined(separator: " "))
            play stop

            """)
        #expect(captured.status == 0, "\(captured.stdout)\n\(captured.stderr)")
        // The stream confirms a piece once it has seen it steadily, so pieces may come in another
        // order than they were put down: typed in the stream's order, the judgements must agree.
        let seen = Self.judgements(captured.stdout).compactMap { line in order.first { line.hasPrefix($0.piece.rawValue + ":") } }
        #expect(Set(seen.map(\.piece)).count == 7, "every piece judged once: \(captured.stdout)")
        let typedScript = seen.map { "place \($0.piece.rawValue) \($0.position.x) \($0.position.y) \($0.rotation.degrees)" + ($0.flipped ? " flip" : "") }
        let typed = try GridEditBinary.run([], in: work.url, input: (["play \(cat) --records typed"] + typedScript + ["play stop"]).joined(separator: "\n") + "\n")
        #expect(typed.status == 0, "\(typed.stdout)\n\(typed.stderr)")
        let want = Self.judgements(typed.stdout)
        #expect(want.count == 7 && want.last?.hasSuffix("solved") == true, "\(typed.stdout)")
        #expect(Self.judgements(captured.stdout) == want, "camera:\n\(captured.stdout)")
        #expect(want.contains { !$0.hasSuffix("of 1") && !$0.hasSuffix("solved") }, "some placement leaves a choice of solutions: \(want)")
        // Both records say solved, with no wrong placement.
        for folder in ["camera", "typed"] {
            let name = try #require(FileManager.default.contentsOfDirectory(atPath: work.file(folder).path).first)
            let text = try work.read("\(folder)/\(name)")
            #expect(text.contains("\"completed\": true") && text.contains("\"errors\": []"), "\(folder): \(text.prefix(300))")
        }
    }
}
