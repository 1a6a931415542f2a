import CVision
import Foundation
import GridEditCore
import GridEditLayout
import PhotoFrames
import SyntheticFrames
import Testing
@testable import GridEditCapture

/// The REPL's stream settles only the pieces its tracker has announced. A piece in view that is
/// not announced yet (doubtful, or just put down) can hold its neighbours where they lie: on
/// photo-like seed 17 the medium triangle meets a corner of small-1 off the grid, and settled
/// without small-1 it went onto the grid, 0.06 units from where it lies, and was placed there
/// (wrong) with confidence 0.98. Now the medium waits while small-1 is in view but not sure, and
/// is placed, where it lies, once small-1 is.
@Suite("The stream waits for a piece in view that settling does not know yet")
struct StreamWaitingTests {
    /// The analysis of seed 17, with small-1's fit made doubtful when asked.
    static func analyses() throws -> (clear: FrameAnalysis, doubtful: FrameAnalysis, truth: [Pose], analyzer: FrameAnalyzer) {
        let analyzer = FrameAnalyzer(profile: try SyntheticFrames.templateProfile())
        let scene = PhotoScene.random(seed: 17)
        let frame = try PhotoFrames.render(scene)
        defer { gev_image_free(frame) }
        let clear = analyzer.analyze(try #require(VisionImage.copying(frame)))
        guard case .seen(let view, var sightings, let failures) = clear.outcome, failures.isEmpty else {
            throw SyntheticFrameError("seed 17 should show all seven pieces")
        }
        var doubtful = clear
        let i = try #require(sightings.firstIndex { $0.piece == .small1 })
        sightings[i].confidence = 0.3
        doubtful.outcome = .seen(view: view, sightings: sightings, failures: [])
        let f = try #require(doubtful.fits.firstIndex { $0.piece == .small1 })
        doubtful.fits[f].margin = 0.3 * PieceFit.distinctMargin
        return (clear, doubtful, scene.poses, analyzer)
    }

    @Test("the medium is not placed while small-1 is doubtful, the status says why, and it is placed where it lies once small-1 is sure")
    func waitsThenPlaces() throws {
        let (clear, doubtful, truth, analyzer) = try Self.analyses()
        var lines: [String] = [], statuses: [String] = []
        let stream = PoseStream(analyzer: analyzer, source: try FrameSource(.images(["/dev/null"])),
                                write: { lines.append($0) }, status: { statuses.append($0) })
        var state = PoseStream.State()
        for index in 0..<20 { stream.process(doubtful, time: Double(index) * 0.1, index: index, state: &state) }
        var last = try PhotoEvaluation.lastEvents(lines)
        let medium = try #require(last[.medium])
        #expect(medium.pose.confidence < PieceFit.threshold, "\(medium)")
        #expect(last[.small1].map { $0.pose.confidence < PieceFit.threshold } ?? true)
        #expect(last[.large2].map { $0.pose.confidence >= PieceFit.threshold } == true, "a piece far from small-1 is placed")
        #expect(statuses.contains { $0.contains("medium (yellow) not placed yet: it lies against small-1") }, "\(statuses)")

        for index in 20..<40 { stream.process(clear, time: Double(index) * 0.1, index: index, state: &state) }
        last = try PhotoEvaluation.lastEvents(lines)
        for pose in truth {
            let event = try #require(last[pose.piece], "\(pose.piece) never sent")
            #expect(event.pose.confidence >= PieceFit.threshold, "\(pose.piece): \(event)")
            #expect(event.pose.exactPose?.footprint == pose.footprint, "\(pose.piece): \(event.pose) against \(pose)")
        }
    }
}
