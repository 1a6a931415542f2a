import Foundation
import GridEditTestSupport
import Testing

/// Runs the real binary with a private HOME and XDG_STATE_HOME (history and journals never touch
/// the user's), NO_COLOR, and a fixed clock.
struct EditorRun {
    let state: TemporaryFolder
    let work: TemporaryFolder

    init() throws {
        state = try TemporaryFolder()
        work = try TemporaryFolder()
    }

    var environment: [String: String] { GridEditBinary.isolatedEnvironment(stateIn: state.path) }

    /// A copy of a repository file in the work folder, by its relative path there.
    @discardableResult
    func copy(_ relative: String, as name: String? = nil) throws -> String {
        let target = name ?? URL(fileURLWithPath: relative).lastPathComponent
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent(relative), to: work.file(target))
        return target
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { GridEditBinary.Output.lines(stdout) }
    }

    func run(_ arguments: [String], input: String = "") throws -> Output {
        let process = Process()
        process.executableURL = GridEditBinary.url
        process.arguments = arguments
        process.currentDirectoryURL = work.url
        process.environment = environment
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                                     stderr: String(decoding: err, as: UTF8.self))
    }

    /// `gridedit < script` with the lines joined.
    func script(_ lines: [String], arguments: [String] = []) throws -> Output {
        try run(arguments, input: lines.joined(separator: "\n") + "\n")
    }

    var journals: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: state.path + "/state/gridedit/journals")) ?? []).sorted()
    }
}

@Suite("gridedit scripts: the editor's commands from standard input or a file")
struct REPLScriptTests {
    @Test("A script through standard input edits, undoes, saves exactly and exits 0")
    func editAndSave() throws {
        let run = try EditorRun()
        try run.copy("puzzles/tangram-starter/square.json")
        let output = try run.script([
            "# move two pieces, take one move back, save",
            "open square.json",
            "move square 6 6",
            "rotate M 90",
            "undo",
            "save",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr == "")
        #expect(containsInOrder(output.lines, [
            "opened square.json (tangram 7 pieces placed, silhouette)",
            "move square to (6, 6)",
            "  warning [tangram.disconnected] the pieces form more than one figure: square do not touch large-1's group",
            "rotate medium by 90° about (4.75, 3.25)",
            "  moved by (0, 1.5-√2) to keep touching its neighbours",
            "undo: rotate medium by 90° about (4.75, 3.25)",
            "saved square.json",
        ]))
        #expect(output.lines.filter { $0.hasPrefix("move ") || $0.hasPrefix("rotate ") || $0.hasPrefix("undo") }.count == 3)
        let saved = try run.work.read("square.json")
        #expect(saved.contains(#"    {"piece": "square", "x": 6, "y": 6, "rotation": 45},"#))
        #expect(saved.contains(#"    {"piece": "medium", "x": "4+√2", "y": "4-√2", "rotation": 90},"#))
        #expect(saved.contains(#""updatedAt": "2026-11-18T11:06:40Z""#), "SOURCE_DATE_EPOCH sets the time")
        #expect(run.journals.isEmpty, "a clean end leaves no journal")
        let check = try GridEditBinary.run(["check", run.work.file("square.json").path])
        #expect(check.stdout.contains("[tangram.disconnected]"), "gridedit check agrees with the editor")
    }

    @Test("The first failing command stops the script with its line number; --keep-going carries on")
    func failures() throws {
        let run = try EditorRun()
        try run.copy("puzzles/tangram-starter/square.json")
        let lines = ["open square.json", "move square 1 1", "", "rotate dragon 45", "nudge square right", "quit --force"]
        let stopped = try run.script(lines)
        #expect(stopped.status == 1)
        #expect(stopped.stderr == "<stdin>:4: error: no piece \"dragon\"; the pieces are large-1, large-2, medium, small-1, small-2, square, parallelogram (or their letters L l M S s Q P)\n")
        #expect(!stopped.stdout.contains("nudge"), "nothing after the failure runs")
        #expect(run.journals.count == 1, "the unsaved move is kept for recovery")

        let kept = try run.script(lines, arguments: ["--keep-going"])
        #expect(kept.status == 1)
        #expect(kept.stdout.contains("nudge square to (1.25, 1)"))
        #expect(kept.stderr.hasPrefix("<stdin>:4: error: no piece \"dragon\""))
    }

    @Test("Scripts run from a file argument or --script, and errors name the file")
    func scriptFiles() throws {
        let run = try EditorRun()
        try run.copy("templates/sudoku-4x4.json", as: "tiny.json")
        try run.work.write("open tiny.json\ngiven r1c1 1\nset r1c2 7\n", to: "fill.ge")
        let positional = try run.run(["edit", "fill.ge"])
        #expect(positional.status == 1)
        #expect(positional.stderr == "fill.ge:3: error: [sudoku.value-out-of-range] 7 is not allowed in r1c2 of a 4×4 grid: use a digit 1–4\n")
        let option = try run.run(["--script", "fill.ge", "--keep-going"])
        #expect(option.status == 1 && option.stderr.hasPrefix("fill.ge:3: error:"))
        #expect(option.stderr.contains("fill.ge: error: the script ended with unsaved changes in tiny.json"))
    }

    @Test("Ending a script with unsaved changes fails unless it says quit --force")
    func unsavedAtTheEnd() throws {
        let run = try EditorRun()
        try run.copy("puzzles/tangram-starter/cat.json")
        let unsaved = try run.script(["open cat.json", "flip P"])
        #expect(unsaved.status == 1)
        #expect(unsaved.stderr.contains("the script ended with unsaved changes in cat.json"))
        let forced = try run.script(["open cat.json", "flip P", "quit --force"])
        #expect(forced.status == 0 && forced.stderr == "")
        let refused = try run.script(["open cat.json", "flip P", "close", "quit --force"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "<stdin>:3: error: cat.json has unsaved changes; save it, or `close --force` to drop them\n")
        #expect(try run.work.read("cat.json") == (try Repository.text("puzzles/tangram-starter/cat.json")), "nothing was saved")
    }

    @Test("Replaying the designer's touch file builds the exact classic square; validate passes")
    func replay() throws {
        let run = try EditorRun()
        try run.copy("Tests/Fixtures/editor/square-scattered.json", as: "square.json")
        try run.copy("Tests/Fixtures/editor/square-build.touches.jsonl", as: "build.touches.jsonl")
        let output = try run.script(["open square.json", "replay build.touches.jsonl", "validate", "save"])
        #expect(output.status == 0 && output.stderr == "", "validate passes: no errors")
        #expect(output.stdout.contains("warning [tangram.disconnected]"), "the scattered start is not one figure")
        #expect(output.stdout.contains("replayed build.touches.jsonl: "))
        #expect(output.stdout.contains(" 15 edits, "))
        #expect(output.lines.contains { $0 == "square.json: no problems" || $0.hasPrefix("square.json: ") && !$0.contains("error") })
        #expect(!output.lines.contains { $0.hasPrefix("error") }, "a clean validation")
        let saved = try run.work.read("square.json")
        let expected = try Repository.text("puzzles/tangram-starter/square.json")
        func pieces(_ text: String) -> [Substring] { text.split(separator: "\n").filter { $0.contains(#"{"piece": "#) } }
        #expect(pieces(saved) == pieces(expected))
        #expect(pieces(saved).count == 7)
        let check = try GridEditBinary.run(["check", run.work.file("square.json").path])
        #expect(check.status == 0 && check.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test("show draws a Sudoku as a boxed grid and a Tangram as a raster of letters, without colour in a pipe")
    func show() throws {
        let run = try EditorRun()
        try run.copy("puzzles/sudoku-4x4/mini-01.json")
        try run.copy("puzzles/tangram-starter/square.json")
        let output = try run.script(["open mini-01.json", "show", "open square.json", "show", "quit"])
        #expect(output.status == 0)
        #expect(!output.stdout.contains("\u{1B}"), "no escape sequences outside a terminal")
        let lines = output.lines
        #expect(lines.contains("    ┌─────┬─────┐"))
        #expect(lines.contains("    ├─────┼─────┤"))
        #expect(lines.contains { $0.hasPrefix(" 1  │ ") && $0.hasSuffix(" │") && $0.count == 17 })
        #expect(lines.contains("     ┌────────────────────────────────┐"), "8 units of 4 columns")
        #expect(lines.contains { $0.contains("│") && $0.contains("LLL") && $0.contains("Q") })
        #expect(lines.contains("  P parallelogram (4+0.5√2, 4-0.5√2) 45° flipped"))
        #expect(lines.contains { $0.hasPrefix("square.json · solution 7/7 placed · ") })
    }

    @Test("Sudoku commands: givens, entries, candidates and conflicts with their rule ids")
    func sudoku() throws {
        let run = try EditorRun()
        try run.copy("templates/sudoku-4x4.json", as: "tiny.json")
        let output = try run.script([
            "open tiny.json", "given r1c1 1", "given r2c3 1", "set r1c2 1", "validate", "candidates r2c1", "clear r1c2",
            "candidates r4c4", "given r2c3 .", "save",
        ], arguments: ["--keep-going"])
        #expect(output.stdout.contains("  error [sudoku.conflict] 1 appears twice in row 1: r1c1 and r1c2"))
        #expect(output.stdout.contains("error [sudoku.conflict] 1 appears twice in row 1: r1c1 and r1c2\n"), "validate lists it")
        #expect(output.stderr.hasPrefix("<stdin>:5: error: tiny.json has "), "validate fails on an error")
        #expect(!output.stderr.contains("<stdin>:6") && !output.stderr.contains("<stdin>:10"))
        #expect(output.stdout.contains("r2c1: 2 3 4"))
        #expect(output.stdout.contains("r4c4: 1 2 3 4"))
        #expect(try run.work.read("tiny.json").contains(#""givens": ["1...", "....", "....", "...."]"#))
    }

    @Test("A killed session loses nothing: the next one recovers the edits from the journal")
    func killAndRecover() throws {
        let run = try EditorRun()
        try run.copy("puzzles/tangram-starter/cat.json")
        let process = Process()
        process.executableURL = GridEditBinary.url
        process.currentDirectoryURL = run.work.url
        process.environment = run.environment
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data("open cat.json\nnudge P left 4\nnudge Q up 2\n".utf8))
        var seen = ""
        let deadline = Date().addingTimeInterval(20)
        while !seen.contains("nudge square"), Date() < deadline {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        #expect(seen.contains("nudge square"), "the edits ran before the kill")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        let noted = try run.script(["open cat.json", "quit"])
        #expect(noted.stdout.contains("note: cat.json has 2 unsaved edits from a session that ended abruptly"))
        #expect(noted.stdout.contains("`open --recover cat.json` restores them"))
        let recovered = try run.script(["open --recover cat.json", "history", "save"])
        #expect(recovered.status == 0, "\(recovered.stderr)")
        #expect(recovered.stdout.contains("recovered 2 edits to cat.json"))
        #expect(recovered.stdout.contains("  1 nudge parallelogram to (2, 1.5)"))
        #expect(recovered.stdout.contains(">  2 nudge square to (3+2√2, 2+2√2)"))
        #expect(try run.work.read("cat.json").contains(#"{"piece": "parallelogram", "x": 2, "y": 1.5, "rotation": 135}"#))
        #expect(run.journals.isEmpty)
    }

    @Test("A mistyped subcommand is not taken for a file; edit is the default command")
    func commandLine() throws {
        let run = try EditorRun()
        let typo = try run.run(["chekc"])
        #expect(typo.status == 64)
        #expect(typo.stderr.hasPrefix("Error: \"chekc\" is neither a command nor a file; `gridedit --help` lists the commands\n"))
        #expect(typo.stderr.contains("Usage: "))
        let help = try run.run(["--help"])
        #expect(help.stdout.contains("  edit (default)"))
        let empty = try run.run([], input: "")
        #expect(empty.status == 0 && empty.stdout == "" && empty.stderr == "")
        let missing = try run.run(["missing.json"], input: "")
        #expect(missing.status == 1 && missing.stderr.contains("missing.json"))
    }

    @Test("render draws the puzzle as it stands; help knows the front end's commands")
    func render() throws {
        let run = try EditorRun()
        try run.copy("puzzles/sudoku-4x4/mini-01.json")
        let output = try run.script(["open mini-01.json", "set r1c1 4", "render now.png", "render card.svg --card", "help render",
                                     "quit --force"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("rendered mini-01.json to now.png"))
        #expect(output.stdout.contains("render PATH [--card] [--solution] [--grid] [--size N]"))
        let png = try Data(contentsOf: run.work.file("now.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try run.work.read("card.svg").hasPrefix("<?xml"))
        let failed = try run.script(["open mini-01.json", "render now.txt", "quit"])
        #expect(failed.status == 1 && failed.stderr.hasPrefix("<stdin>:2: error: cannot render"))
    }
}

/// Whether `lines` holds `expected` in this order (other lines may come between).
func containsInOrder(_ lines: [String], _ expected: [String]) -> Bool {
    var rest = lines[...]
    for line in expected {
        guard let index = rest.firstIndex(of: line) else { return false }
        rest = rest[(index + 1)...]
    }
    return true
}
