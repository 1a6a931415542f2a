import Foundation
import GridEditCore
import GridEditJSON
import GridEditTestSupport
import ServeTestClient
import Synchronization
import Testing

/// `gridedit serve` under faults, run as a user runs it: `kill -9` at seeded moments (between
/// edits, mid-drag, mid-save) with the next session recovering from the journal, and a page's
/// connection cut in the middle of a drag.
@Suite("gridedit serve under kill -9 and cut connections: never torn, nothing acknowledged lost", .serialized)
struct ServeFaultTests {
    /// A dead process's id, for a temporary file that a killed save left behind.
    static func deadProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// The file is its old or its new bytes, never torn; the next session has every acknowledged
    /// edit and no stale temporary. `GRIDEDIT_KILL_COUNT` raises the share (default 12).
    @Test("Seeded kill -9 between edits, mid-drag and mid-save loses nothing acknowledged and tears nothing",
          .timeLimit(.minutes(5)))
    func killsLoseNothing() async throws {
        let count = ProcessInfo.processInfo.environment["GRIDEDIT_KILL_COUNT"].flatMap(Int.init) ?? 12
        let counts = try await ServeKillRun(seed: 36, count: count).run()
        #expect(counts.problems.isEmpty, "\(counts.lines.joined(separator: "\n"))")
        #expect(counts.kills == count)
        #expect(counts.lost == 0)
        #expect(counts.tornFiles == 0)
        #expect(counts.staleTemporariesRemaining == 0)
        // Each moment had its turn: a third of the kills each.
        #expect(counts.betweenEdits == (count + 2) / 3)
        #expect(counts.dragsInterrupted == (count + 1) / 3)
        #expect(counts.savesInterrupted + counts.savesCompleted >= count / 3)
        #expect(counts.editsRecovered > 0)
        #expect(counts.recoveredByREPL > 0, "the REPL's open --recover took its turn")
    }

    /// Either way, and in the REPL's `open --recover`, a temporary file of a killed save goes.
    @Test("serve FILE with a killed session's journal says so; serve FILE --recover brings the edits back")
    func serveOffersRecovery() async throws {
        let run = try EditorRun()
        try run.copy("puzzles/tangram-starter/square.json")
        let original = try run.work.read("square.json")
        let killed = try LiveProcess(["serve", "square.json", "--port", "0"], environment: run.environment, in: run.work.url)
        let (port, _) = try await killed.servedURL()
        let seen = Mutex((shipped: [String](), edited: [String]()))
        do {
            try await withPage(port: port) { page in
                let shipped = page.state.poses
                seen.withLock { $0.shipped = shipped }
                for line in ["move square 6 6", "rotate medium 90"] {
                    let reply = try await page.command(line)
                    #expect(reply.bool("ok") == true, "\(line): \(reply.outputTexts)")
                }
                #expect(try await page.request([.init("type", .string("hello"))]).string("type") == "welcome")
                let edited = page.state.poses
                seen.withLock { $0.edited = edited }
                killed.signal(SIGKILL)
            }
        } catch {}  // the connection goes with the server
        let (shipped, edited) = seen.withLock { $0 }
        #expect(try await killed.waitForExit() == 128 + SIGKILL)
        #expect(edited != shipped && !edited.isEmpty)
        let stale = ".square.json.tmp-\(try Self.deadProcess())-7"

        // Without --recover: a note, the file as saved, the journal kept, the stale file gone.
        try run.work.write("{\"torn", to: stale)
        let noted = try LiveProcess(["serve", "square.json", "--port", "0"], environment: run.environment, in: run.work.url)
        let (notedPort, _) = try await noted.servedURL()
        #expect(noted.stdout.contains("note: square.json has 2 unsaved edits from a session that ended abruptly"), "\(noted.stdout)")
        #expect(noted.stdout.contains("`gridedit serve square.json --recover` restores them"))
        try await withPage(port: notedPort) { page in #expect(page.state.poses == shipped) }
        noted.signal(SIGTERM)
        #expect(try await noted.waitForExit(seconds: 10) == 0)
        #expect(!FileManager.default.fileExists(atPath: run.work.file(stale).path))
        #expect(run.journals.count == 1, "kept for later")

        // With --recover: the page gets the edited pieces; the stale file goes here too.
        try run.work.write("{\"torn", to: stale)
        let recovering = try LiveProcess(["serve", "square.json", "--port", "0", "--recover"], environment: run.environment, in: run.work.url)
        let (recoveringPort, _) = try await recovering.servedURL()
        #expect(recovering.stdout.contains("recovered 2 edits to square.json (unsaved; Undo in the page steps back through them)"),
                "\(recovering.stdout)")
        #expect(!FileManager.default.fileExists(atPath: run.work.file(stale).path))
        try await withPage(port: recoveringPort) { page in
            #expect(page.state.poses == edited)
            #expect(page.state?["document"]?.bool("dirty") == true)
        }
        recovering.signal(SIGTERM)
        #expect(try await recovering.waitForExit(seconds: 10) == 0)
        #expect(recovering.stdout.contains("stopped with unsaved changes in square.json"))
        #expect(try run.work.read("square.json") == original, "recovered, not saved behind the designer's back")

        // The REPL's open --recover, after another killed save: the stale file goes, the edits are saved.
        try run.work.write("{\"torn", to: stale)
        let repl = try run.script(["open --recover square.json", "save", "quit"])
        #expect(repl.status == 0, "\(repl.stderr)")
        #expect(repl.stdout.contains("recovered 2 edits to square.json"), "\(repl.stdout)")
        #expect(!FileManager.default.fileExists(atPath: run.work.file(stale).path))
        let saved = try #require(try ServeCommandTests.savedPose("square", in: run.work.file("square.json").path))
        #expect(saved.position.x.description == "6" && saved.position.y.description == "6")
        #expect(run.journals.isEmpty)

        // Nothing to recover is said too; a folder cannot be recovered this way.
        let nothing = try LiveProcess(["serve", "square.json", "--port", "0", "--recover"], environment: run.environment, in: run.work.url)
        _ = try await nothing.servedURL()
        #expect(nothing.stdout.contains("nothing to recover for square.json"))
        nothing.signal(SIGTERM)
        #expect(try await nothing.waitForExit(seconds: 10) == 0)
        let folder = try run.run(["serve", ".", "--recover"])
        #expect(folder.status == 64)
        #expect(folder.stderr.contains("--recover needs a puzzle FILE"))
    }

    /// The reconnected page gets the current state first, and a clear word about its drag's up.
    @Test("A page's TCP connection cut mid-drag: nothing moves, the other page sees no change, the server says nothing")
    func connectionCutMidDrag() async throws {
        let run = try EditorRun()
        try run.copy("puzzles/tangram-starter/square.json")
        let server = try LiveProcess(["serve", "square.json", "--port", "0"], environment: run.environment, in: run.work.url)
        let (port, _) = try await server.servedURL()
        try await ServeCommandTests.reporting(server) { try await withPage(port: port) { other in
            let before = try #require(other.state)
            let square = try ServeCommandTests.piece("square", in: before)
            let grab = (square.origin.0 + 0.2, square.origin.1 + 0.2)
            let dragging = try await CutConnection.open(port: port)
            for (t, type, dx) in [(1.0, "down", 0.0), (1.1, "move", 0.8), (1.2, "move", 1.6)] {
                let reply = try await dragging.touch("{\"t\":\(t),\"type\":\"\(type)\",\"pointer\":1,\"x\":\(grab.0 + dx),\"y\":\(grab.1)}")
                #expect(reply.bool("ok") == true && reply.outputTexts.isEmpty, "\(reply.toJSONValue().compactText)")
            }
            dragging.cut()
            // The other page: still the same state, version and all, and it can edit.
            #expect(try await other.request([.init("type", .string("hello"))]).string("type") == "welcome")
            // (The version may have moved on: the verifier's answer comes in its own state.)
            #expect(other.state.poses == before.poses)
            #expect(other.state?["document"]?.toJSONValue() == before["document"]?.toJSONValue())
            // The page comes back (its pointer still down in the browser): the current state first,
            // then its up is answered with why nothing moved.
            let current = other.state?.toJSONValue()
            try await withPage(port: port) { again in
                #expect(again.state?.toJSONValue() == current, "the state the other page holds")
                #expect(again.state.poses == before.poses)
                let up = try await again.touch("{\"t\":1.3,\"type\":\"up\",\"pointer\":1,\"x\":\(grab.0 + 2),\"y\":\(grab.1)}")
                #expect(up.bool("ok") == true)
                #expect(up.outputTexts.first?.hasPrefix("pointer 1 lifted without having gone down here") == true, "\(up.outputTexts)")
                #expect(try await again.request([.init("type", .string("hello"))]).string("type") == "welcome")
                #expect(again.state.poses == before.poses)
            }
            let edit = try await other.command("rotate square 45")
            #expect(edit.bool("ok") == true, "\(edit.outputTexts)")
        } }
        server.signal(SIGTERM)
        #expect(try await server.waitForExit(seconds: 10) == 0)
        #expect(server.stderr == "")
        let browserLines = server.stdout.split(separator: "\n").filter { $0.hasPrefix("browser: ") }
        #expect(browserLines.count == 1 && browserLines.first?.hasPrefix("browser: rotate square by 45°") == true,
                "only the other page's edit: \(server.stdout)")
    }
}
