import BrowserSupport
import Foundation
import GridEditCheck
import GridEditCore
import GridEditGeometry
import GridEditJSON
import GridEditTestSupport
import PoseSequences
import Testing

/// The verifier on the board, in chromium: the panel's numbers (`data-solutions`,
/// `data-distinct-solutions`, `data-difficulty`) are `gridedit tangram solve`'s for the same
/// file, for every shipped figure and for seeded random exact figures (45° mixes, holes, parts
/// meeting at a corner; some as silhouette-only files), and stepping through the distinct
/// solutions draws each one once.
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(4)))
struct ServeAnalysisPageTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    static let shipped = ["cat", "fish", "hexagon", "house", "parallelogram", "pentagon", "rabbit", "rectangle", "sailboat",
                          "square", "swan", "trapezoid", "triangle"].map { "puzzles/tangram-starter/\($0).json" }

    /// Random exact figures as puzzle files: the pieces of a seeded figure, or (every other one)
    /// only its silhouette.
    static func writeRandomFigures(into folder: TemporaryFolder, count: Int) throws -> [String] {
        let families: [FigureFamily] = [.random, .holes, .cornerOnly]
        return try (0..<count).map { i in
            let family = families[i % families.count]
            let poses = PoseSequence(seed: UInt64(7000 + i), family: family).target
            let metadata = PuzzleMetadata(id: "random-\(i)", name: "Random \(i)", difficulty: .medium,
                                          createdAt: "2026-11-28T00:00:00Z", updatedAt: "2026-11-28T00:00:00Z")
            let puzzle = TangramPuzzle(metadata: metadata, pieces: poses)
            let name = "random-\(i)-\(family.rawValue).json"
            if i % 2 == 1 {
                var outline = puzzle
                outline.silhouette = try OctilinearRegion(union: poses.map(\.polygon)).rings
                outline.pieces = nil
                try folder.write(PuzzleDocument(puzzle: outline, schemaReference: nil).canonicalText(), to: name)
                // A figure that touches itself at a corner has no simple rings to write as a
                // silhouette (the editor refuses such a file): keep its pieces instead.
                let errors = Checker().check([folder.file(name).path]).files.flatMap(\.findings).filter { $0.severity == .error }
                if errors.isEmpty { return name }
            }
            try folder.write(PuzzleDocument(puzzle: puzzle, schemaReference: nil).canonicalText(), to: name)
            return name
        }
    }

    /// Opens `name` through the page's connection and waits until the panel shows its analysis.
    static func open(_ name: String, on served: ServedEditor) async throws -> [String: String] {
        try await served.browser.execute("window.gridedit.connection.send({type: 'open', path: arguments[0]})", [.string(name)])
        try await served.browser.waitUntil("the analysis of \(name)", timeout: 20) {
            if try await served.browser.execute("return document.getElementById('analysis').dataset.analysis").string == "failed" { return true }
            let node = try await served.browser.execute("""
                const s = window.gridedit.state;
                return s && s.document && s.document.path === arguments[0]
                  && document.getElementById('analysis').dataset.analysis === 'ready'
                """, [.string(name)])
            return node.bool == true
        }
        let panel = try await served.browser.element("#analysis")
        var numbers: [String: String] = [:]
        for name in ["solvable", "solutions", "distinct-solutions", "difficulty"] {
            numbers[name] = try await panel.attribute("data-\(name)")
        }
        return numbers
    }

    /// What `gridedit tangram solve --format json` says of the file.
    static func solve(_ path: String) throws -> JSONNode {
        let output = try GridEditBinary.run(["tangram", "solve", "--format", "json", path])
        return try JSONParser.parse(output.stdout)
    }

    /// The outlines the stepper draws, as a set of piece outlines (text), for the solution shown.
    static func drawnSolution(on served: ServedEditor) async throws -> Set<String> {
        let node = try await served.browser.execute(
            "return [...document.querySelectorAll('#overlay [data-alternative-piece]')].map((p) => p.getAttribute('points'))")
        return Set((node.array ?? []).compactMap(\.string))
    }

    @Test("The panel's counts and difficulty equal `gridedit tangram solve`'s; the stepper shows each distinct solution once")
    func countsAgreeWithTheSolver() async throws {
        try await ServedEditor.with(["serve", ".", "--port", "0"], copying: Self.shipped, browser: browser) { served in
            let files = Self.shipped.map { URL(fileURLWithPath: $0).lastPathComponent }
                + (try Self.writeRandomFigures(into: served.work, count: 12))
            var several = 0, stepped = 0
            for file in files {
                let shown = try await Self.open(file, on: served)
                let solved = try Self.solve(served.work.file(file).path)
                let solutions = solved["solutions"]?.int ?? -1, distinct = solved["solutionsUpToSymmetry"]?.int ?? -1
                #expect(shown["solutions"] == String(solutions), "\(file): \(shown) against \(solutions)")
                #expect(shown["distinct-solutions"] == String(distinct), "\(file): \(shown) against \(distinct)")
                #expect(shown["difficulty"] == solved["difficulty"]?["estimate"]?.string, "\(file): \(shown)")
                #expect(shown["solvable"] == (solved["solvable"]?.bool == true ? "yes" : "no"), "\(file)")
                if distinct > 1 { several += 1 }
                // Step through every distinct solution (on the figures with several, and a few others).
                guard distinct > 1 || stepped < 3, distinct > 0 else { continue }
                stepped += 1
                var seen: [Set<String>] = []
                for _ in 0..<distinct {
                    try await served.browser.element("#alternative-next").click()
                    let drawn = try await Self.drawnSolution(on: served)
                    #expect(drawn.count == 7, "\(file): seven outlines")
                    seen.append(drawn)
                }
                #expect(Set(seen).count == distinct, "\(file): each of the \(distinct) distinct solutions drawn once")
                try await served.browser.element("#alternative-next").click()
                #expect(try await Self.drawnSolution(on: served) == seen.first, "\(file): the stepper comes round to the first")
                let label = try await served.browser.attribute(of: "#alternative-label", "data-alternative")
                #expect(label == "1", "\(file): the label says solution \(label ?? "none")")
            }
            #expect(several >= 3, "the figures include some with several distinct solutions (\(several))")
        }
    }
}
