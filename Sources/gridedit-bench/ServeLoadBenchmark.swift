import Foundation
import GridEditCore
import GridEditGeometry
import GridEditJSON
import GridEditTestSupport
import ServeTestClient

/// Issue 36's load: `gridedit serve` (the release binary beside this one, journal on, as for a
/// designer) with CLIENTS pages on loopback, each dragging pieces of one tangram at 60 touch
/// events a second (down, 20–60 moves, up; each event waits for its reply) for SECONDS.
/// Prints the drop-to-state latency (the `up` sent → the state it caused received: the reply,
/// then that state), events and drops per second, errors, and the server's resident memory
/// over time (VmRSS each 10 % of the run, its peak VmHWM). Goals: p95 under 50 ms, memory flat.
///
/// `GRIDEDIT_LOAD_CLIENTS` (default 20) and `GRIDEDIT_LOAD_SECONDS` (default 600) change the run.
enum ServeLoadBenchmark {
    static func run(repository: URL) throws {
        let environment = ProcessInfo.processInfo.environment
        let clients = Int(environment["GRIDEDIT_LOAD_CLIENTS"] ?? "") ?? 20
        let seconds = Double(environment["GRIDEDIT_LOAD_SECONDS"] ?? "") ?? 600
        guard GridEditBinary.besideRunningProgram != nil else {
            print("serve-load: no gridedit binary beside gridedit-bench: build it first (swift build -c release --product gridedit)")
            return
        }
        print("serve-load: \(clients) pages dragging at 60 events/s each for \(Int(seconds)) s (GRIDEDIT_LOAD_CLIENTS, GRIDEDIT_LOAD_SECONDS)")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("gridedit-bench-load-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.copyItem(at: repository.appendingPathComponent("puzzles/tangram-starter/square.json"),
                                         to: work.appendingPathComponent("square.json"))
        var childEnvironment = environment
        childEnvironment["XDG_STATE_HOME"] = work.appendingPathComponent("state").path
        childEnvironment["NO_COLOR"] = "1"
        let server = try LiveProcess(["serve", "square.json", "--port", "0"], environment: childEnvironment, in: work)
        defer { server.stop() }
        let port = try ServeBenchmark.turnMainRunLoop(until: 30) { try await server.servedURL().port }

        let memory = MemorySampler(pid: server.processIdentifier)
        let started = Date()
        let deadline = started.addingTimeInterval(seconds)
        let results = try ServeBenchmark.turnMainRunLoop(until: seconds + 120) { () -> [ClientResult]? in
            try await withThrowingTaskGroup(of: ClientResult.self) { group in
                for client in 0..<clients {
                    group.addTask { try await drag(port: port, client: client, until: deadline) }
                }
                group.addTask {
                    // Memory every 10 % of the run, from its start.
                    var next = 0.0
                    while Date() < deadline {
                        if Date().timeIntervalSince(started) >= next { memory.sample(at: Date().timeIntervalSince(started)); next += seconds / 10 }
                        try await Task.sleep(for: .milliseconds(200))
                    }
                    memory.sample(at: Date().timeIntervalSince(started))
                    return ClientResult()
                }
                var all: [ClientResult] = []
                for try await result in group { all.append(result) }
                return all
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        let latencies = results.flatMap(\.latencies)
        let events = results.map(\.events).reduce(0, +), drops = results.map(\.drops).reduce(0, +)
        let errors = results.flatMap(\.errors)
        let peak = memory.peakKilobytes()
        ServeBenchmark.report("drop → state (all pages)", latencies)
        print(String(format: "  %d pages × %.0f s: %d touch events (%.1f a second per page), %d drops (%.1f a second), %d errors",
                     clients, elapsed, events, Double(events) / elapsed / Double(max(clients, 1)), drops, Double(drops) / elapsed, errors.count))
        for error in errors.prefix(5) { print("    error: \(error)") }
        print("  server memory (VmRSS) over time: " + memory.samples.map { String(format: "%.0f s %.1f MB", $0.seconds, Double($0.kilobytes) / 1024) }.joined(separator: ", "))
        if let peak { print(String(format: "  server peak memory (VmHWM) %.1f MB; goal: p95 under 50 ms, memory flat", Double(peak) / 1024)) }
        if !server.isRunning { print("  the server stopped during the run: \(server.stderr.suffix(400))") }
    }

    struct ClientResult: Sendable {
        var latencies: [Double] = []
        var events = 0
        var drops = 0
        var errors: [String] = []
    }

    /// One page: drags until the deadline, each event paced at 1/60 s.
    static func drag(port: Int, client: Int, until deadline: Date) async throws -> ClientResult {
        let box = ServeBenchmark.Box<ClientResult>()
        try await withPage(port: port) { page in
            var result = ClientResult()
            var random = SplitMix64(seed: 3600 &+ UInt64(client))
            var t = 0.0
            let tick = 1.0 / 60
            var next = Date()
            var lastSent: UInt64 = 0
            /// Sends one touch event and reads up to its reply; the drop's state after it.
            func send(_ type: String, _ x: Double, _ y: Double, page: inout Page) async throws -> String {
                let wait = next.timeIntervalSinceNow
                if wait > 0 { try await Task.sleep(for: .seconds(wait)) }
                next = max(next.addingTimeInterval(tick), Date().addingTimeInterval(-tick))
                t += tick
                result.events += 1
                lastSent = DispatchTime.now().uptimeNanoseconds
                try await page.send("{\"type\":\"touch\",\"event\":{\"t\":\(t),\"type\":\"\(type)\",\"pointer\":1,\"x\":\(x),\"y\":\(y)}}")
                while true {
                    let text = try await page.nextText()
                    if text.hasPrefix("{\"type\":\"state\"") { continue }
                    return text
                }
            }
            while Date() < deadline {
                // The piece to drag and a point inside it, from the latest state (one parse a drag).
                var state = page.state
                if let latest = try? await latestState(&page) { state = latest }
                let pieces = state?["pieces"]?.items ?? []
                guard !pieces.isEmpty else { break }
                let node = pieces[Int(random.next() % UInt64(pieces.count))]
                guard let grab = grabPoint(node) else { continue }
                let moves = 20 + Int(random.next() % 41)
                // Somewhere on the board, inside 1…7 in both directions.
                let target = (1 + Double(random.next() % 25) / 4, 1 + Double(random.next() % 25) / 4)
                _ = try await send("down", grab.x, grab.y, page: &page)
                for step in 1...moves {
                    let f = Double(step) / Double(moves + 1)
                    let reply = try await send("move", grab.x + (target.0 - grab.x) * f, grab.y + (target.1 - grab.y) * f, page: &page)
                    if reply.contains("\"ok\":false") { result.errors.append(String(reply.prefix(200))) }
                }
                let reply = try await send("up", target.0, target.1, page: &page)
                let sent = lastSent
                guard reply.hasPrefix("{\"type\":\"result\"") else { result.errors.append(String(reply.prefix(200))); continue }
                // A drop that changed nothing sends no state; one that did sends it right after the reply.
                guard reply.contains("\"style\":\"edit\"") else { continue }
                let text = try await page.nextText()
                guard text.hasPrefix("{\"type\":\"state\"") else { result.errors.append("after a drop's reply: \(text.prefix(120))"); continue }
                result.latencies.append(Double(DispatchTime.now().uptimeNanoseconds - sent) / 1e6)
                result.drops += 1
                page.state = try? JSONParser.parse(text)
            }
            box.set(.success(result))
        }
        return try box.result?.get() ?? ClientResult()
    }

    /// The page's latest state: a hello's (after every state before it).
    static func latestState(_ page: inout Page) async throws -> JSONNode? {
        page.nextID += 1
        try await page.send("{\"type\":\"hello\",\"id\":\(page.nextID)}")
        var latest: String?
        while true {
            let text = try await page.nextText()
            if text.hasPrefix("{\"type\":\"state\"") { latest = text; continue }
            if text.hasPrefix("{\"type\":\"welcome\"") { break }
        }
        return try latest.map { try JSONParser.parse($0) }
    }

    /// The middle of three corners of a state's piece (inside it), in board units.
    static func grabPoint(_ piece: JSONNode) -> (x: Double, y: Double)? {
        guard let name = piece.string("piece"), let kind = TangramPiece(rawValue: name),
              let x = piece.string("x").flatMap(Exact.init(parsing:)), let y = piece.string("y").flatMap(Exact.init(parsing:)),
              let degrees = piece.int("rotation") else { return nil }
        let pose = Pose(piece: kind, position: Point(x, y), rotation: Rotation(eighths: degrees / 45), flipped: piece.bool("flip") ?? false)
        let corners = pose.vertices.prefix(3).map { ($0.x.doubleValue, $0.y.doubleValue) }
        guard corners.count == 3 else { return nil }
        return ((corners[0].0 + corners[1].0 + corners[2].0) / 3, (corners[0].1 + corners[1].1 + corners[2].1) / 3)
    }
}

/// A process's resident memory from /proc/PID/status, sampled over time.
final class MemorySampler: @unchecked Sendable {
    let pid: Int32
    private let lock = NSLock()
    private var stored: [(seconds: Double, kilobytes: Int)] = []
    init(pid: Int32) { self.pid = pid }

    var samples: [(seconds: Double, kilobytes: Int)] { lock.withLock { stored } }

    func sample(at seconds: Double) {
        guard let rss = Self.field("VmRSS", of: pid) else { return }
        lock.withLock { stored.append((seconds, rss)) }
    }

    func peakKilobytes() -> Int? { Self.field("VmHWM", of: pid) }

    /// A kilobyte figure of /proc/PID/status (`VmRSS`, `VmHWM`), nil once the process is gone.
    static func field(_ name: String, of pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first { Int($0) != nil } ?? "")
    }
}
