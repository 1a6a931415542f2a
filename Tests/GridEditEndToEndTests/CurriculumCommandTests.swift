import Foundation
import GridEditTestSupport
import Testing

/// A designer's round: draft the 100-day plan from the shipped packs with one command, check it
/// in CI beside the packs, break it and see the finding located in every report format.
@Suite("gridedit curriculum and check") struct CurriculumCommandTests {
    static let sample = "puzzles/curricula/first-hundred-days.json"

    /// The shipped packs without their curricula, in a scratch folder.
    static func packs() throws -> TemporaryFolder {
        let scratch = try TemporaryFolder()
        try FileManager.default.copyItem(at: Repository.puzzles, to: scratch.file("puzzles"))
        try FileManager.default.removeItem(at: scratch.file("puzzles/curricula"))
        return scratch
    }

    @Test("plan drafts the shipped sample with one command, and check passes it")
    func planThenCheck() throws {
        let scratch = try Self.packs()
        let plan = try GridEditBinary.run(["curriculum", "plan", "puzzles", "-o", Self.sample, "--ages", "7-12",
                                           "--name", "First hundred days"], in: scratch.url)
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stderr.contains("100 days, ages 7–12") && plan.stderr.contains("the curriculum rules pass"))
        #expect(try scratch.read(Self.sample) == Repository.text(Self.sample))
        // An existing plan is not overwritten without --force.
        let again = try GridEditBinary.run(["curriculum", "plan", "puzzles", "-o", Self.sample], in: scratch.url)
        #expect(again.status == 2 && again.stderr.contains("give --force"))
        let check = try GridEditBinary.run(["check", "puzzles", "--no-cache"], in: scratch.url)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains(" passed, 0 failed"))
    }

    @Test("a broken reference is located in the text, GitHub, JUnit and SARIF reports, and a renamed puzzle is noticed through the cache")
    func brokenPlanInEveryFormat() throws {
        let scratch = try Self.packs()
        try FileManager.default.createDirectory(at: scratch.file("puzzles/curricula"), withIntermediateDirectories: true)
        let text = try Repository.text(Self.sample)
        let range = try #require(text.range(of: "\"id\": \"rabbit\"}"))
        try scratch.write(text.replacingCharacters(in: range, with: "\"id\": \"rabit\"}"), to: Self.sample)
        let prefix = text[..<range.lowerBound]
        let line = prefix.count(where: { $0 == "\n" }) + 1
        let column = prefix.utf8.count - (prefix.utf8.lastIndex(of: UInt8(ascii: "\n")).map { prefix.utf8.distance(from: prefix.utf8.startIndex, to: $0) + 1 } ?? 0) + 7

        try FileManager.default.createDirectory(at: scratch.file("out"), withIntermediateDirectories: true)
        let run = try GridEditBinary.run(["check", "puzzles", "--format", "github", "--junit", "out/report.xml",
                                          "--sarif", "out/report.sarif", "--no-cache"], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.lines.contains { $0.hasPrefix("::error file=\(Self.sample),line=\(line),col=\(column),title=[curriculum.unknown-puzzle]::") })
        #expect(run.lines.contains { $0.hasPrefix("\(Self.sample):\(line):\(column): error: [curriculum.unknown-puzzle]") && $0.contains("did you mean \"rabbit\"?") })
        #expect(run.lines.filter { $0.contains(": error: [") || $0.contains(": warning: [") }.count == 1)
        let junit = try scratch.read("out/report.xml")
        #expect(junit.contains("curriculum.unknown-puzzle") && junit.contains(Self.sample))
        let sarif = try JSONSerialization.jsonObject(with: Data(try scratch.read("out/report.sarif").utf8)) as? [String: Any]
        let result = ((sarif?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first
        #expect(result?["ruleId"] as? String == "curriculum.unknown-puzzle")
        let region = ((result?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        #expect(region?["startLine"] as? Int == line && region?["startColumn"] as? Int == column)

        // Fixed, then the pack renames the puzzle: the unchanged curriculum is reported again,
        // even with the content cache on (a curriculum's findings depend on its packs).
        try scratch.write(text, to: Self.sample)
        let clean = try GridEditBinary.run(["check", "puzzles", "--cache-dir", "cache"], in: scratch.url)
        #expect(clean.status == 0, "\(clean.stdout)")
        let rabbit = try scratch.read("puzzles/tangram-starter/rabbit.json")
        try scratch.write(rabbit.replacingOccurrences(of: "\"id\": \"rabbit\"", with: "\"id\": \"hare\""), to: "puzzles/tangram-starter/rabbit.json")
        let renamed = try GridEditBinary.run(["check", "puzzles", "--cache-dir", "cache"], in: scratch.url)
        #expect(renamed.status == 1)
        #expect(renamed.lines.contains { $0.hasPrefix(Self.sample) && $0.contains("[curriculum.unknown-puzzle]") && $0.contains("has no puzzle \"rabbit\"") })
    }

    @Test("render draws the chart and the overview, the same bytes in two runs; a broken plan is drawn with notes; a puzzle is refused")
    func render() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.copyItem(at: Repository.puzzles, to: scratch.file("puzzles"))
        var outputs: [[Data]] = []
        for run in 1...2 {
            let result = try GridEditBinary.run(["curriculum", "render", Self.sample, "--chart", "chart-\(run).png",
                                                 "--overview", "overview-\(run).pdf"], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("note:"))
            outputs.append([try Data(contentsOf: scratch.file("chart-\(run).png")), try Data(contentsOf: scratch.file("overview-\(run).pdf"))])
        }
        #expect(outputs[0] == outputs[1])
        #expect(try PNGImage(png: outputs[0][0]).width == 1200)

        let text = try scratch.read(Self.sample)
        try scratch.write(text.replacingOccurrences(of: "\"id\": \"rabbit\"}", with: "\"id\": \"rabit\"}"), to: Self.sample)
        let broken = try GridEditBinary.run(["curriculum", "render", Self.sample, "--chart", "broken.svg"], in: scratch.url)
        #expect(broken.status == 0)
        #expect(broken.stderr.contains("note: \(Self.sample):") && broken.stderr.contains("[curriculum.unknown-puzzle]"))
        let puzzle = try GridEditBinary.run(["curriculum", "render", "puzzles/tangram-starter/cat.json", "--chart", "x.png"], in: scratch.url)
        #expect(puzzle.status == 1 && puzzle.stderr.contains("not a readable curriculum"))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("x.png").path))
        // The puzzle commands say what the file is instead of "cannot load".
        try scratch.write(text, to: Self.sample)
        let asPuzzle = try GridEditBinary.run(["render", Self.sample, "-o", "y.png"], in: scratch.url)
        #expect(asPuzzle.status != 0 && asPuzzle.stderr.contains("a curriculum, not a puzzle"))
    }
}
