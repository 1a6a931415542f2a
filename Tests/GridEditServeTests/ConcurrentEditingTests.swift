import Foundation
import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditJSON
import GridEditServe
import GridEditTestSupport
import ServeTestClient
import Synchronization
import Testing

/// Two pages and the REPL editing one document at once over a real loopback server (issue 36):
/// the guarantee docs/serve.md gives in "Several pages and the REPL".
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ConcurrentEditingTests {
    /// The digit each cell gets, by "rXcY".
    typealias Entries = [(cell: String, digit: Int)]

    /// The entered digits of a state, by cell.
    static func givens(_ state: JSONNode) -> [String: Int] {
        var cells: [String: Int] = [:]
        for cell in state["cells"]?.items ?? [] {
            if let name = cell.string("cell"), let given = cell.int("given"), given != 0 { cells[name] = given }
        }
        return cells
    }

    @Test("Two pages and the REPL give digits at once: every client ends in one state, each edit once, undo is one history")
    func sudokuFromThreeClients() async throws {
        let folder = try servedFolder()
        try FileManager.default.copyItem(at: Files.root.appendingPathComponent("puzzles/sudoku-9x9/classic-01.json"), to: folder.file("classic.json"))
        let session = try makeSession(folder)
        let repl = REPLSide(session.service)
        #expect(await repl.execute("open " + Tokenizer.escape(folder.file("classic.json").path)) == .ok)
        let sudoku = try #require(session.service.active?.puzzle as? SudokuPuzzle)
        let solution = try #require(sudoku.solution)
        let before = Self.cells(of: sudoku.givens)
        // Every empty cell gets its solution's digit (no edit refuses another), dealt to the three.
        let empty = (0..<81).filter { sudoku.givens.cells[$0] == 0 }.map { (cell: "r\($0 / 9 + 1)c\($0 % 9 + 1)", digit: Int(solution.cells[$0])) }
        let share: [Entries] = (0..<3).map { part in empty.enumerated().filter { $0.offset % 3 == part }.map(\.element) }
        #expect(empty.count >= 40)

        try await withLiveServer(session) { port in
            // Each client gives its digits; the pages then wait for all three to be done before
            // they read their last state.
            let done = Counter()
            async let first = Self.give(share[0], port: port, done: done)
            async let second = Self.give(share[1], port: port, done: done)
            for entry in share[2] {
                #expect(await repl.execute("given \(entry.cell) \(entry.digit)") == .ok)
                await Task.yield()
            }
            done.add()
            let (a, b) = try await (first, second)
            // Every client ends in the same state: the pages' last states (read after a hello,
            // so nothing is left in flight) are the same version with the same cells, the service's.
            #expect(a.int("version") != nil && a.int("version") == b.int("version"))
            let expected = before.merging(empty.map { ($0.cell, $0.digit) }) { _, new in new }
            #expect(Self.givens(a) == expected)
            #expect(Self.givens(b) == expected)
            let document = try #require(session.service.active)
            #expect(Self.cells(of: (document.puzzle as? SudokuPuzzle)?.givens) == expected)
            // No edit lost or applied twice: one undo entry per digit, each cell's once.
            let labels = document.undoStack.map(\.label)
            #expect(labels.count == empty.count)
            #expect(Set(labels.compactMap(Self.cell(in:))) == Set(empty.map(\.cell)))

            // One history: undo from a page takes back the last edits whichever client made them,
            // in the order they were applied; redo from the REPL puts them back.
            let lastFive = labels.suffix(5).compactMap(Self.cell(in:))
            let undone = try await Self.undo(5, port: port)
            for cell in lastFive { #expect(Self.givens(undone)[cell] == nil, "\(cell) was among the last five edits") }
            #expect(Self.givens(undone).count == expected.count - 5)
            for _ in 0..<5 { #expect(await repl.execute("redo") == .ok) }
            #expect(Self.cells(of: (document.puzzle as? SudokuPuzzle)?.givens) == expected)
        }
    }

    /// One page giving its digits, each waiting for its reply; once all three clients are
    /// `done`, its last state after a hello.
    nonisolated static func give(_ entries: Entries, port: Int, done: Counter) async throws -> JSONNode {
        let box = Box()
        try await withPage(port: port) { page in
            for entry in entries {
                let reply = try await page.command("given \(entry.cell) \(entry.digit)")
                guard reply.bool("ok") == true else { throw PageError("given \(entry.cell): \(reply.outputTexts)") }
            }
            done.add()
            while done.count < 3 { try await Task.sleep(for: .milliseconds(5)) }
            box.state = try await Self.settled(&page)
        }
        return try #require(box.state)
    }

    /// A page's state once every message before has been answered: a hello sends the current
    /// state, and the states before it have been read by then.
    nonisolated static func settled(_ page: inout Page) async throws -> JSONNode {
        let welcome = try await page.request([.init("type", .string("hello"))])
        guard welcome.string("type") == "welcome" else { throw PageError("no welcome: \(welcome.toJSONValue().compactText)") }
        return try #require(page.state)
    }

    nonisolated static func undo(_ count: Int, port: Int) async throws -> JSONNode {
        let box = Box()
        try await withPage(port: port) { page in
            for _ in 0..<count { _ = try await page.command("undo") }
            box.state = try await Self.settled(&page)
        }
        return try #require(box.state)
    }

    nonisolated static func cells(of grid: SudokuGrid?) -> [String: Int] {
        var cells: [String: Int] = [:]
        for (index, value) in (grid?.cells ?? []).enumerated() where value != 0 { cells["r\(index / 9 + 1)c\(index % 9 + 1)"] = Int(value) }
        return cells
    }

    /// The cell an edit's label names ("given r3c4 7").
    nonisolated static func cell(in label: String) -> String? {
        label.split(separator: " ").first { $0.first == "r" && $0.contains("c") }.map(String.init)
    }

    /// How many pages are done (a page that throws counts too, so the REPL's loop ends).
    final class Counter: Sendable {
        private let lock = Mutex(0)
        func add() { lock.withLock { $0 += 1 } }
        var count: Int { lock.withLock { $0 } }
    }

    final class Box: @unchecked Sendable {
        var state: JSONNode?
        var saved: [Set<String>] = []
        var seen: [Set<String>] = []
    }

    @Test("A page that stops reading is cut off once 1,024 messages wait for it, never left missing some in silence")
    func pageThatFallsBehind() async throws {
        let folder = try servedFolder()
        let session = try makeSession(folder)
        try session.service.open(folder.file("starter/square.json").path)
        let (slow, unread) = session.connect()
        let (fast, stream) = session.connect()
        let reader = Task.detached { var count = 0; for await _ in stream { count += 1 }; return count }
        for step in 0..<(ServeSession.queueLimit + 8) {
            await session.receive(#"{"type":"command","line":"nudge square \#(step % 2 == 0 ? "right" : "left")"}"#, from: fast)
            if step % 64 == 0 { try await Task.sleep(for: .milliseconds(5)) }  // the reading page's turn
        }
        #expect(session.fellBehind(slow), "the page that read nothing has its connection ended")
        #expect(!session.fellBehind(fast), "the page that reads keeps up")
        var queued = 0
        for await _ in unread { queued += 1 }
        #expect(queued == ServeSession.queueLimit, "what was queued before the limit is still delivered, in order")
        session.disconnect(fast)
        session.disconnect(slow)
        #expect(await reader.value >= 2 * (ServeSession.queueLimit + 8), "every reply and state reached the reading page")
    }

    // MARK: A save while another page drags

    /// A tangram's pieces as comparable keys: from a state message's pieces or a saved file's poses.
    nonisolated static func poses(_ state: JSONNode) -> Set<String> {
        Set((state["pieces"]?.items ?? []).map { piece in
            "\(piece.string("piece") ?? "?") \(piece.string("x") ?? "?") \(piece.string("y") ?? "?") \(piece.int("rotation") ?? -1) \(piece.bool("flip") ?? false)"
        })
    }

    nonisolated static func poses(file path: String) throws -> Set<String> {
        guard case .success(let bytes) = FileSystem.read(path),
              case .puzzle(let document)? = DocumentLoader.load(bytes, isManifest: false).document,
              let tangram = document.puzzle as? TangramPuzzle else { throw PageError("\(path) is not a tangram file") }
        return Set((tangram.pieces ?? []).map { "\($0.piece.rawValue) \($0.position.x) \($0.position.y) \($0.rotation.degrees) \($0.flipped)" })
    }

    @Test("A save from one page while another drags and the REPL nudges writes a state both pages saw")
    func saveWhileAnotherDrags() async throws {
        let folder = try servedFolder()
        let session = try makeSession(folder)
        let repl = REPLSide(session.service)
        let path = folder.file("starter/square-scattered.json").path
        try session.service.open(path)
        try await withLiveServer(session) { port in
            let dragger = Box(), saver = Box(), finished = Counter()
            let dragging = Task { defer { finished.add() }; try await withPage(port: port, keepingStates: true) { page in
                var random = SplitMix64(seed: 36)
                for drag in 0..<30 {
                    // Grab a piece inside its outline (the middle of three of its corners, as the
                    // document has it now: only this page moves pieces) and drop it a little away.
                    let corners = await MainActor.run { () -> [(Double, Double)] in
                        let pieces = (session.service.active?.puzzle as? TangramPuzzle)?.pieces ?? []
                        guard !pieces.isEmpty else { return [] }
                        return pieces[Int(random.next() % UInt64(pieces.count))].vertices.map { ($0.x.doubleValue, $0.y.doubleValue) }
                    }
                    guard corners.count >= 3 else { continue }
                    let grab = ((corners[0].0 + corners[1].0 + corners[2].0) / 3, (corners[0].1 + corners[1].1 + corners[2].1) / 3)
                    let (dx, dy) = (Double(Int(random.next() % 9)) / 4 - 1, Double(Int(random.next() % 9)) / 4 - 1)
                    let t = Double(drag)
                    _ = try await page.touch("{\"t\":\(t),\"type\":\"down\",\"pointer\":1,\"x\":\(grab.0),\"y\":\(grab.1)}")
                    _ = try await page.touch("{\"t\":\(t + 0.1),\"type\":\"move\",\"pointer\":1,\"x\":\(grab.0 + dx / 2),\"y\":\(grab.1 + dy / 2)}")
                    _ = try await page.touch("{\"t\":\(t + 0.2),\"type\":\"up\",\"pointer\":1,\"x\":\(grab.0 + dx),\"y\":\(grab.1 + dy)}")
                }
                _ = try await Self.settled(&page)
                dragger.seen = page.states.map(Self.poses)
            } }
            let saving = Task { defer { finished.add() }; try await withPage(port: port, keepingStates: true) { page in
                for _ in 0..<10 {
                    let reply = try await page.request([.init("type", .string("save")), .init("force", .bool(true))])
                    guard reply.bool("ok") == true else { throw PageError("save: \(reply.outputTexts) \(reply.string("error") ?? "")") }
                    saver.saved.append(try Self.poses(file: path))
                    try await Task.sleep(for: .milliseconds(15))
                }
                _ = try await Self.settled(&page)
                saver.seen = page.states.map(Self.poses)
            } }
            // The REPL nudges the small triangle meanwhile, as fast as the main actor lets it,
            // until both pages are done.
            var nudges = 0
            while finished.count < 2 {
                if await repl.execute("nudge small-1 \(nudges % 2 == 0 ? "right" : "left")") == .ok { nudges += 1 }
                await Task.yield()
            }
            try await dragging.value
            try await saving.value
            #expect(nudges > 10)
            #expect(saver.saved.count == 10)
            let moved = Set(saver.saved).count
            #expect(moved >= 3, "the saves caught the drags at different moments (\(moved) different files)")
            for (index, file) in saver.saved.enumerated() {
                #expect(dragger.seen.contains(file), "save \(index + 1) wrote a state the dragging page never saw")
                #expect(saver.seen.contains(file), "save \(index + 1) wrote a state the saving page never saw")
            }
        }
    }

    @Test("The state each page message leaves reaches every page before the next message is handled: a save between two moves writes a state both saw")
    func stateAfterEveryMessage() async throws {
        let folder = try servedFolder()
        let session = try makeSession(folder)
        let path = folder.file("starter/square-scattered.json").path
        try session.service.open(path)
        let (mover, moverMessages) = session.connect()
        let (saver, saverMessages) = session.connect()
        // Three messages handled back to back, with no turn for anything else in between: a
        // move from one page, a save from the other, another move. (Were the state broadcast
        // only once the job is done, the pages would get the last move's state alone, and the
        // saved file, between the moves, would be a state no page was shown.)
        await session.receive(#"{"type":"command","line":"nudge square right"}"#, from: mover)
        await session.receive(#"{"type":"save","force":true}"#, from: saver)
        await session.receive(#"{"type":"command","line":"nudge square up"}"#, from: mover)
        try await Task.sleep(for: .milliseconds(50))
        session.disconnect(mover)
        session.disconnect(saver)
        func states(_ messages: AsyncStream<String>) async throws -> [Set<String>] {
            var states: [Set<String>] = []
            for await text in messages {
                let node = try JSONParser.parse(Array(text.utf8))
                if node.string("type") == "state" { states.append(Self.poses(node)) }
            }
            return states
        }
        let saved = try Self.poses(file: path)
        let (moverSaw, saverSaw) = (try await states(moverMessages), try await states(saverMessages))
        #expect(moverSaw.contains(saved), "the moving page never saw the saved state")
        #expect(saverSaw.contains(saved), "the saving page never saw the state it saved")
        #expect(moverSaw.last == saverSaw.last && moverSaw.last != saved, "both end on the second move")
    }
}
