import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditJSON
import GridEditLayout
import GridEditTestSupport
import Testing

/// Pose events that carry an exact position (gridedit-capture snaps a whole layout before it
/// streams it): read and written by the touch-file format, applied without snapping again.
@Suite("Exact pose events")
struct ExactPoseEventTests {
    @Test("exactX and exactY round-trip through the touch-file format")
    func roundTrip() throws {
        let event = PoseEvent(kind: .detected, pose: ApproximatePose(piece: .large1, x: 5.664, y: 2.914, degrees: 135,
                                                                     exact: point("4.25+√2", "1.5+√2")),
                              timestamp: 2, frame: 2)
        let line = TouchRecording.line(for: .pose(event))
        #expect(line.contains(#""exactX":"4.25+√2","exactY":"1.5+√2""#), "\(line)")
        let parsed = try TouchRecording(parsing: #"{"touchFile":1}"# + "\n" + line + "\n")
        #expect(parsed.events == [.pose(event)])
    }

    @Test("only one of exactX and exactY, or a value that is not exact, is refused with its line",
          arguments: [#""exactX":"1+√2""#, #""exactX":"one","exactY":"2""#, #""exactX":"1","exactY":2"#])
    func refused(_ keys: String) {
        let text = #"{"t":0,"type":"detected","object":"square","x":1,"y":2,"rotation":0,"# + keys + "}\n"
        #expect(throws: JSONLineError.self) { try TouchRecording(parsing: text) }
    }

    @Test("an exact pose is placed as it is: no grid snap, no anchoring to a piece within reach")
    func exactPoseIsKept() throws {
        let service = makeService()
        let document = try service.open(Files.squareScattered)
        let input = LiveInput(service: service)
        // Next to where anchoring would pull it, and off the 0.25 grid: both only exact input keeps.
        let target = point("4.25+√2", "1.5+√2")
        let outcomes = input.handle(.pose(PoseEvent(kind: .moved, pose: ApproximatePose(piece: .small1, x: target.doubleX, y: target.doubleY,
                                                                                        degrees: 45, exact: target),
                                                    timestamp: 0, frame: 0)))
        guard case .edited = try #require(outcomes.first) else { Issue.record("not applied: \(outcomes)"); return }
        #expect(document.solution.first { $0.piece == .small1 } == Pose(piece: .small1, position: target, rotation: Rotation(eighths: 1)))
        // The same pose without its exact position goes to the grid.
        let approximate = input.handle(.pose(PoseEvent(kind: .moved, pose: ApproximatePose(piece: .small2, x: target.doubleX,
                                                                                           y: target.doubleY + 3, degrees: 45),
                                                       timestamp: 1, frame: 1)))
        guard case .edited = try #require(approximate.first) else { Issue.record("not applied: \(approximate)"); return }
        let placed = try #require(document.solution.first { $0.piece == .small2 })
        #expect(placed.position != Point(target.x, target.y + Exact(3)))
    }
}
