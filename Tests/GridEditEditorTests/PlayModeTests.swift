import Foundation
import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditJSON
import GridEditLayout
import GridEditTestSupport
import Testing

/// Play mode through the REPL's interpreter, as a designer types it, from a touch file and on a
/// Sudoku: every judgement read back from what the REPL prints and checked against the solver's
/// own list (k and n counted here from sets of footprints); the record written as play goes.
@Suite("Play mode in the REPL: typed, replayed and Sudoku play, judged exactly")
struct PlayModeTests {
    /// The tangram figures of the shipped packs.
    static var shippedFigures: [String] {
        ShippedContent.puzzleFiles.map(\.path).filter { $0.contains("/puzzles/tangram") }
    }

    /// `place PIECE X Y ANGLE [flip]` for a pose.
    static func placeCommand(_ pose: Pose) -> String {
        "place \(pose.piece.rawValue) \(pose.position.x) \(pose.position.y) \(pose.rotation.degrees)" + (pose.flipped ? " flip" : "")
    }

    /// The judgement lines the REPL printed for a piece (`  square: fits 3 of 9`).
    static func judgements(_ console: CapturingConsole, from start: Int) -> [(piece: String, text: String)] {
        console.lines.dropFirst(start).compactMap { line in
            let text = line.text
            guard text.hasPrefix("  "), let colon = text.firstIndex(of: ":") else { return nil }
            let piece = String(text[text.index(text.startIndex, offsetBy: 2)..<colon])
            let rest = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            guard TangramPiece(rawValue: piece) != nil || piece.first == "r",
                  ["fits", "solved", "overlaps", "outside", "right", "wrong", "conflicts"].contains(where: { rest.hasPrefix($0) })
                    || rest.contains(": right") || rest.contains(": wrong") || rest.contains(": conflicts") || rest.contains(": solved")
            else { return nil }
            return (piece, rest)
        }
    }

    /// Generated figures with several solutions (seeded), written as puzzle files.
    static func generatedFigures(in folder: TemporaryFolder, count: Int) throws -> [String] {
        var options = TangramGenerator.Options()
        options.solutions = nil
        let (figures, _) = TangramGenerator(options: options).generate(count: 40, seed: 341)
        let many = Array(figures.filter { $0.analysis.solutions.count >= 4 }.prefix(count))
        let files = TangramGenerator.puzzleFiles(for: many, in: folder.path, prefix: "gen", timestamp: "2026-11-28T00:00:00Z")
        for (path, document) in files { try document.canonicalText().write(toFile: path, atomically: true, encoding: .utf8) }
        return files.map(\.path)
    }

    @Test("Every solution of every shipped figure and of generated ones, typed piece by piece in random orders: each step fits k of n as the solver's list says, the last solves; the record validates")
    func everySolutionTyped() async throws {
        let folder = try TemporaryFolder()
        var random = SplitMix64(seed: 34)
        var plays = 0
        let generatedFolder = try TemporaryFolder()
        let generated = try Self.generatedFigures(in: generatedFolder, count: 4)
        #expect(generated.count == 4)
        for path in Self.shippedFigures + generated {
            let loaded = try PuzzleStore(root: "/").load(path)
            let figure = try #require(TangramPlay.figure(of: loaded.document.puzzle as! TangramPuzzle))
            let solutions = TangramSolver.solve(figure).solutions
            let sets = solutions.map { Set($0.map(\.footprint)) }
            for solution in solutions {
                let service = makeService()
                let console = CapturingConsole()
                let interpreter = CommandInterpreter(service: service, console: console)
                #expect(await interpreter.execute("play \(path) --records \(folder.path)") == .ok)
                var accepted: [Pose.Footprint] = []
                for (step, pose) in solution.shuffled(using: &random).enumerated() {
                    let before = console.lines.count
                    #expect(await interpreter.execute(Self.placeCommand(pose)) == .ok, "\(path): \(Self.placeCommand(pose))")
                    let said = Self.judgements(console, from: before)
                    let open = sets.indices.filter { i in accepted.allSatisfy { sets[i].contains($0) } }
                    let k = open.filter { sets[$0].contains(pose.footprint) }.count
                    let want = step == 6 ? "solved" : "fits \(k) of \(open.count)"
                    #expect(said.map(\.text) == [want], "\(path) step \(step + 1) \(pose.piece): \(console.lines.dropFirst(before).map(\.text))")
                    accepted.append(pose.footprint)
                }
                let board = try #require(service.active?.play)
                #expect(board.record.completed && board.record.errors.isEmpty && board.record.score == 100, "\(path)")
                plays += 1
            }
        }
        #expect(plays >= 13 + 16)
        let records = FileSystem.entries(of: folder.path).filter { $0.hasSuffix(".json") }
        #expect(records.count == plays, "one record per play, written as it went")
        withExtendedLifetime(generatedFolder) {}
        let verdicts = try SchemaValidation.validate(records.prefix(20).map { try folder.read($0) }, schema: "play-record.schema.json")
        #expect(verdicts.allSatisfy { $0 == "valid" }, "\(verdicts)")
    }

    @Test("Pieces put down a hand's width off (up to 0.1 units, decimals through the settling engine) land on their place: every solution of every shipped figure still fits step by step and solves")
    func roughPlacements() async throws {
        var random = SplitMix64(seed: 35)
        var placements = 0
        for path in Self.shippedFigures {
            let loaded = try PuzzleStore(root: "/").load(path)
            let figure = try #require(TangramPlay.figure(of: loaded.document.puzzle as! TangramPuzzle))
            for solution in TangramSolver.solve(figure).solutions {
                let console = CapturingConsole()
                let interpreter = CommandInterpreter(service: makeService(), console: console)
                #expect(await interpreter.execute("play \(path) --records \(try TemporaryFolder().path)") == .ok)
                for (step, pose) in solution.shuffled(using: &random).enumerated() {
                    let dx = Double(Int.random(in: -100...100, using: &random)) / 1000, dy = Double(Int.random(in: -100...100, using: &random)) / 1000
                    let x = ((pose.position.doubleX + dx) * 1000).rounded() / 1000, y = ((pose.position.doubleY + dy) * 1000).rounded() / 1000
                    let before = console.lines.count
                    #expect(await interpreter.execute("place \(pose.piece.rawValue) \(x) \(y) \(pose.rotation.degrees)" + (pose.flipped ? " flip" : "")) == .ok)
                    let said = Self.judgements(console, from: before).map(\.text)
                    #expect(said.count == 1 && (step == 6 ? said[0] == "solved" : said[0].hasPrefix("fits ") && !said[0].hasPrefix("fits elsewhere")),
                            "\(path) step \(step + 1) \(pose.piece) off by \(dx), \(dy): \(console.lines.dropFirst(before).map(\.text))")
                    placements += 1
                }
            }
        }
        #expect(placements > 800)
    }

    @Test("Wrong placements say so, hints keep the board and, followed, solve it; a piece beside the figure is not judged")
    func wrongPlacementsAndHints() async throws {
        let service = makeService()
        let console = CapturingConsole()
        let interpreter = CommandInterpreter(service: service, console: console)
        let house = Files.path("puzzles/tangram-starter/house.json")
        #expect(await interpreter.execute("play \(house) --records \(try TemporaryFolder().path)") == .ok)
        // Beside the figure: in the tray, not judged.
        var before = console.lines.count
        #expect(await interpreter.execute("place square 0 0") == .ok)
        #expect(Self.judgements(console, from: before).isEmpty)
        // Right shape and turn at a place no solution has: fits elsewhere, with the way to go.
        before = console.lines.count
        #expect(await interpreter.execute("move square 3 3") == .ok)
        #expect(Self.judgements(console, from: before).map(\.text) == ["fits 5 of 18"])
        before = console.lines.count
        #expect(await interpreter.execute("place large-1 3 3") == .ok)
        #expect(Self.judgements(console, from: before).map(\.text) == ["overlaps square"], "\(console.lines.dropFirst(before).map(\.text))")
        before = console.lines.count
        #expect(await interpreter.execute("move large-1 5.5 2.5") == .ok)
        #expect(Self.judgements(console, from: before).map(\.text) == ["outside the figure"], "\(console.lines.dropFirst(before).map(\.text))")
        #expect(await interpreter.execute("remove large-1") == .ok)
        // Follow level-3 hints to the end.
        let board = try #require(service.active)
        var rounds = 0
        while !(board.play?.judge.isSolved ?? true) && rounds < 12 {
            rounds += 1
            before = console.lines.count
            #expect(await interpreter.execute("hint 3") == .ok)
            let hint = try #require(board.play?.lastHint)
            if let command = hint.command {
                if board.solution.contains(where: { $0.piece.rawValue == hint.parts.first }) {
                    #expect(await interpreter.execute("remove \(hint.parts[0])") == .ok)
                }
                #expect(await interpreter.execute(command) == .ok, "\(command)")
            } else {
                Issue.record("a level-3 hint gives a command: \(hint.text)")
                break
            }
        }
        #expect(board.play?.judge.isSolved == true, "\(console.text)")
        let record = try #require(board.play?.record)
        #expect(record.completed && record.hintsUsed == rounds)
        #expect(record.errors.map(\.judgement) == ["overlaps", "outside"])
    }

    @Test("The hint level: --hint outline and pieces draw the figure so, pieces with the designer's solution in it; an unknown level is refused")
    func hintLevels() async throws {
        let house = Files.path("puzzles/tangram-starter/house.json")
        let stored = try #require((try PuzzleStore(root: "/").load(house).document.puzzle as? TangramPuzzle)?.pieces)
        for level in ["shape", "outline", "pieces"] {
            let service = makeService()
            let interpreter = CommandInterpreter(service: service, console: CapturingConsole())
            #expect(await interpreter.execute("play \(house) --hint \(level) --records \(try TemporaryFolder().path)") == .ok)
            let board = try #require(service.active)
            let drawing = EditingKinds.of(board).pageDrawing(of: board)
            #expect(drawing.figureBehind && drawing.hint == level)
            #expect(Set(drawing.figurePieces.map(\.footprint)) == (level == "pieces" ? Set(stored.map(\.footprint)) : []))
        }
        let interpreter = CommandInterpreter(service: makeService(), console: CapturingConsole())
        #expect(await interpreter.execute("play \(house) --hint lines") == .failed("--hint takes shape, outline, pieces, not lines"))
    }

    @Test("A touch file of pose events played through `replay` gets the same judgements as the same poses typed")
    func replayMatchesTyping() async throws {
        let folder = try TemporaryFolder()
        let path = Files.path("puzzles/tangram-starter/cat.json")
        let loaded = try PuzzleStore(root: "/").load(path)
        let solution = TangramSolver.solve(try #require(TangramPlay.figure(of: loaded.document.puzzle as! TangramPuzzle))).solutions[0]
        // A wrong first move (the square off its place), then the solution; as events and typed.
        var events: [InputEvent] = []
        for (frame, pose) in solution.enumerated() {
            events.append(.pose(PoseEvent(kind: .detected, pose: ApproximatePose(pose), timestamp: Double(frame), frame: frame)))
        }
        try folder.write(TouchRecording(events: events).text, to: "cat.jsonl")
        let typed = CapturingConsole(), replayed = CapturingConsole()
        let a = CommandInterpreter(service: makeService(), console: typed)
        let b = CommandInterpreter(service: makeService(), console: replayed)
        #expect(await a.execute("play \(path) --records \(folder.path)/a") == .ok)
        #expect(await b.execute("play \(path) --records \(folder.path)/b") == .ok)
        for pose in solution { #expect(await a.execute(Self.placeCommand(pose)) == .ok) }
        #expect(await b.execute("replay \(folder.path)/cat.jsonl") == .ok, "\(replayed.text)")
        let typedJudgements = Self.judgements(typed, from: 0).map { "\($0.piece): \($0.text)" }
        #expect(typedJudgements.count == 7 && typedJudgements.last?.hasSuffix("solved") == true)
        #expect(Self.judgements(replayed, from: 0).map { "\($0.piece): \($0.text)" } == typedJudgements)
    }

    @Test("Sudoku play: digits right, wrong and in conflict, judged against the unique solution; hints name cells; the last digit solves")
    func sudokuPlay() async throws {
        let path = Files.path("puzzles/sudoku-4x4/mini-01.json")
        let loaded = try PuzzleStore(root: "/").load(path)
        let sudoku = loaded.document.puzzle as! SudokuPuzzle
        let line = sudoku.givens.cells.map { $0 == 0 ? "." : String($0) }.joined()
        let solution = try #require(BruteForceSudoku(line)?.solutions(limit: 2).first)
        let service = makeService()
        let console = CapturingConsole()
        let interpreter = CommandInterpreter(service: service, console: console)
        #expect(await interpreter.execute("play \(path) --records \(try TemporaryFolder().path)") == .ok)
        let n = sudoku.size.rawValue
        let empty = sudoku.givens.cells.indices.filter { sudoku.givens.cells[$0] == 0 }
        // A wrong digit that repeats nothing, if there is one; a digit repeating a given.
        let first = empty[0]
        let cell = "r\(first / n + 1)c\(first % n + 1)"
        var before = console.lines.count
        #expect(await interpreter.execute("hint") == .ok)
        #expect(console.lines.dropFirst(before).contains { $0.text.hasPrefix("hint 1: ") })
        let rowGiven = (0..<n).map { sudoku.givens.cells[(first / n) * n + $0] }.first { $0 != 0 }
        if let repeated = rowGiven {
            before = console.lines.count
            #expect(await interpreter.execute("set \(cell) \(repeated)") == .ok)
            #expect(Self.judgements(console, from: before).first?.text.hasPrefix("\(repeated): conflicts with") == true, "\(console.lines.dropFirst(before).map(\.text))")
        }
        for index in empty {
            let at = "r\(index / n + 1)c\(index % n + 1)"
            before = console.lines.count
            #expect(await interpreter.execute("set \(at) \(solution[index])") == .ok)
            let want = index == empty.last! ? "solved" : "right"
            #expect(Self.judgements(console, from: before).map(\.text) == ["\(solution[index]): \(want)"], "\(at)")
        }
        let record = try #require(service.active?.play?.record)
        #expect(record.completed)
        #expect(record.errors.count == (rowGiven == nil ? 0 : 1))
        // The givens are the puzzle's: a play board refuses to change them, and to be saved.
        let given = await interpreter.execute("given r1c1 .")
        #expect(given != .ok && "\(given)".contains("is a play board"), "\(given)")
        let save = await interpreter.execute("save as \(try TemporaryFolder().path)/x.json")
        #expect(save != .ok && "\(save)".contains("play board"), "\(save)")
    }
}

/// The published schemas, applied by the reference validator (python3-jsonschema, installed by
/// scripts/deps.sh).
enum SchemaValidation {
    static func validate(_ documents: [String], schema: String) throws -> [String] {
        let script = """
            import json, sys, pathlib, jsonschema
            schema = json.loads((pathlib.Path(sys.argv[1]) / "schemas" / sys.argv[2]).read_text())
            v = jsonschema.Draft202012Validator(schema)
            for line in sys.stdin:
                errors = sorted(e.message for e in v.iter_errors(json.loads(line)))
                print("valid" if not errors else "invalid: " + errors[0][:160])
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, GridEditBinary.repositoryRoot.path, schema]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(documents.map { $0.replacingOccurrences(of: "\n", with: " ") + "\n" }.joined().utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 with jsonschema is needed: run scripts/test.sh, which installs it")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
