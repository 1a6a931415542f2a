import Foundation
import GridEditCore
import GridEditEditor
import GridEditJSON
import GridEditServe
import GridEditTestSupport
import ServeTestClient
import Testing
import ToyKind

/// The protocol over a real loopback server, with a real WebSocket client as the page.
@MainActor
@Suite(.serialized)
struct WebSocketTests {
    static func pieces(_ path: String) throws -> Set<Pose> {
        guard case .success(let bytes) = FileSystem.read(path),
              case .puzzle(let document)? = DocumentLoader.load(bytes, isManifest: false).document,
              let tangram = document.puzzle as? TangramPuzzle else { throw PageError("\(path) is not a tangram") }
        return Set(tangram.pieces ?? [])
    }

    @Test("The recorded designer's touches sent from a page land exactly on the classic square, and save")
    func designerTouchesThroughThePage() async throws {
        let folder = try servedFolder()
        let session = try makeSession(folder)
        let lines = try String(contentsOfFile: Files.path("Tests/Fixtures/editor/square-build.touches.jsonl"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.contains("touchFile") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        try await withLiveServer(session) { port in
            try await withPage(port: port) { page in
                let opened = try await page.request([.init("type", .string("open")), .init("path", .string("starter/square-scattered.json"))])
                #expect(opened.bool("ok") == true, "\(opened.outputTexts)")
                var edits = 0
                for line in lines {
                    let reply = try await page.touch(String(line))
                    #expect(reply.string("type") == "result", "\(reply.string("message") ?? "")")
                    edits += (reply["output"]?.items ?? []).filter { $0.string("style") == "edit" && !$0.string("text")!.hasPrefix("  ") }.count
                }
                #expect(edits == 15, "seven rotations, one flip, seven drags")
                let saved = try await page.request([.init("type", .string("save")), .init("path", .string("starter/built.json"))])
                #expect(saved.bool("ok") == true, "\(saved.outputTexts)")
            }
        }
        #expect(try Self.pieces(folder.file("starter/built.json").path) == Self.pieces(Files.path("puzzles/tangram-starter/square.json")))
        #expect(session.service.active?.undoStack.count == 15, "the page's gestures are ordinary undoable edits")
        #expect(session.service.active?.findings.isEmpty == true)
    }

    @Test("A drag's ghost shows exactly where the release puts the piece")
    func ghostMatchesTheDrop() async throws {
        let folder = try servedFolder()
        let session = try makeSession(folder)
        try session.service.open(folder.file("starter/square.json").path)
        try await withLiveServer(session) { port in
            try await withPage(port: port) { page in
                let state = try #require(page.state)
                let square = try #require(state["pieces"]?.items.first { $0.string("piece") == "square" })
                let origin = (square["originX"].flatMap { if case .number(let n) = $0.value { n.doubleValue } else { nil } } ?? 0,
                              square["originY"].flatMap { if case .number(let n) = $0.value { n.doubleValue } else { nil } } ?? 0)
                // Grab the square a little inside its origin corner, drag it 2.1 units left.
                let grab = (origin.0 + 0.2, origin.1 + 0.2)
                let ghost = try await page.request([.init("type", .string("ghost")), .init("piece", .string("square")),
                                                    .init("dx", .double(-2.1)), .init("dy", .double(0.05))])
                #expect(ghost.string("type") == "ghost")
                let ghostPoints = try #require(ghost["pieces"]?.items.first { $0.string("piece") == "square" })["points"]?.toJSONValue()
                _ = try await page.touch("{\"t\":1,\"type\":\"down\",\"pointer\":7,\"x\":\(grab.0),\"y\":\(grab.1)}")
                _ = try await page.touch("{\"t\":1.1,\"type\":\"move\",\"pointer\":7,\"x\":\(grab.0 - 1),\"y\":\(grab.1)}")
                let up = try await page.touch("{\"t\":1.2,\"type\":\"up\",\"pointer\":7,\"x\":\(grab.0 - 2.1),\"y\":\(grab.1 + 0.05)}")
                #expect(up.outputTexts.first?.hasPrefix("move square") == true, "\(up.outputTexts)")
                let after = try await page.nextState()
                let moved = try #require(after["pieces"]?.items.first { $0.string("piece") == "square" })["points"]?.toJSONValue()
                #expect(moved == ghostPoints)
            }
        }
    }

    @Test("Sudoku digits typed in the page are saved; the REPL's service holds the same edits; undo crosses sources")
    func sudokuDigitsAndSharedUndo() async throws {
        let folder = try servedFolder()
        let session = try makeSession(folder)
        let path = folder.file("mini/mini-01.json").path
        let repl = REPLSide(session.service)
        _ = await repl.execute("open " + Tokenizer.escape(path))
        let sudoku = try #require(session.service.active?.puzzle as? SudokuPuzzle)
        let empty = (0..<16).filter { sudoku.givens.cells[$0] == 0 }
        let (a, b) = (empty[0], empty[1])
        let cellA = "r\(a / 4 + 1)c\(a % 4 + 1)", cellB = "r\(b / 4 + 1)c\(b % 4 + 1)"
        try await withLiveServer(session) { port in
            try await withPage(port: port) { page in
                let given = try await page.command("given \(cellA) 3")
                #expect(given.bool("ok") == true, "\(given.outputTexts)")
                func givenIn(_ state: JSONNode, _ cell: String) -> Int? { state["cells"]?.items.first { $0.string("cell") == cell }?.int("given") }
                let state = try await page.nextState { givenIn($0, cellA) == 3 }
                #expect(givenIn(state, cellA) == 3)
                // The REPL side sees the page's edit, and its own edit reaches the page.
                let label = await MainActor.run { session.service.active?.undoStack.last?.label }
                #expect(label?.contains(cellA) == true)
                #expect(await repl.execute("given \(cellB) 4") == .ok)
                let pushed = try await page.nextState { givenIn($0, cellB) == 4 }
                #expect(givenIn(pushed, cellB) == 4)
                // Undo from the page takes back the REPL's edit; undo in the REPL takes back the page's.
                #expect(try await page.command("undo").bool("ok") == true)
                #expect(givenIn(try await page.nextState { givenIn($0, cellB) == 0 }, cellB) == 0)
                #expect(await repl.execute("undo") == .ok)
                #expect(givenIn(try await page.nextState { givenIn($0, cellA) == 0 }, cellA) == 0)
                #expect(try await page.command("redo").bool("ok") == true)
                #expect(try await page.request([.init("type", .string("save"))]).bool("ok") == true)
                // Refused: a file the page may not name, a verb that names files.
                let away = try await page.request([.init("type", .string("save")), .init("path", .string("../escaped.json"))])
                #expect(away.string("type") == "error" && away.string("message")!.contains("leaves the folder"))
                let verb = try await page.command("save as /tmp/escaped.json")
                #expect(verb.string("type") == "error")
            }
        }
        guard case .success(let bytes) = FileSystem.read(path), case .puzzle(let saved)? = DocumentLoader.load(bytes, isManifest: false).document,
              let savedSudoku = saved.puzzle as? SudokuPuzzle else { Issue.record("not saved"); return }
        #expect(savedSudoku.givens.cells[a] == 3)
        #expect(savedSudoku.givens.cells[b] == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.url.deletingLastPathComponent().appendingPathComponent("escaped.json").path))
    }

    @Test("A save refuses a file that changed on disk, and --force overwrites")
    func saveRefusesChangedFile() async throws {
        let folder = try servedFolder()
        let session = try makeSession(folder)
        try session.service.open(folder.file("mini/mini-01.json").path)
        try await withLiveServer(session) { port in
            try await withPage(port: port) { page in
                #expect(try await page.command("given r1c1 .").string("type") == "result")
                try folder.write(try folder.read("mini/mini-01.json") + "\n", to: "mini/mini-01.json")
                let refused = try await page.request([.init("type", .string("save"))])
                #expect(refused.bool("ok") == false && refused.string("error")?.contains("changed on disk") == true)
                let forced = try await page.request([.init("type", .string("save")), .init("force", .bool(true))])
                #expect(forced.bool("ok") == true)
            }
        }
    }

    @Test("Thousands of malformed and oversized messages get error replies; the document is intact")
    func fuzzedMessages() async throws {
        let folder = try servedFolder()
        let session = try makeSession(folder)
        try session.service.open(folder.file("starter/cat.json").path)
        let before = try #require(session.service.active?.puzzle as? TangramPuzzle)
        try await withLiveServer(session) { port in
            try await withPage(port: port) { page in
                var random = Noise(state: 1212)
                for i in 0..<3000 {
                    let message = MalformedMessages.make(&random, index: i)
                    try await page.send(message)
                    let reply = try await page.reply()
                    let type = reply.string("type")
                    #expect(type == "error" || (type == "result" && reply.bool("ok") == false) || type == "ghost",
                            "message \(i) \(message.prefix(80)) got \(type ?? "?")")
                }
                // Still answering, and the connection still works for a real edit.
                let welcome = try await page.request([.init("type", .string("hello"))])
                #expect(welcome.string("type") == "welcome")
            }
        }
        let after = try #require(session.service.active?.puzzle as? TangramPuzzle)
        #expect(after.isEqual(to: before))
        #expect(session.service.active?.undoStack.isEmpty == true)
    }
}

/// Messages the server must refuse without changing anything.
enum MalformedMessages {
    static func make(_ random: inout Noise, index: Int) -> String {
        switch index % 12 {
        case 0: return String(decoding: (0..<random.int(in: 1...40)).map { _ in UInt8(random.int(in: 32...126)) }, as: UTF8.self)
        case 1: return "{\"type\":\"command\",\"line\":" + String(repeating: "[", count: random.int(in: 1...200))
        case 2: return "[" + String(random.int(in: 0...9)) + "]"
        case 3: return "{\"type\":\"" + ["nope", "Command", "", "touchy", "save\u{0}"].randomElement(using: &random)! + "\"}"
        case 4: return "{\"type\":\"command\",\"line\":\(random.int(in: 0...99))}"
        case 5: return "{\"type\":\"command\",\"line\":\"" + ["open /etc/passwd", "replay /etc/passwd", "render /tmp/x.png", "quit --force",
                                                               "recover", "frobnicate", "move", "rotate nothing 45", "capture --camera x"]
                .randomElement(using: &random)! + "\"}"
        case 6: return "{\"type\":\"touch\",\"event\":{\"t\":-\(random.int(in: 1...9)),\"type\":\"down\",\"pointer\":1,\"x\":1e400,\"y\":0}}"
        case 7: return "{\"type\":\"touch\",\"event\":{\"t\":1,\"type\":\"wiggle\",\"pointer\":\"a\"}}"
        case 8: return "{\"type\":\"open\",\"path\":\"" + ["../../etc/passwd", "%2e%2e/%2e%2e/etc/passwd", "starter/none.json", "", "/etc/passwd"]
                .randomElement(using: &random)! + "\"}"
        case 9: return "{\"type\":\"ghost\",\"piece\":\"" + ["square", "nothing", "large-9"].randomElement(using: &random)! + "\",\"dx\":\"far\",\"dy\":0}"
        case 10: return "{\"type\":\"save\",\"path\":\"" + ["../x.json", "..%2fx.json", "starter/x.txt"].randomElement(using: &random)! + "\",\"extra\":1}"
        default:
            // Oversized: just over the limit, or a lot over.
            let size = 64 * 1024 + random.int(in: 1...200_000)
            return "{\"type\":\"command\",\"line\":\"" + String(repeating: "x", count: size) + "\"}"
        }
    }
}

/// The REPL's end of the shared session: its own interpreter over the same service, on the main
/// actor as the REPL runs.
@MainActor
final class REPLSide {
    let interpreter: CommandInterpreter
    init(_ service: GridEditorService) { interpreter = CommandInterpreter(service: service, console: SilentConsole()) }
    func execute(_ line: String) async -> CommandInterpreter.Result { await interpreter.execute(line) }
}

/// A console that prints nothing (the REPL side in these tests).
final class SilentConsole: EditorConsole {
    var isInteractive: Bool { false }
    func say(_ text: String, _ style: MessageStyle) {}
    func ask(_ question: String, options: [(key: Character, label: String)]) -> Character? { nil }
    func documentChanged(_ document: EditorDocument) {}
    func show(_ document: EditorDocument) {}
}

/// The tests' toy kind in the page: its entry lays shapes over the page and a click's command
/// edits it, with no page or server code that names it.
@MainActor
@Suite(.serialized)
struct ToyKindPageTests {
    init() { EditingKinds.register(MarkGridEditing.self) }

    @Test("A kind registered in the tests is opened, shown and edited through the page protocol")
    func toyKindInThePage() async throws {
        let folder = try TemporaryFolder()
        try folder.write("""
            {"formatVersion": 1, "kind": "mark-grid", "id": "toy", "name": "Toy", "difficulty": "easy",
             "createdAt": "2026-11-22T09:00:00Z", "updatedAt": "2026-11-22T09:00:00Z", "rows": ["#.", ".."]}

            """, to: "toy.json")
        let session = try makeSession(folder)
        try await withLiveServer(session) { port in
            try await withPage(port: port) { page in
                let opened = try await page.request([.init("type", .string("open")), .init("path", .string("toy.json"))])
                #expect(opened.bool("ok") == true, "\(opened.outputTexts)")
                let state = try await page.nextState()
                #expect(state["document"]?.string("kind") == "mark-grid")
                #expect(state.string("status") == "1 of 4 marked")
                let shapes = state["shapes"]?.items ?? []
                #expect(shapes.map { $0.string("part") ?? "" } == ["r1c1", "r1c2", "r2c1", "r2c2"])
                let action = try #require(shapes.first { $0.string("part") == "r2c2" }?.string("action"))
                let reply = try await page.request([.init("type", .string("command")), .init("line", .string(action))])
                #expect(reply.bool("ok") == true, "the kind's command is allowed from the page: \(reply.outputTexts)")
                let after = try await page.nextState()
                #expect(after.string("status") == "2 of 4 marked")
                #expect(after["shapes"]?.items.first { $0.string("part") == "r2c2" }?.string("label") == "#")
            }
        }
        #expect((session.service.active?.puzzle as? MarkGrid)?.currentState == [[true, false], [false, true]])
    }
}

/// Issue 32's defects of the page, over a real WebSocket.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct TangramPageStateTests {
    @Test("Switching the layer repaints at once: the state that follows shows the tray's pieces")
    func layerSwitchRepaints() async throws {
        let folder = try servedFolder()
        let session = try makeSession(folder)
        try session.service.open(folder.file("starter/cat.json").path)
        try await withLiveServer(session) { port in
            try await withPage(port: port) { page in
                #expect(page.state?["document"]?.string("layer") == "solution")
                #expect((page.state?["pieces"]?.items ?? []).count == 7)
                let reply = try await page.command("layer tray")
                #expect(reply.bool("ok") == true)
                let state = try await page.nextState()
                #expect(state["document"]?.string("layer") == "tray", "the layer shows in the state that follows the switch")
                #expect((state["pieces"]?.items ?? []).isEmpty, "cat.json has no tray: the board is empty")
            }
        }
    }

    @Test("The analysis arrives after the edit, off the edit path, and equals tangram solve's report")
    func analysisFollowsTheEdit() async throws {
        let folder = try servedFolder()
        let session = try makeSession(folder)
        let path = folder.file("starter/cat.json").path   // no silhouette: the figure is its pieces' outline
        try session.service.open(path)
        let expected = try #require(TangramFigureFile.load(Array(FileManager.default.contents(atPath: path)!)).map(TangramSolveReport.init).get().analysis)
        try await withLiveServer(session) { port in
            try await withPage(port: port) { page in
                var state = try #require(page.state)
                while state["analysis"]?.bool("pending") != false { state = try await page.nextState() }
                let numbers = Dictionary(uniqueKeysWithValues: (state["analysis"]?["numbers"]?.items ?? []).map { ($0.string("name") ?? "", $0.string("value") ?? "") })
                #expect(numbers["solutions"] == String(expected.solutions.count))
                #expect(numbers["distinct-solutions"] == String(expected.solutionsUpToSymmetry))
                #expect(state["analysis"]?["alternatives"]?.items.count == expected.solutionsUpToSymmetry)
                // Take a piece away: no figure to solve; put it back: the same answer again, from the cache.
                _ = try await page.command("remove small-1")
                state = try await page.nextState()
                while state["analysis"]?.bool("pending") != false { state = try await page.nextState() }
                #expect(state["analysis"]?.string("status")?.hasPrefix("no figure to solve yet: 6 of 7") == true)
                _ = try await page.command("undo")
                state = try await page.nextState()
                #expect(state["analysis"]?.bool("pending") == false, "the figure's answer is remembered")
            }
        }
    }
}
