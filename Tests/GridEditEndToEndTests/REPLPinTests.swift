import Foundation
import GridEditTestSupport
import Testing

@Suite("Pins in the REPL: the live view marks them, edits refuse them, undo and recovery keep them")
struct REPLPinTests {
    @Test("Pin at a terminal, see it in the live view, be refused a move, undo and redo; a kill loses no pin")
    func pinAtATerminal() throws {
        let run = try EditorRun()
        try run.copy("puzzles/tangram-starter/square.json")
        let terminal = try PseudoTerminal(arguments: ["square.json"], directory: run.work.url, environment: run.environment)
        #expect(terminal.waitFor("square.json> "))
        terminal.type("pin Q\r")
        #expect(terminal.waitFor("pin square"))
        #expect(terminal.waitFor("Q*"), "the live view marks the pinned piece")
        #expect(terminal.waitFor("  Q square (4+0.5√2, 4-0.5√2) 45° [pinned]"))
        #expect(terminal.waitFor("  pinned: square"))
        #expect(terminal.waitFor("square.json · solution 7/7 placed, 1 pinned · "), "the status line counts pins")
        #expect(terminal.waitFor("square.json> "), "a pin is not an unsaved change")
        terminal.type("move Q 1 1\r")
        #expect(terminal.waitFor("square is pinned; `unpin square` first"))
        #expect(terminal.waitFor("square.json> "))
        terminal.type("undo\r")
        #expect(terminal.waitFor("undo: pin square"))
        #expect(terminal.waitFor("solution 7/7 placed · "), "the undone pin is gone from the view")
        #expect(terminal.waitFor("square.json> "))
        terminal.type("redo\r")
        #expect(terminal.waitFor("redo: pin square"))
        #expect(terminal.waitFor("7/7 placed, 1 pinned"))
        #expect(terminal.waitFor("square.json> "))
        terminal.type("nudge L right\r")
        #expect(terminal.waitFor("nudge large-1 to (4.25, 4)"))
        #expect(terminal.waitFor("square.json*> "))
        kill(terminal.process.processIdentifier, SIGKILL)
        terminal.process.waitUntilExit()
        #expect(run.journals.count == 1)

        let recovered = try run.script(["open --recover square.json", "show", "move Q 1 1", "unpin Q", "move Q 6 6", "save"],
                                       arguments: ["--keep-going"])
        #expect(recovered.stdout.contains("recovered 2 edits to square.json"),
                "the redone pin and the nudge: undoing the pin went back to the saved point, which leaves no journal")
        #expect(recovered.lines.contains("  pinned: square"))
        #expect(recovered.lines.contains { $0.hasPrefix("square.json (modified) · solution 7/7 placed, 1 pinned · ") })
        #expect(recovered.stderr == "<stdin>:3: error: square is pinned; `unpin square` first\n")
        #expect(recovered.stdout.contains("unpin square"))
        let saved = try run.work.read("square.json")
        #expect(saved.contains(#"{"piece": "square", "x": 6, "y": 6, "rotation": 45}"#))
        #expect(saved.contains(#"{"piece": "large-1", "x": 4.25, "y": 4, "rotation": 135}"#))
        #expect(!saved.contains("pin"), "pins are not saved in the file")
        #expect(run.journals.isEmpty)
    }

    @Test("A replayed pose for a pinned piece is ignored with a note; help explains pins")
    func replayAndHelp() throws {
        let run = try EditorRun()
        try run.copy("puzzles/tangram-starter/square.json")
        try run.work.write(#"""
            {"touchFile":1}
            {"t":0.1,"frame":1,"type":"moved","object":"square","x":1,"y":1,"rotation":45,"flip":false,"confidence":0.9}
            {"t":0.2,"frame":2,"type":"removed","object":"square"}

            """#, to: "poke.touches.jsonl")
        let output = try run.script(["open square.json", "pin square", "replay poke.touches.jsonl", "help pin", "quit"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("  ignored: square is pinned; its pose at frame 1 is ignored (`unpin square` to follow it)"))
        #expect(output.stdout.contains("0 edits, 2 ignored"))
        #expect(output.stdout.contains("Pins are session state, like groups"))
        #expect(try run.work.read("square.json") == (try Repository.text("puzzles/tangram-starter/square.json")))
    }
}
