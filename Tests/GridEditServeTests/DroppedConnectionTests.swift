import Foundation
import GridEditCore
import GridEditEditor
import GridEditJSON
import GridEditServe
import GridEditTestSupport
import ServeTestClient
import Testing

/// A page's WebSocket lost in the middle of a drag, closed by the page or cut under it: the drag
/// is never half-applied, every other page keeps its state, the session forgets the page, and a
/// page that comes back gets the current state first and a clear word about the drag's up.
@MainActor
@Suite(.serialized)
struct DroppedConnectionTests {
    /// What the session told the REPL side about page edits.
    @MainActor final class Told {
        var edits: [[String]] = []
    }

    /// A drag's down and moves on the square, as touch-file events from `t`, moving right.
    nonisolated static func dragStart(_ state: JSONNode?, t: Double) throws -> (events: [String], grab: (Double, Double)) {
        let square = try #require(state?["pieces"]?.items.first { $0.string("piece") == "square" })
        func double(_ key: String) -> Double? { if case .number(let n)? = square[key]?.value { n.doubleValue } else { nil } }
        let grab = (try #require(double("originX")) + 0.2, try #require(double("originY")) + 0.2)
        let events = [(0.0, "down", 0.0), (0.1, "move", 0.7), (0.2, "move", 1.4)].map { dt, type, dx in
            "{\"t\":\(t + dt),\"type\":\"\(type)\",\"pointer\":1,\"x\":\(grab.0 + dx),\"y\":\(grab.1)}"
        }
        return (events, grab)
    }

    /// Waits until the session counts `pages` connections (the server noticed the loss).
    static func waitForPages(_ session: ServeSession, _ pages: Int) async throws {
        for _ in 0..<500 where session.connectedPages != pages { try await Task.sleep(for: .milliseconds(10)) }
        #expect(session.connectedPages == pages, "the server forgets a lost page")
    }

    @Test("A drag's connection closed or cut: nothing applied, other pages unchanged; back, the page hears why nothing moved")
    func dragLostWithItsConnection() async throws {
        let folder = try servedFolder()
        let session = try makeSession(folder)
        let path = folder.file("starter/square.json").path
        try session.service.open(path)
        let file = try folder.read("starter/square.json")
        let told = Told()
        session.onPageEdit = { told.edits.append($0) }
        try await withLiveServer(session) { port in
            try await withPage(port: port) { other in
                let before = try #require(other.state)
                // Closed by the page: a down and two moves, then the page's client ends its connection.
                try await withPage(port: port) { dragging in
                    for event in try Self.dragStart(dragging.state, t: 1).events {
                        let reply = try await dragging.touch(event)
                        #expect(reply.bool("ok") == true && reply.outputTexts.isEmpty, "\(reply.toJSONValue().compactText)")
                    }
                }
                try await Self.waitForPages(session, 1)
                // Cut: the same over a bare socket, reset with no close frame.
                let cut = try await CutConnection.open(port: port)
                for event in try Self.dragStart(before, t: 1).events {
                    #expect(try await cut.touch(event).bool("ok") == true)
                }
                cut.cut()
                try await Self.waitForPages(session, 1)

                let (edits, dirty, toldEdits) = await MainActor.run {
                    (session.service.active?.undoStack.count, session.service.active?.isDirty, told.edits.count)
                }
                #expect(edits == 0, "no drag was applied")
                #expect(dirty == false)
                #expect(toldEdits == 0, "the REPL side was told of no edit")
                #expect(try await other.request([.init("type", .string("hello"))]).string("type") == "welcome")
                #expect(other.state?.int("version") == before.int("version"), "the other page's state did not change")
                #expect(other.state.poses == before.poses)

                // The page comes back with its pointer still down: its moves and up change nothing, and say why.
                try await withPage(port: port) { again in
                    #expect(again.state?.int("version") == before.int("version"))
                    #expect(again.state.poses == before.poses)
                    let grab = try Self.dragStart(again.state, t: 0).grab
                    let move = try await again.touch("{\"t\":2,\"type\":\"move\",\"pointer\":1,\"x\":\(grab.0 + 1.8),\"y\":\(grab.1)}")
                    #expect(move.outputTexts == ["pointer 1 moves without having gone down here "
                                                 + "(a drag begun before the connection was lost): it moves nothing until it lifts"])
                    let next = try await again.touch("{\"t\":2.1,\"type\":\"move\",\"pointer\":1,\"x\":\(grab.0 + 1.9),\"y\":\(grab.1)}")
                    #expect(next.outputTexts.isEmpty, "said once per lost drag, not for every move")
                    let up = try await again.touch("{\"t\":2.2,\"type\":\"up\",\"pointer\":1,\"x\":\(grab.0 + 2),\"y\":\(grab.1)}")
                    #expect(up.bool("ok") == true)
                    #expect(up.outputTexts == ["pointer 1 lifted without having gone down here "
                                                 + "(a drag begun before the connection was lost): nothing moved; drag the piece again"])
                    #expect(up["output"]?.items.first?.string("style") == "note")
                    // A drag begun on this connection works as ever.
                    var dragged = 0
                    for event in try Self.dragStart(again.state, t: 3).events + [
                        "{\"t\":3.3,\"type\":\"up\",\"pointer\":1,\"x\":\(grab.0 + 1.4),\"y\":\(grab.1)}"] {
                        let reply = try await again.touch(event)
                        dragged += reply.outputTexts.filter { $0.hasPrefix("move square") }.count
                    }
                    #expect(dragged == 1)
                }
            }
        }
        #expect(session.service.active?.undoStack.count == 1)
        #expect(told.edits.count == 1)
        #expect(try folder.read("starter/square.json") == file, "nothing saved")
    }
}
