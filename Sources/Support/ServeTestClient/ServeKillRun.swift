import Foundation
import GridEditCore
import GridEditGeometry
import GridEditJSON
import GridEditTestSupport

/// `kill -9` of the real `gridedit serve`, again and again, at seeded moments of a page's work:
/// between edits (sometimes with an edit sent and its reply not yet back), in the middle of a
/// drag (after its `down` and some `move`s, never its `up`), and during a save from the page.
/// What a designer is promised (docs/editor.md, "Journal and recovery") is checked after every kill:
///
/// - the puzzle file holds, byte for byte, either what it held before or what the save in flight
///   writes (worked out here with Core from the page's last state: the canonical text of those
///   poses, `updatedAt` stamped when they changed), and it loads with `PuzzleStore`: never torn;
/// - once the next session has opened the file, no temporary file of the atomic save is left;
/// - the next session, started as a user starts it after the note (`gridedit serve FILE
///   --recover`, or, a quarter of the time, the REPL's `open --recover FILE` followed by `save`),
///   holds every edit the server had replied to: its pieces are exactly the poses of the page's
///   last state. An edit whose reply had not come may be there too; then one `undo` must give
///   exactly that state.
///
/// One run is one puzzle (the Classic Square) in a private folder with its own journal folder;
/// each session's checks come before its page edits, and the last session only checks. The
/// seed decides everything but the kernel's timing: which moment each kill aims at (in turn),
/// how many edits come first, which piece, where it goes, how long to wait before the kill
/// (drawn within the time such a request has taken so far, so that some kills land inside it).
/// `ServeFaultTests` runs a short share; `gridedit-bench serve-faults` runs hundreds.
public struct ServeKillRun: Sendable {
    /// What the kills hit and what came back. `lost`, `tornFiles`, `staleTemporariesRemaining`
    /// and `problems` must stay zero and empty.
    public struct Counts: Sendable {
        public var kills = 0
        /// Kills between two edits, with nothing sent and not answered.
        public var betweenEdits = 0
        /// Kills with an edit sent and its reply not back; of those, edits found applied anyway
        /// (journaled before the reply), each taken back by one `undo`.
        public var editsInFlight = 0
        public var unacknowledgedRecovered = 0
        /// Kills after a `down` and `move`s (the drag never applied).
        public var dragsInterrupted = 0
        /// Kills with a save sent and its reply not back; of those, the ones whose new file was
        /// on disk (renamed into place) when the server died.
        public var savesInterrupted = 0
        public var savesLanded = 0
        /// Of those, the ones killed before the journal went: the next session finds the file
        /// already holds the journal's edits.
        public var savesLandedWithJournal = 0
        /// Saves from the page answered before a kill (the ones timed to aim the kills).
        public var savesCompleted = 0
        /// Acknowledged, unsaved edits of each killed session found again by the next one.
        public var editsRecovered = 0
        /// Sessions that recovered with the REPL (`open --recover`, `save`) instead of serve.
        public var recoveredByREPL = 0
        /// Acknowledged edits not found after a kill (a piece not where the page last saw it).
        public var lost = 0
        /// Puzzle files after a kill that were neither the old bytes nor the new ones.
        public var tornFiles = 0
        /// Temporary files of a save that a kill left behind, found before the next session.
        public var staleTemporariesLeft = 0
        /// The same, still there after the next session opened the file.
        public var staleTemporariesRemaining = 0
        /// What went wrong, one line each, naming the kill.
        public var problems: [String] = []
        public var seconds = 0.0

        /// The counts, one line each, for a benchmark's report.
        public var lines: [String] {
            [
                "kills survived: \(kills) (between edits \(betweenEdits), mid-drag \(dragsInterrupted), "
                    + "aimed at a save \(kills - betweenEdits - dragsInterrupted)) in \(String(format: "%.1f", seconds)) s, "
                    + "\(String(format: "%.0f", seconds * 1000 / Double(max(kills, 1)))) ms a kill",
                "edits with their reply not back: \(editsInFlight), of which found applied and undone: \(unacknowledgedRecovered)",
                "saves interrupted: \(savesInterrupted), of which on disk: \(savesLanded) (journal not yet deleted: "
                    + "\(savesLandedWithJournal)); saves answered: \(savesCompleted)",
                "drags interrupted: \(dragsInterrupted), applied: 0 unless a problem says so",
                "acknowledged edits recovered: \(editsRecovered) (by the REPL in \(recoveredByREPL) sessions), lost: \(lost)",
                "torn files: \(tornFiles); stale temporaries left by kills: \(staleTemporariesLeft), "
                    + "still there after the next open: \(staleTemporariesRemaining)",
            ] + problems.prefix(20).map { "problem: " + $0 }
        }
    }

    /// The moments a kill aims at, in turn.
    enum Moment: Int, CaseIterable {
        case betweenEdits, duringDrag, duringSave
    }

    public var binary: URL
    public var seed: UInt64
    public var count: Int
    public var repository: URL

    /// `count` kills of `binary` (the debug build beside the tests unless told otherwise).
    public init(binary: URL = GridEditBinary.url, seed: UInt64, count: Int, repository: URL = GridEditBinary.repositoryRoot) {
        self.binary = binary
        self.seed = seed
        self.count = count
        self.repository = repository
    }

    /// Runs the kills, then one more session that checks the last recovery and stops cleanly.
    /// Throws when the harness itself cannot go on (the server never printed its URL); what the
    /// kills did wrong is in the counts.
    public func run(progress: @Sendable (Counts) -> Void = { _ in }) async throws -> Counts {
        let loop = try KillLoop(self)
        let start = Date()
        for index in 0...count {
            try await loop.session(index)
            loop.counts.seconds = Date().timeIntervalSince(start)
            progress(loop.counts)
        }
        return loop.counts
    }
}

/// The state of one run between sessions: what the page was told, what the disk may hold.
private final class KillLoop: @unchecked Sendable {
    let run: ServeKillRun
    let work: TemporaryFolder
    let home: TemporaryFolder
    let name = "square.json"
    var random: SplitMix64
    var counts = ServeKillRun.Counts()

    /// The pieces of the page's last state after its last acknowledged request ("piece x y
    /// rotation flip", in the document's order); nil before the first session.
    var acknowledged: [String]?
    /// The file's bytes as last known, and the bytes a save in flight writes.
    var disk: [UInt8]
    var savingBytes: [UInt8]?
    /// An edit was sent and its reply (with the state after it) did not come before the kill.
    var editInFlight = false
    /// Acknowledged edits since the last save; those of the session just killed.
    var unsaved = 0
    var sessionEdits = 0
    /// Round-trip times seen so far (seconds), to aim the kills: a command, a save.
    var commandTimes: [Double] = []
    var saveTimes: [Double] = []
    /// A page's touch times must not go back within its connection.
    var touchTime = 0.0
    var killed = false

    init(_ run: ServeKillRun) throws {
        self.run = run
        work = try TemporaryFolder()
        home = try TemporaryFolder()
        random = SplitMix64(seed: run.seed)
        try FileManager.default.copyItem(at: run.repository.appendingPathComponent("puzzles/tangram-starter/square.json"),
                                         to: work.file(name))
        disk = Array(try Data(contentsOf: work.file(name)))
    }

    var environment: [String: String] { GridEditBinary.isolatedEnvironment(stateIn: home.path, repository: run.repository) }

    func problem(_ text: String) { counts.problems.append("kill \(counts.kills): \(text)") }

    // MARK: A session

    /// One session: the recovery of the last kill checked, then (but for the last) edits and a
    /// kill at the moment its turn aims at, and the disk checked.
    func session(_ index: Int) async throws {
        let last = index == run.count
        if index > 0, !editInFlight, random.below(4) == 0 { try recoverWithTheREPL() }
        let server = try LiveProcess(["serve", name, "--port", "0", "--recover"], environment: environment, in: work.url,
                                     executable: run.binary)
        defer { server.stop() }
        let (port, _) = try await server.servedURL()
        checkTemporaries(after: "serve opened the file")
        if server.stdout.contains("already holds these edits") { counts.savesLandedWithJournal += 1 }
        if unsaved > 0, !server.stdout.contains("recovered ") {
            problem("serve --recover did not say it recovered \(unsaved) unsaved edits: \(server.stdout)")
        }
        killed = false
        do {
            try await withPage(port: port) { page in
                try await self.checkRecovery(&page)
                if !last { try await self.editAndKill(&page, index: index, server: server) }
            }
        } catch where killed {
            // The connection went with the server: expected after the kill.
        }
        if last {
            server.signal(SIGTERM)
            let status = try await server.waitForExit(seconds: 20)
            if status != 0 || !server.stderr.isEmpty { problem("the last session did not stop cleanly: status \(status), \(server.stderr)") }
            return
        }
        let status = try await server.waitForExit(seconds: 20)
        if status != 128 + SIGKILL { problem("the server ended with status \(status), not by the kill: \(server.stderr)") }
        if !server.stderr.isEmpty { problem("the server wrote to standard error: \(server.stderr)") }
        counts.kills += 1
        checkDisk()
    }

    /// The page's first state is the recovered document: exactly the acknowledged pieces, or,
    /// with an edit in flight at the kill, one `undo` away from them.
    func checkRecovery(_ page: inout Page) async throws {
        let seen = page.state.poses
        defer { editInFlight = false }
        guard let expected = acknowledged else {
            acknowledged = seen
            return
        }
        if seen != expected {
            if editInFlight {
                let undo = try await page.command("undo")
                try await sync(&page)
                if undo.bool("ok") == true, page.state.poses == expected {
                    counts.unacknowledgedRecovered += 1
                    counts.editsRecovered += sessionEdits
                    return
                }
            }
            let missing = zip(seen, expected).filter { $0 != $1 }.count + abs(seen.count - expected.count)
            counts.lost += max(missing, 1)
            problem("the recovered pieces are not the page's last state: \(seen.filter { !expected.contains($0) }) "
                    + "instead of \(expected.filter { !seen.contains($0) })")
            acknowledged = seen
            return
        }
        counts.editsRecovered += sessionEdits
    }

    /// Edits, then the kill at this session's moment; what the page had been told is kept.
    func editAndKill(_ page: inout Page, index: Int, server: LiveProcess) async throws {
        let moment = ServeKillRun.Moment(rawValue: index % ServeKillRun.Moment.allCases.count)!
        sessionEdits = 0
        touchTime = 0
        savingBytes = nil
        let before = random.below(3) + (moment == .duringDrag ? 0 : 1)
        for _ in 0..<before { try await edit(&page) }
        switch moment {
        case .betweenEdits:
            counts.betweenEdits += 1
            if random.below(2) == 0 {
                counts.editsInFlight += 1
                editInFlight = true
                let id = try await send(&page, [.init("type", .string("command")), .init("line", .string(randomCommand(page.state)))])
                try await kill(server, within: Self.typical(commandTimes))
                let (reply, stateAfter) = await drain(&page, awaiting: id)
                if let reply, Self.editCount(reply) > 0 {
                    // Answered before the server died: acknowledged, so it must come back. The
                    // state after the reply is the page's last (the undo check still applies, in
                    // case the connection went between an older state and the edit's own).
                    if let stateAfter { acknowledged = stateAfter.poses }
                    unsaved += 1
                    sessionEdits += 1
                }
            } else {
                try await kill(server, within: 0.02)
                _ = await drain(&page, awaiting: nil)
            }
        case .duringDrag:
            counts.dragsInterrupted += 1
            let (_, grab) = try randomGrab(page.state)
            let target = randomTarget()
            _ = try await touch(&page, "down", grab)
            let moves = 1 + random.below(4)
            for step in 1...moves {
                let f = Double(step) / Double(moves + 1)
                _ = try await touch(&page, "move", (grab.0 + (target.0 - grab.0) * f, grab.1 + (target.1 - grab.1) * f))
            }
            if random.below(2) == 0 {
                // One more move on its way when the server dies.
                _ = try await send(&page, [.init("type", .string("touch")), .init("event", touchEvent("move", target))])
            }
            try await kill(server, within: 0.01)
            _ = await drain(&page, awaiting: nil)
        case .duringSave:
            if saveTimes.isEmpty || random.below(2) == 0 {
                try await save(&page)
                try await edit(&page)
            }
            savingBytes = Self.bytesSaveWrites(disk: disk, pieces: acknowledged ?? [], environment: environment)
            let id = try await send(&page, [.init("type", .string("save"))])
            try await kill(server, within: Self.typical(saveTimes) * 1.5)
            let (reply, _) = await drain(&page, awaiting: id)
            if let reply {
                if reply.bool("ok") == true {
                    counts.savesCompleted += 1
                } else {
                    problem("the save was refused: \(reply.toJSONValue().compactText)")
                }
                // Answered: the new file must be there, and its edits are saved.
                disk = savingBytes ?? disk
                savingBytes = nil
                unsaved = 0
                sessionEdits = 0
            } else {
                counts.savesInterrupted += 1
            }
        }
    }

    /// After the kill: the file is the old one or the saved one, loads, and any temporary file is
    /// counted (the next session must remove it).
    func checkDisk() {
        let path = work.file(name).path
        let bytes = (try? Data(contentsOf: work.file(name))).map(Array.init) ?? []
        if let saving = savingBytes, bytes == saving, bytes != disk {
            counts.savesLanded += 1
            disk = bytes
            unsaved = 0
            sessionEdits = 0
        } else if bytes != disk {
            counts.tornFiles += 1
            problem("\(name) is neither its old bytes nor the save's (\(bytes.count) bytes)")
            disk = bytes
        }
        savingBytes = nil
        do { _ = try PuzzleStore(root: work.path).load(path) } catch {
            problem("\(name) does not load after the kill: \(error)")
        }
        counts.staleTemporariesLeft += temporaries().count
    }

    /// The temporary files of a save beside the puzzle (`.square.json.tmp-PID-N`).
    func temporaries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []).filter { $0.hasPrefix(".\(name).tmp-") }
    }

    func checkTemporaries(after what: String) {
        let left = temporaries()
        guard !left.isEmpty else { return }
        counts.staleTemporariesRemaining += left.count
        problem("\(left.joined(separator: ", ")) still there after \(what)")
    }

    /// The REPL as a designer uses it after the note: `open --recover`, `save`, `quit`. The saved
    /// file must be exactly what a save of the page's last state writes.
    func recoverWithTheREPL() throws {
        let output = try GridEditBinary.runProgram(run.binary, [], in: work.url, environment: environment,
                                                   input: "open --recover \(name)\nsave\nquit\n")
        counts.recoveredByREPL += 1
        let expected = Self.bytesSaveWrites(disk: disk, pieces: acknowledged ?? [], environment: environment)
        if output.status != 0 { problem("the REPL's recovery failed (\(output.status)): \(output.stdout) \(output.stderr)") }
        if unsaved > 0, !output.stdout.contains("recovered ") { problem("the REPL did not recover: \(output.stdout)") }
        checkTemporaries(after: "the REPL opened the file")
        let bytes = (try? Data(contentsOf: work.file(name))).map(Array.init) ?? []
        if bytes != expected {
            counts.lost += max(1, unsaved)
            problem("the REPL saved other pieces than the page's last state")
        } else {
            counts.editsRecovered += sessionEdits
        }
        disk = bytes
        unsaved = 0
        sessionEdits = 0
    }

    // MARK: Requests

    /// One random edit, acknowledged: a drag (down, moves, up) or a command; the page's state
    /// after it is the new acknowledged state.
    func edit(_ page: inout Page) async throws {
        let started = Date()
        let reply: JSONNode
        if random.below(2) == 0 {
            let (_, grab) = try randomGrab(page.state)
            let target = randomTarget()
            _ = try await touch(&page, "down", grab)
            _ = try await touch(&page, "move", ((grab.0 + target.0) / 2, (grab.1 + target.1) / 2))
            reply = try await touch(&page, "up", target)
        } else {
            reply = try await page.command(randomCommand(page.state))
            commandTimes.append(Date().timeIntervalSince(started))
        }
        if reply.string("type") != "result" { problem("an edit was refused without a result: \(reply.toJSONValue().compactText)") }
        if reply.bool("ok") == false, Self.editCount(reply) == 0, reply.outputTexts.isEmpty, reply.string("error") == nil {
            problem("an edit failed without a word")
        }
        try await sync(&page)
        let edits = Self.editCount(reply)
        unsaved += edits
        sessionEdits += edits
    }

    /// A save from the page, answered: the file must then hold exactly the save's bytes.
    func save(_ page: inout Page) async throws {
        let expected = Self.bytesSaveWrites(disk: disk, pieces: acknowledged ?? [], environment: environment)
        let started = Date()
        let reply = try await page.request([.init("type", .string("save"))])
        saveTimes.append(Date().timeIntervalSince(started))
        guard reply.bool("ok") == true else {
            problem("a save was refused: \(reply.toJSONValue().compactText)")
            return
        }
        counts.savesCompleted += 1
        let bytes = (try? Data(contentsOf: work.file(name))).map(Array.init) ?? []
        if bytes != expected { problem("an answered save wrote other bytes than the page's last state gives") }
        disk = bytes
        unsaved = 0
        sessionEdits = 0
        try await sync(&page)
    }

    /// `hello`: the state just before the welcome is the session's state after everything
    /// answered so far; it becomes the acknowledged state.
    func sync(_ page: inout Page) async throws {
        let welcome = try await page.request([.init("type", .string("hello"))])
        if welcome.string("type") != "welcome" { problem("hello was answered with \(welcome.toJSONValue().compactText)") }
        acknowledged = page.state.poses
    }

    func touch(_ page: inout Page, _ type: String, _ at: (Double, Double)) async throws -> JSONNode {
        let reply = try await page.request([.init("type", .string("touch")), .init("event", touchEvent(type, at))])
        if reply.string("type") != "result" { problem("a touch \(type) was answered with \(reply.toJSONValue().compactText)") }
        return reply
    }

    func touchEvent(_ type: String, _ at: (Double, Double)) -> JSONValue {
        touchTime += 0.05
        return .fields(["t": .double((touchTime * 1000).rounded() / 1000), "type": .string(type), "pointer": .int(1),
                        "x": .double((at.0 * 1000).rounded() / 1000), "y": .double((at.1 * 1000).rounded() / 1000)])
    }

    /// Sends a message with a fresh id and does not wait for its reply; the id.
    func send(_ page: inout Page, _ fields: [JSONValue.Member]) async throws -> Int {
        let id = page.nextID
        page.nextID += 1
        try await page.send(JSONValue.object(fields + [.init("id", .int(id))]).compactText)
        return id
    }

    /// SIGKILL after a random wait within `seconds`.
    func kill(_ server: LiveProcess, within seconds: Double) async throws {
        let wait = Double(random.below(1000)) / 1000 * seconds
        if wait > 0 { try await Task.sleep(nanoseconds: UInt64(wait * 1e9)) }
        killed = true
        server.signal(SIGKILL)
    }

    /// Reads what reached the page before its connection went: the reply to `id`, if it came,
    /// and a state that came after that reply.
    func drain(_ page: inout Page, awaiting id: Int?) async -> (reply: JSONNode?, stateAfter: JSONNode?) {
        var reply: JSONNode?
        var stateAfter: JSONNode?
        while let message = try? await page.next() {
            if message.string("type") == "state" {
                if reply != nil { stateAfter = message }
            } else if let id, message.int("id") == id {
                reply = message
            }
        }
        return (reply, stateAfter)
    }

    // MARK: Random input

    /// A piece and a point inside it (its corners' mean, in play-area units).
    func randomGrab(_ state: JSONNode?) throws -> (String, (Double, Double)) {
        guard let state, let frame = state["frame"], let scale = Self.double(frame["scale"]),
              let originX = Self.double(frame["originX"]), let originY = Self.double(frame["originY"]) else {
            throw PageError("the state has no tangram frame")
        }
        let pieces = state["pieces"]?.items ?? []
        guard !pieces.isEmpty else { throw PageError("the state has no pieces") }
        let piece = pieces[random.below(pieces.count)]
        let points = (piece["points"]?.items ?? []).compactMap { point -> (Double, Double)? in
            let xy = point.items.compactMap { Self.double($0) }
            return xy.count == 2 ? (xy[0], xy[1]) : nil
        }
        let sx = points.map(\.0).reduce(0, +) / Double(max(points.count, 1))
        let sy = points.map(\.1).reduce(0, +) / Double(max(points.count, 1))
        return (piece.string("piece") ?? "", ((sx - originX) / scale, (originY - sy) / scale))
    }

    /// A drop point well inside the 8 × 8 play area, so the pieces never drift away.
    func randomTarget() -> (Double, Double) {
        (1.5 + Double(random.below(500)) / 100, 1.5 + Double(random.below(500)) / 100)
    }

    func randomCommand(_ state: JSONNode?) -> String {
        let names = (state?["pieces"]?.items ?? []).compactMap { $0.string("piece") }
        let piece = names.isEmpty ? "square" : names[random.below(names.count)]
        switch random.below(4) {
        case 0: return "rotate \(piece) \([45, -45, 90, 180][random.below(4)])"
        case 1: return "flip \(piece)"
        case 2: return "nudge \(piece) \(["left", "right", "up", "down"][random.below(4)]) \(1 + random.below(4))"
        default: return "move \(piece) \(1 + random.below(6)) \(1 + random.below(6))"
        }
    }

    // MARK: Reading

    /// Edits a result reports: its lines in the edit style, notes (indented) left out.
    static func editCount(_ reply: JSONNode) -> Int {
        (reply["output"]?.items ?? []).filter { $0.string("style") == "edit" && !($0.string("text") ?? "").hasPrefix("  ") }.count
    }

    static func double(_ node: JSONNode?) -> Double? {
        if case .number(let n)? = node?.value { return n.doubleValue }
        return nil
    }

    /// The middle of what such requests took so far (a first guess before any).
    static func typical(_ times: [Double]) -> Double {
        guard !times.isEmpty else { return 0.01 }
        return times.sorted()[times.count / 2]
    }

    /// What a save of `pieces` over the file `disk` writes, worked out with Core as the editor
    /// saves: the canonical text, with `updatedAt` stamped (SOURCE_DATE_EPOCH) when the file's
    /// fields changed. Empty when `disk` is not a tangram.
    static func bytesSaveWrites(disk: [UInt8], pieces: [String], environment: [String: String]) -> [UInt8] {
        guard case .puzzle(let document)? = DocumentLoader.load(disk, isManifest: false).document,
              var tangram = document.puzzle as? TangramPuzzle else { return [] }
        let saved: any Puzzle = tangram
        tangram.pieces = pieces.compactMap { line in
            let words = line.split(separator: " ").map(String.init)
            guard words.count == 5, let piece = TangramPiece(rawValue: words[0]), let x = Exact(parsing: words[1]),
                  let y = Exact(parsing: words[2]), let degrees = Int(words[3]), let rotation = Rotation(degrees: degrees) else { return nil }
            return Pose(piece: piece, position: Point(x, y), rotation: rotation, flipped: words[4] == "true")
        }
        var puzzle: any Puzzle = tangram
        _ = puzzle.prepareForSave()
        if !puzzle.hasSameFileFields(as: saved) { puzzle.metadata.updatedAt = PuzzleMetadata.now(environment: environment) }
        return Array(PuzzleDocument(puzzle: puzzle, schemaReference: document.schemaReference).canonicalText().utf8)
    }
}
