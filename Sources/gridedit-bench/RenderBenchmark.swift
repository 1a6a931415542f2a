import Foundation
import GridEditCore
import GridEditRender

/// Cards per second and sheet pages per second for the shipped packs, against the same drawing
/// replayed by a minimal C program on plain cairo (`cairo-baseline`).
///
/// gridedit's side is the whole job from a loaded puzzle: layout, text shaping and kerning,
/// exact outlines, the cairo calls and the PNG/PDF encoding. The C side replays the recorded
/// cairo calls of the same jobs (the `.replay` trace: fonts, glyphs and numbers exact), so it
/// does only the drawing and encoding. The ratio is gridedit's overhead over bare cairo; the
/// output files are compared byte for byte to show both drew the very same thing. Both sides are
/// timed by the drawing thread's CPU time, in alternating rounds, so other work on a shared
/// machine does not skew the ratio.
enum RenderBenchmark {
    static let cardRepeats = 6
    static let sheetRepeats = 12
    /// Rounds alternate gridedit and C, and each side keeps its best: load from other work on the
    /// machine then hits both sides alike instead of skewing the ratio.
    static let rounds = 5

    static func run(repository: URL) throws {
        let root = repository.path
        let renderer = try Renderer(style: Style.load(root + "/templates/style.jsonc"))
        let collection = try PuzzleCollection.load([root + "/puzzles"])
        let cards = collection.entries
        let booklets = collection.groups.map { $0.sheetPack() }
        guard !cards.isEmpty else {
            print("render benchmark: no puzzles under \(root)/puzzles; run from the repository root")
            return
        }
        let cardOptions = RenderOptions(product: .card)
        let sheetOptions = SheetOptions(solutions: true)
        let pageCount = booklets.map { renderer.sheetPageCount($0, options: sheetOptions) }.reduce(0, +)

        // The outputs (also a warm-up); the timings come below, alternating with C's.
        let cardBytes = try cards.map { try renderer.render($0.document, as: .png, options: cardOptions, pack: $0.pack) }
        let sheetBytes = try booklets.map { try renderer.renderSheet($0, options: sheetOptions) }
        let swiftCardRound = {
            try cpuSeconds {
                for _ in 0..<cardRepeats {
                    for entry in cards { _ = try renderer.render(entry.document, as: .png, options: cardOptions, pack: entry.pack) }
                }
            }
        }
        let swiftSheetRound = {
            try cpuSeconds {
                for _ in 0..<sheetRepeats { for booklet in booklets { _ = try renderer.renderSheet(booklet, options: sheetOptions) } }
            }
        }

        // The same jobs as replay traces for the C baseline.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gridedit-render-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        for sub in ["cards", "sheets", "c-cards", "c-sheets"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        var cardTraces: [String] = []
        for (index, entry) in cards.enumerated() {
            let path = folder.appendingPathComponent(String(format: "cards/%03d.trace", index)).path
            try Data(renderer.trace(entry.document, as: .png, options: cardOptions, pack: entry.pack, detail: .replay).utf8)
                .write(to: URL(fileURLWithPath: path))
            cardTraces.append(path)
        }
        var sheetTraces: [String] = []
        for (index, booklet) in booklets.enumerated() {
            let path = folder.appendingPathComponent(String(format: "sheets/%03d.trace", index)).path
            try Data(renderer.traceSheet(booklet, options: sheetOptions, detail: .replay).utf8).write(to: URL(fileURLWithPath: path))
            sheetTraces.append(path)
        }

        print("render: \(cards.count) puzzle cards (PNG) and \(booklets.count) sheet booklets (\(pageCount) PDF pages with solutions) from puzzles/")
        guard let baseline = baselineExecutable() else {
            let cardSeconds = try (0..<rounds).map { _ in try swiftCardRound() }.min()!
            let sheetSeconds = try (0..<rounds).map { _ in try swiftSheetRound() }.min()!
            print(String(format: "  gridedit: %.1f cards/s, %.1f sheet pages/s", Double(cards.count * cardRepeats) / cardSeconds,
                         Double(pageCount * sheetRepeats) / sheetSeconds))
            print("  C baseline not found beside this executable; build it with `swift build -c release --product cairo-baseline`")
            return
        }
        // C writes its files once, for the comparison; then the timed rounds, alternating.
        _ = try runBaseline(baseline, traces: cardTraces, repeats: 1, out: folder.appendingPathComponent("c-cards"))
        _ = try runBaseline(baseline, traces: sheetTraces, repeats: 1, out: folder.appendingPathComponent("c-sheets"))
        var swiftCard = Double.infinity, swiftSheet = Double.infinity, cCard = Double.infinity, cSheet = Double.infinity
        for _ in 0..<rounds {
            swiftCard = min(swiftCard, try swiftCardRound())
            cCard = min(cCard, try runBaseline(baseline, traces: cardTraces, repeats: cardRepeats, out: nil).seconds)
            swiftSheet = min(swiftSheet, try swiftSheetRound())
            cSheet = min(cSheet, try runBaseline(baseline, traces: sheetTraces, repeats: sheetRepeats, out: nil).seconds)
        }
        let swiftCards = Double(cards.count * cardRepeats) / swiftCard
        let swiftPages = Double(pageCount * sheetRepeats) / swiftSheet
        let cCardRate = Double(cards.count * cardRepeats) / cCard
        let cPageRate = Double(pageCount * sheetRepeats) / cSheet

        let sameCards = zip(cardBytes, cardTraces).filter { bytes, trace in
            (try? Data(contentsOf: folder.appendingPathComponent("c-cards/" + name(trace) + ".png"))) == Data(bytes)
        }.count
        let sameSheets = zip(sheetBytes, sheetTraces).filter { bytes, trace in
            (try? Data(contentsOf: folder.appendingPathComponent("c-sheets/" + name(trace) + ".pdf"))) == Data(bytes)
        }.count

        print("                        gridedit (Swift)     C on cairo (replay)   time ratio (target ≤ 1.2)")
        print(String(format: "  cards (PNG)         %9.1f cards/s    %9.1f cards/s       %.2f", swiftCards, cCardRate, cCardRate / swiftCards))
        print(String(format: "  sheet pages (PDF)   %9.1f pages/s    %9.1f pages/s       %.2f", swiftPages, cPageRate, cPageRate / swiftPages))
        print("  identical output bytes: \(sameCards)/\(cards.count) cards, \(sameSheets)/\(booklets.count) booklets")
        print("  (thread CPU time, best of \(rounds) alternating rounds of \(cardRepeats)× every card and \(sheetRepeats)× every booklet)")
    }

    /// CPU time of the calling thread spent in `body`: on a shared machine, time spent waiting for
    /// a core does not count (the C baseline measures the same way).
    static func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
        func now() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
        let start = now()
        try body()
        return now() - start
    }

    private static func name(_ trace: String) -> String {
        URL(fileURLWithPath: trace).deletingPathExtension().lastPathComponent
    }

    /// `cairo-baseline`, built beside this executable by the same `swift build`.
    private static func baselineExecutable() -> URL? {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidate = me.deletingLastPathComponent().appendingPathComponent("cairo-baseline")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    private static func runBaseline(_ executable: URL, traces: [String], repeats: Int,
                                    out: URL?) throws -> (files: Int, pages: Int, seconds: Double) {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--repeat", String(repeats), "--rounds", "1"] + (out.map { ["--out", $0.path] } ?? []) + traces
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // "files F pages P best-seconds S"
        let words = output.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard process.terminationStatus == 0, words.count >= 6, let files = Int(words[1]), let pages = Int(words[3]),
              let seconds = Double(words[5]) else {
            throw BaselineError(message: "cairo-baseline failed (status \(process.terminationStatus)): \(output)")
        }
        return (files, pages, seconds)
    }

    struct BaselineError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
