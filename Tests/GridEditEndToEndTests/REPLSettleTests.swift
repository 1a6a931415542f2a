import Foundation
import GridEditTestSupport
import Testing

@Suite("Settling in the REPL: imprecise input lands exactly; groups settle as one; one undo step; a kill loses nothing")
struct REPLSettleTests {
    @Test("Pieces typed roughly settle exactly against each other; a group moves as one; undo and recovery take whole settles")
    func settleAtATerminal() throws {
        let run = try EditorRun()
        let terminal = try PseudoTerminal(arguments: [], directory: run.work.url, environment: run.environment)
        #expect(terminal.waitFor("> "))
        terminal.type("new tangram board.json\r")
        #expect(terminal.waitFor("board.json> "))
        // The template lays the pieces out along the bottom; these go above them.
        terminal.type("move square 2.05 5.97\r")
        #expect(terminal.waitFor("move square to (2, 6)"))
        #expect(terminal.waitFor("board.json*> "))
        // Dropped a little off: small-1 settles flush with the square's right side.
        terminal.type("move small-1 3.08 5.94\r")
        #expect(terminal.waitFor("move small-1 to (3, 6)"))
        #expect(terminal.waitFor("small-1: anchored onto a corner of square"))
        #expect(terminal.waitFor("board.json*> "))
        terminal.type("attach square small-1\r")
        #expect(terminal.waitFor("attach small-1, square"))
        #expect(terminal.waitFor("board.json*> "))
        terminal.type("move square 1.1 4.05\r")
        #expect(terminal.waitFor("move square with small-1 to (1, 4)"), "the group lands on the grid as one body")
        #expect(terminal.waitFor("board.json*> "))
        kill(terminal.process.processIdentifier, SIGKILL)
        terminal.process.waitUntilExit()
        #expect(run.journals.count == 1)

        let recovered = try run.script(["recover 1", "undo", "save", "quit"], arguments: ["--keep-going"])
        #expect(recovered.stdout.contains("recovered 4 edits"), "place, place, attach, move: \(recovered.stdout)")
        #expect(recovered.stdout.contains("undo: move square with small-1 to (1, 4)"), "one step undoes the whole group move")
        let saved = try run.work.read("board.json")
        #expect(saved.contains(#"{"piece": "small-1", "x": 3, "y": 6, "rotation": 0}"#), "\(saved)")
        #expect(saved.contains(#"{"piece": "square", "x": 2, "y": 6, "rotation": 0}"#), "\(saved)")
        #expect(run.journals.isEmpty)
    }
}
