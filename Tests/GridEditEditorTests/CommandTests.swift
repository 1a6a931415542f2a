import Foundation
import GridEditCore
import GridEditEditor
import GridEditLayout
import GridEditTestSupport
import Testing

@Suite("The command language: words, commands, questions, completion")
struct CommandTests {
    @Test("Words split like a shell: quotes, escapes, comments")
    func tokenizer() throws {
        let words = try Tokenizer.split(#"meta name "Sleepy Cat"  open my\ file.json 'it''s' # a comment"#).map(\.text)
        #expect(words == ["meta", "name", "Sleepy Cat", "open", "my file.json", "its"])
        #expect(throws: Tokenizer.Failure.unterminatedQuote("\"")) { try Tokenizer.split(#"open "half"#) }
        #expect(try Tokenizer.split("   # only a comment").isEmpty)
        let partial = Tokenizer.partial("open puzzles/tan")
        #expect(partial.words.map(\.text) == ["open"] && partial.current.text == "puzzles/tan")
        #expect(Tokenizer.partial("open ").current.text == "")
        #expect(Tokenizer.escape("my file.json") == #"my\ file.json"#)
    }

    @Test("Pieces by id, unique prefix or preview letter")
    func pieceNames() throws {
        #expect(try CommandInterpreter.piece(named: "large-2") == .large2)
        #expect(try CommandInterpreter.piece(named: "par") == .parallelogram)
        #expect(try CommandInterpreter.piece(named: "l") == .large2)
        #expect(try CommandInterpreter.piece(named: "L") == .large1)
        #expect(try CommandInterpreter.piece(named: "Q") == .square)
        let ambiguous = #expect(throws: EditError.self) { try CommandInterpreter.piece(named: "small") }
        #expect(ambiguous?.message.contains("small-1 or small-2") == true)
        #expect(throws: EditError.self) { try CommandInterpreter.piece(named: "dragon") }
    }

    @Test("A script of commands edits, undoes, validates and saves")
    func scriptedSession() async throws {
        let folder = try TemporaryFolder()
        let path = try copy(Files.classicSquare, into: folder)
        let console = CapturingConsole()
        let interpreter = CommandInterpreter(service: makeService(), console: console)
        for line in ["open \(path)", "move Q 7 7", "undo", "redo", "nudge Q left 2", "history"] {
            #expect(await interpreter.execute(line) == .ok, "\(line)")
        }
        #expect(console.text.contains("move square to (7, 7)"))
        #expect(console.text.contains("undo: move square to (7, 7)"))
        #expect(console.text.contains(">  2 nudge square to (6.5, 7)"))
        #expect(await interpreter.execute("validate") == .failed("square.json has 1 error"))
        #expect(console.text.contains("error [tangram.out-of-bounds] square leaves the 8×8 play area"))
        #expect(console.text.contains("warning [tangram.disconnected]"))
        #expect(await interpreter.execute("quit") != .quit, "a script cannot quit with unsaved changes")
        #expect(await interpreter.execute("save") == .ok)
        #expect(await interpreter.execute("quit") == .quit)
    }

    @Test("An edit that snaps back to where the piece was changes nothing and leaves no undo step")
    func noOpEdits() async throws {
        let console = CapturingConsole()
        let service = makeService()
        let interpreter = CommandInterpreter(service: service, console: console)
        #expect(await interpreter.execute("open \(Files.classicSquare)") == .ok)
        #expect(await interpreter.execute("move M 5.5 2.5") == .ok)
        #expect(console.text.contains("move medium to (4+√2, 4-√2): nothing changed"))
        #expect(service.active!.undoStack.isEmpty && !service.active!.isDirty)
    }

    @Test("Mistakes get a helpful message")
    func mistakes() async {
        let interpreter = CommandInterpreter(service: makeService(), console: CapturingConsole())
        #expect(await interpreter.execute("plcae L 1 1") == .failed("unknown command \"plcae\"; did you mean `place`? (`help` lists the commands)"))
        #expect(await interpreter.execute("place L 1 1") == .failed("no puzzle is open; `open PATH` opens one, `new tangram` or `new sudoku-9x9` starts one"))
        #expect(await interpreter.execute("new tangram") == .ok)
        #expect(await interpreter.execute("set r1c1 5") == .failed("untitled-1 is a tangram; cell commands need a sudoku"))
        #expect(await interpreter.execute("move L one 2") == .failed("\"one\" is not a coordinate: write 2, 1.25, -0.5, √2 or 4+0.5√2 (sqrt2 works too)"))
        #expect(await interpreter.execute("save --quickly") == .failed("save has no option --quickly; its options: --force"))
        #expect(await interpreter.execute("open \"unfinished") == .failed("unterminated quote \": close it or escape it with \\"))
        #expect(await interpreter.execute("snap grid off") == .ok)
        #expect(await interpreter.execute("move L 1.1 2") == .failed("1.1 is not exact and grid snapping is off: give a multiple of 0.25 or a + b√2, or `snap grid on`"))
    }

    @Test("Quitting with unsaved changes asks; no keeps them for nobody, cancel stays, end of input keeps the journal")
    func quitQuestions() async throws {
        let journals = try TemporaryFolder()
        let service = makeService(journals: journals)
        let console = CapturingConsole(interactive: true, answers: ["c", "n"])
        let interpreter = CommandInterpreter(service: service, console: console)
        #expect(await interpreter.execute("open \(Files.classicSquare)") == .ok)
        #expect(await interpreter.execute("rotate M 90") == .ok)
        #expect(await interpreter.execute("quit") == .ok, "cancelled")
        #expect(console.questions.last == "Save changes to square.json before quitting?")
        #expect(await interpreter.execute("quit") == .quit)
        #expect(journalFiles(in: journals).isEmpty, "dropped changes leave no journal")

        let service2 = makeService(journals: journals)
        let console2 = CapturingConsole(interactive: true, answers: [nil])
        let interpreter2 = CommandInterpreter(service: service2, console: console2)
        #expect(await interpreter2.execute("open \(Files.classicSquare)") == .ok)
        #expect(await interpreter2.execute("flip P") == .ok)
        #expect(await interpreter2.execute("quit") == .quit)
        #expect(journalFiles(in: journals).count == 1, "input ended at the question: the edits stay recoverable")
    }

    @Test("Help lists every command and explains each")
    func help() async {
        let console = CapturingConsole()
        let interpreter = CommandInterpreter(service: makeService(), console: console)
        #expect(await interpreter.execute("help") == .ok)
        for spec in CommandSpec.all { #expect(console.text.contains(spec.usage), "\(spec.name)") }
        #expect(await interpreter.execute("help rotate") == .ok)
        #expect(console.text.contains("rotate PIECE ANGLE [about X Y]") && console.text.contains("also: rot"))
        #expect(await interpreter.execute("help rotat") == .failed("no command \"rotat\"; did you mean `rotate`?"))
    }

    @Test("docs/editor.md documents every command")
    func documented() throws {
        let docs = try String(contentsOfFile: Files.path("docs/editor.md"), encoding: .utf8).replacingOccurrences(of: "\\|", with: "|")
        for spec in CommandSpec.shipped { #expect(docs.contains("`\(spec.usage)`"), "\(spec.usage)") }
    }

    @Test("Tab completes commands, pieces of the active puzzle, templates, keywords and paths")
    func completion() async throws {
        let folder = try TemporaryFolder()
        try folder.write("{}", to: "pack/cat.json")
        try folder.write("{}", to: "pack/cow.json")
        try folder.write("x", to: "pack/notes.txt")
        try folder.write("{}", to: "touches/build.touches.jsonl")
        let service = makeService()
        let completer = Completer(service: service)
        #expect(completer.complete("plac").action.insert == "e ")
        #expect(completer.complete("pla").candidates == ["place", "play"])
        #expect(completer.complete("s").candidates == ["save", "set", "show", "snap", "switch"])
        #expect(completer.complete("new sud").action.insert == "oku-")
        #expect(completer.complete("new sudoku-").action.list == ["sudoku-4x4", "sudoku-6x6", "sudoku-9x9"])
        #expect(completer.complete("snap gr").action.insert == "id ")
        #expect(completer.complete("snap grid o").candidates == ["off", "on"])
        #expect(completer.complete("save --f").action.insert == "orce ")
        #expect(completer.complete("help rot").action.insert == "ate ")

        let pack = folder.path + "/pack/"
        #expect(completer.complete("open \(folder.path)/pa").action.insert == "ck/")
        #expect(completer.complete("open \(pack)c").candidates == [pack + "cat.json", pack + "cow.json"])
        #expect(completer.complete("open \(pack)c").action.list == ["cat.json", "cow.json"])
        #expect(completer.complete("open \(pack)n").candidates == [pack + "notes.txt"], "other files when no file has the extension")
        #expect(completer.complete("replay \(folder.path)/touches/").action.insert == "build.touches.jsonl ")

        let interpreter = CommandInterpreter(service: service, console: CapturingConsole())
        #expect(await interpreter.execute("open \(Files.squareScattered)") == .ok)
        #expect(completer.complete("move sm").candidates == ["small-1", "small-2"])
        #expect(await interpreter.execute("remove square") == .ok)
        #expect(completer.complete("place ").candidates == ["square"], "place offers the pieces not on the board")
        #expect(!completer.complete("move ").candidates.contains("square"))
        #expect(completer.complete("attach small-1 small").candidates == ["small-2"], "a piece already named is not offered again")
    }
}
