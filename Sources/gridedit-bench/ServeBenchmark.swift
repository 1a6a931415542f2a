import Foundation
import GridEditCheck
import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditJSON
import GridEditServe
import ServeTestClient

/// Issue 12's figure: edit → repaint latency of `gridedit serve` over loopback (target: p95 under
/// 50 ms in release). A real server (Hummingbird and its WebSocket) on a free 127.0.0.1 port over
/// one `ServeSession`, and the page's protocol spoken by the `ServeTestClient` page:
///
/// - a drag of 60 touch events (down, 58 moves, up) on the square of the full classic-square
///   Tangram, as the page sends it: each move is a `touch` plus a `ghost` request, timed from
///   sending the touch to receiving the ghost (what the page repaints while dragging); the up is
///   timed from sending it to receiving the new `state` (the drop: settle, validate, render the
///   SVG, send). 20 drags, back and forth.
/// - a Sudoku digit: `given r1c1 8` and `given r1c1 .` in turn on a 9×9 puzzle, timed from
///   sending the command to receiving the `state` (with the solution count, the grader's hint
///   and the picture).
///
/// - issue 32's analysis: each of the 13 shipped tangram figures and 100 random exact figures
///   (Core's `TangramRandomArrangement`, half with 45° mixes, half of those written as
///   silhouette-only files) opened in turn, timed from sending `open` to receiving the state
///   whose `analysis` is ready (the page's panel shows the numbers). Each figure is new to the
///   server, so every answer is worked out, none remembered.
///
/// - issue 33's setter's panel: published 9×9 puzzles from `../shared/data/sudoku` (a seeded
///   sample of each set, every one new to the server) pasted into the open grid, timed from
///   sending `paste LINE` to receiving the state whose `analysis` is ready (solutions, tier,
///   score, hardest, redundant givens, true candidates and the explanation's steps); then one
///   given of each taken out (`given CELL .`, mostly a grid with several solutions: the count,
///   the given that would make it unique, the true candidates), timed the same way.
///
/// The journal is on, as for a designer. The server runs on the main actor, so the benchmark
/// turns the main run loop while the page works on another thread.
enum ServeBenchmark {
    static func run(repository: URL) throws {
        print("serve: edit → repaint latency over loopback (WebSocket message sent → reply or state received)")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("gridedit-bench-serve-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        for name in ["tangram-starter/square.json", "sudoku-9x9/classic-01.json"] {
            try FileManager.default.copyItem(at: repository.appendingPathComponent("puzzles/" + name),
                                             to: work.appendingPathComponent(URL(fileURLWithPath: name).lastPathComponent))
        }
        let figureFiles = try writeFigures(into: work, repository: repository)
        let published = publishedSample(repository: repository)
        let templates = repository.appendingPathComponent("templates").path
        let session = MainActor.assumeIsolated {
            ServeSession(service: GridEditorService(environment: EditorEnvironment(
                now: { "2026-01-01T00:00:00Z" }, templatesFolder: templates,
                journals: JournalStore(folder: work.appendingPathComponent("journals").path))),
                folder: try! ServedFolder(work.path), templatesFolder: templates)
        }
        let server = MainActor.assumeIsolated {
            ServeServer(session: session, options: .init(host: "127.0.0.1", port: 0),
                        pageFolder: repository.appendingPathComponent("Sources/GridEditServe/Resources/page").path)
        }
        let ports = PortBox()
        let app = server.application { port in ports.set(port) }
        let serverTask = Task { try await app.run() }
        defer { serverTask.cancel() }
        let port = try turnMainRunLoop { ports.value }

        let result = try turnMainRunLoop(until: 900) { () async throws -> Figures? in
            let figures = Box<Figures>()
            try await withPage(port: port) { page in
                figures.set(.success(try await measure(&page, figures: figureFiles, published: published)))
            }
            return try figures.result?.get()
        }
        report("drag, 60 touch events: a move → its ghost", result.ghost)
        report("drag, 60 touch events: the drop → state", result.drop)
        report("drag, all 60 events", result.ghost + result.drop)
        report("sudoku digit (given) → state", result.digit)
        report("tangram figure opened → analysis shown", result.analysis)
        print("  (analysis: \(figureFiles.count) figures, each new to the server; target p95 under 150 ms in release)")
        if published.isEmpty {
            print("  sudoku panel: skipped (no ../shared/data/sudoku beside the repository)")
            return
        }
        report("sudoku puzzle pasted → count, redundant givens, true candidates shown", result.panelFirst)
        report("sudoku puzzle pasted → panel ready (with the grade)", result.panel.flatMap(\.value))
        for (set, times) in result.panel.sorted(by: { $0.key < $1.key }) { report("  \(set)", times) }
        report("sudoku given taken out → panel ready", result.edit.flatMap(\.value))
        for (set, times) in result.edit.sorted(by: { $0.key < $1.key }) { report("  \(set)", times) }
        print("  (panel: \(published.count) published 9×9 puzzles, each new to the server; target p95 under 200 ms in release)")
    }

    /// Published puzzles for the panel's figure: up to `each` of every shared set, in a seeded order.
    static func publishedSample(repository: URL, each: Int = 40) -> [(set: String, line: String)] {
        let folder = repository.deletingLastPathComponent().appendingPathComponent("shared/data/sudoku")
        var sample: [(String, String)] = []
        var generator = SplitMix64(seed: 33)
        for name in ["norvig_hardest.txt", "norvig_top95.txt", "tdoku_puzzles2_17_clue.txt", "tdoku_puzzles3_magictour_top1465.txt",
                     "tdoku_puzzles5_forum_hardest_1905_11plus.txt", "tdoku_puzzles6_forum_hardest_1106.txt",
                     "tdoku_puzzles7_serg_benchmark.txt"] {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { continue }
            let lines = String(decoding: data.prefix(400_000), as: UTF8.self).split(separator: "\n").prefix(2_000)
                .map { String($0.prefix(81)) }.filter { $0.count == 81 }
            let set = name.replacingOccurrences(of: "tdoku_puzzles", with: "").replacingOccurrences(of: ".txt", with: "")
            sample += lines.shuffled(using: &generator).prefix(each).map { (set, $0) }
        }
        return sample
    }

    /// The shipped tangram figures and 100 random exact ones, as files in `work`; their names.
    static func writeFigures(into work: URL, repository: URL) throws -> [String] {
        let starter = repository.appendingPathComponent("puzzles/tangram-starter")
        var names: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: starter.path).sorted() where name != "pack.json" && name.hasSuffix(".json") {
            try FileManager.default.copyItem(at: starter.appendingPathComponent(name), to: work.appendingPathComponent("shipped-" + name))
            names.append("shipped-" + name)
        }
        for seed in 0..<100 {
            let poses = TangramRandomArrangement.make(seed: UInt64(seed), mixed: seed % 2 == 1)
            let metadata = PuzzleMetadata(id: "random-\(seed)", name: "Random \(seed)", difficulty: .medium,
                                          createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-01T00:00:00Z")
            let puzzle = TangramPuzzle(metadata: metadata, pieces: poses)
            let name = "random-\(seed).json"
            let file = work.appendingPathComponent(name)
            if seed % 4 == 3, let region = try? OctilinearRegion(union: poses.map(\.polygon)) {
                var outline = puzzle
                outline.silhouette = region.rings
                outline.pieces = nil
                try PuzzleDocument(puzzle: outline, schemaReference: nil).canonicalText().write(to: file, atomically: true, encoding: .utf8)
                // A figure touching itself at a corner has no simple rings to write: keep its pieces.
                if Checker().check([file.path]).files.allSatisfy({ $0.findings.allSatisfy { $0.severity != .error } }) {
                    names.append(name)
                    continue
                }
            }
            try PuzzleDocument(puzzle: puzzle, schemaReference: nil).canonicalText().write(to: file, atomically: true, encoding: .utf8)
            names.append(name)
        }
        return names
    }

    struct Figures: Sendable {
        var ghost: [Double] = []
        var drop: [Double] = []
        var digit: [Double] = []
        var analysis: [Double] = []
        /// The setter's panel, by shared set: a puzzle pasted, and a given taken out.
        var panel: [String: [Double]] = [:]
        /// The first part of the panel (everything but the grade) after a paste.
        var panelFirst: [Double] = []
        var edit: [String: [Double]] = [:]
    }

    static func measure(_ page: inout Page, figures names: [String], published: [(set: String, line: String)]) async throws -> Figures {
        var figures = Figures()
        let opened = try await page.request([.init("type", .string("open")), .init("path", .string("square.json"))])
        guard opened.bool("ok") == true else { throw BenchmarkError("square.json did not open: \(opened.outputTexts)") }
        var state = try await page.nextState()
        var t = 0.0
        for drag in 0..<20 {
            guard let square = state["pieces"]?.items.first(where: { $0.string("piece") == "square" }),
                  case .number(let x)? = square["originX"]?.value, case .number(let y)? = square["originY"]?.value,
                  case let (x0, y0) = (x.doubleValue, y.doubleValue) else { throw BenchmarkError("no square in the state") }
            // Out by 2.3 units and back: the drop lands near the figure every other time.
            let (gx, gy) = (x0 + 0.25, y0 + 0.25)
            let direction = drag.isMultiple(of: 2) ? 1.0 : -1.0
            func event(_ type: String, _ dx: Double, _ dy: Double) -> String {
                t += 0.016
                return "{\"t\":\(String(format: "%.3f", t)),\"type\":\"\(type)\",\"pointer\":1,\"x\":\(gx + dx),\"y\":\(gy + dy)}"
            }
            _ = try await page.touch(event("down", 0, 0))
            var (dx, dy) = (0.0, 0.0)
            for step in 1...58 {
                dx = direction * 2.3 * Double(step) / 58
                dy = direction * 0.1 * Double(step) / 58
                let start = DispatchTime.now().uptimeNanoseconds
                _ = try await page.touch(event("move", dx, dy))
                let ghost = try await page.request([.init("type", .string("ghost")), .init("piece", .string("square")),
                                                    .init("dx", .double(dx)), .init("dy", .double(dy))])
                figures.ghost.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                guard ghost.string("type") == "ghost" else { throw BenchmarkError("ghost: \(ghost.toJSONValue().compactText)") }
            }
            // The drop: its reply comes first, then the state the page repaints.
            let start = DispatchTime.now().uptimeNanoseconds
            try await page.send(JSONValue.object([.init("type", .string("touch")), .init("id", .int(-1)),
                                                  .init("event", try JSONParser.parse(event("up", dx, dy)).toJSONValue())]).compactText)
            while true {
                let message = try await page.next()
                if message.string("type") == "state" { state = message; break }
                guard message.bool("ok") == true, message["output"]?.items.first?.string("style") == "edit" else {
                    throw BenchmarkError("the drop changed nothing: \(message.toJSONValue().compactText)")
                }
            }
            figures.drop.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }

        let sudoku = try await page.request([.init("type", .string("open")), .init("path", .string("classic-01.json"))])
        guard sudoku.bool("ok") == true else { throw BenchmarkError("classic-01.json did not open: \(sudoku.outputTexts)") }
        _ = try await page.nextState()
        for i in 0..<100 {
            let line = i.isMultiple(of: 2) ? "given r1c1 8" : "given r1c1 ."
            let start = DispatchTime.now().uptimeNanoseconds
            try await page.send(JSONValue.fields(["type": .string("command"), "line": .string(line), "id": .int(1000 + i)]).compactText)
            // The state with the new digit (a state with the analysis may follow; it is waited
            // for below, untimed, so it is not taken for the next digit's).
            let digit = i.isMultiple(of: 2) ? 8 : 0
            var state = try await page.nextState { $0["cells"]?.items.first?.int("given") == digit }
            figures.digit.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            while state["analysis"] != nil, state["analysis"]?.bool("pending") != false { state = try await page.nextState() }
        }

        for (i, name) in names.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            try await page.send(JSONValue.fields(["type": .string("open"), "path": .string(name), "id": .int(5000 + i)]).compactText)
            while true {
                let message = try await page.next()
                if message.string("type") == "state", message["document"]?.string("path") == name,
                   message["analysis"]?.bool("pending") == false { break }
                if message.string("type") == "result", message.bool("ok") != true {
                    throw BenchmarkError("\(name) did not open: \(message.toJSONValue().compactText)")
                }
            }
            figures.analysis.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }

        // The setter's panel: each published puzzle pasted into the 9×9, then one given taken out.
        if !published.isEmpty {
            let back = try await page.request([.init("type", .string("open")), .init("path", .string("classic-01.json"))])
            guard back.bool("ok") == true else { throw BenchmarkError("classic-01.json did not open again: \(back.outputTexts)") }
        }
        for (i, item) in published.enumerated() {
            var start = DispatchTime.now().uptimeNanoseconds
            try await page.send(JSONValue.fields(["type": .string("command"), "line": .string("paste " + item.line), "id": .int(3000 + i)]).compactText)
            let firstPart = try await waitForPanel(&page, givens: item.line)
            figures.panel[item.set, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            figures.panelFirst.append(Double(firstPart - start) / 1e6)
            let index = item.line.firstIndex { $0 != "." && $0 != "0" }!
            let offset = item.line.distance(from: item.line.startIndex, to: index)
            var without = Array(item.line)
            without[offset] = "."
            start = DispatchTime.now().uptimeNanoseconds
            try await page.send(JSONValue.fields(["type": .string("command"), "line": .string("given r\(offset / 9 + 1)c\(offset % 9 + 1) ."),
                                                  "id": .int(4000 + i)]).compactText)
            try await waitForPanel(&page, givens: String(without))
            figures.edit[item.set, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return figures
    }

    /// Reads messages until the state holding exactly `givens` has its analysis ready; returns
    /// when (uptime nanoseconds) a first part of it came, if one came before the whole.
    @discardableResult
    static func waitForPanel(_ page: inout Page, givens: String) async throws -> UInt64 {
        var first: UInt64?
        while true {
            let message = try await page.next()
            if message.string("type") == "result", message.bool("ok") != true {
                throw BenchmarkError("the edit was refused: \(message.toJSONValue().compactText)")
            }
            guard message.string("type") == "state", let analysis = message["analysis"],
                  analysis.bool("pending") == false || analysis.bool("partial") == true else { continue }
            let shown = (message["cells"]?.items ?? []).map { $0.int("given").map { $0 == 0 ? "." : String($0) } ?? "?" }.joined()
            guard shown == givens else { continue }
            let now = DispatchTime.now().uptimeNanoseconds
            if first == nil { first = now }
            if analysis.bool("pending") == false { return first! }
        }
    }

    static func report(_ what: String, _ times: [Double]) {
        let sorted = times.sorted()
        guard !sorted.isEmpty else { return }
        let p50 = sorted[sorted.count / 2], p95 = sorted[min(sorted.count - 1, sorted.count * 95 / 100)]
        let label = what.count < 46 ? what + String(repeating: " ", count: 46 - what.count) : what
        print("  " + label + String(format: " %5d samples   p50 %7.2f ms   p95 %7.2f ms   max %7.2f ms", sorted.count, p50, p95, sorted.last!))
    }

    /// Runs `body` on another thread while the main thread turns its run loop (the main actor,
    /// where the server's session lives, runs there); gives up after `seconds`.
    static func turnMainRunLoop<T: Sendable>(until seconds: Double = 30, _ body: @escaping @Sendable () async throws -> T?) throws -> T {
        let box = Box<T>()
        let task = Task.detached {
            while !Task.isCancelled {
                do {
                    if let value = try await body() { box.set(.success(value)); return }
                } catch {
                    box.set(.failure(error)); return
                }
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        let deadline = Date().addingTimeInterval(seconds)
        while box.result == nil {
            guard Date() < deadline else { task.cancel(); throw BenchmarkError("no answer after \(seconds) s") }
            RunLoop.main.run(until: Date().addingTimeInterval(0.001))
        }
        return try box.result!.get()
    }

    final class Box<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Result<T, any Error>?
        var result: Result<T, any Error>? { lock.withLock { stored } }
        func set(_ value: Result<T, any Error>) { lock.withLock { stored = value } }
    }

    private final class PortBox: @unchecked Sendable {
        private let lock = NSLock()
        private var port: Int?
        var value: Int? { lock.withLock { port } }
        func set(_ value: Int) { lock.withLock { port = value } }
    }
}
