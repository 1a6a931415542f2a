import Foundation
import GridEditTestSupport
import Testing

/// `gridedit tangram generate` as a designer runs it: figures into a pack (the shipped one
/// included), listed in pack.json, with cards; run again, it continues the numbering and repeats
/// no figure; every file passes `gridedit check`.
@Suite struct TangramGenerateCommandTests {
    @Test("Generate into a copy of the shipped pack and into a new one, twice: numbered, listed, carded, check clean")
    func generateIntoPacks() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.copyItem(at: GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/tangram-starter"),
                                         to: scratch.file("tangram-starter"))
        let first = try GridEditBinary.run(["tangram", "generate", "tangram-starter", "--count", "4", "--seed", "3", "--cards", "cards"],
                                           in: scratch.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.lines.filter { $0.hasPrefix("wrote tangram-starter/figure-00") }.count == 4, "\(first.stdout)")
        #expect(first.stderr.contains("4 kept of"), "the tally: \(first.stderr)")
        for n in 1...4 {
            #expect(FileManager.default.fileExists(atPath: scratch.file("cards/figure-00\(n).png").path))
        }
        let manifest = try scratch.read("tangram-starter/pack.json")
        #expect((1...4).allSatisfy { manifest.contains("\"figure-00\($0).json\"") }, "\(manifest)")

        let second = try GridEditBinary.run(["tangram", "generate", "tangram-starter", "--count", "3", "--seed", "3"], in: scratch.url)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.lines.contains { $0.hasPrefix("wrote tangram-starter/figure-005.json") }, "numbers continue: \(second.stdout)")
        #expect(second.stderr.contains("congruent to a known figure"), "the same seed meets the first run's figures again and skips them")

        let fresh = try GridEditBinary.run(["tangram", "generate", "spring", "--count", "3", "--seed", "8", "--hidden-outlines", "3",
                                            "--prefix", "kite"], in: scratch.url)
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(try scratch.read("spring/pack.json").contains("\"kite-001.json\""))

        let check = try GridEditBinary.run(["check", "tangram-starter", "spring"], in: scratch.url)
        #expect(check.status == 0 && check.stdout.contains("0 failed") && !check.stdout.contains("warning"), "\(check.stdout)")
    }

    @Test("Bad options are refused with 64; filters nothing passes end with 1 and say what to loosen")
    func refusals() throws {
        let scratch = try TemporaryFolder()
        let zero = try GridEditBinary.run(["tangram", "generate", "p", "--count", "0"], in: scratch.url)
        #expect(zero.status == 64 && zero.stderr.contains("--count"))
        let size = try GridEditBinary.run(["tangram", "generate", "p", "--max-size", "9"], in: scratch.url)
        #expect(size.status == 64 && size.stderr.contains("--max-size"))
        let impossible = try GridEditBinary.run(["tangram", "generate", "p", "--count", "1", "--max-size", "2", "--candidates", "50"],
                                                in: scratch.url)
        #expect(impossible.status == 1 && impossible.stderr.contains("only 0 of 1 figures") && impossible.stderr.contains("loosen"),
                "\(impossible.stderr)")
    }
}

/// `gridedit tangram import` as a designer runs it on drawings (the test fixtures, made for gridedit).
@Suite struct TangramImportCommandTests {
    @Test("SVG drawings import into a pack exactly; a drawing off the lattice is refused with its corner; existing files need --force")
    func importDrawings() throws {
        let scratch = try TemporaryFolder()
        let fixtures = GridEditBinary.repositoryRoot.appendingPathComponent("Tests/Fixtures/tangram-import").path
        let run = try GridEditBinary.run(["tangram", "import", "\(fixtures)/square-pieces.svg", "\(fixtures)/arrow-silhouette.svg",
                                          "\(fixtures)/arrow-turned-10.svg", "-o", "drawn"], in: scratch.url)
        #expect(run.status == 1, "one drawing is refused: \(run.stderr)")
        #expect(run.lines.contains { $0.contains("→ drawn/square-pieces.json: seven pieces, 8 solutions (1 up to symmetry)") }, "\(run.stdout)")
        #expect(run.lines.contains { $0.contains("→ drawn/arrow-silhouette.json: silhouette, 1 solution (1 up to symmetry)") }, "\(run.stdout)")
        #expect(run.stderr.contains("arrow-turned-10.svg: <path> #1 (shape 1), corner 2"), "\(run.stderr)")
        #expect(try scratch.read("drawn/pack.json").contains("\"square-pieces.json\""))
        let check = try GridEditBinary.run(["check", "drawn"], in: scratch.url)
        #expect(check.status == 0 && check.stdout.contains("3 passed, 0 failed"), "\(check.stdout)")
        let solve = try GridEditBinary.run(["tangram", "solve", "drawn/arrow-silhouette.json"], in: scratch.url)
        #expect(solve.status == 0 && solve.stdout.hasPrefix("solvable: yes"))

        let again = try GridEditBinary.run(["tangram", "import", "\(fixtures)/square-pieces.svg", "-o", "drawn"], in: scratch.url)
        #expect(again.status == 1 && again.stderr.contains("already exists") && again.stderr.contains("--force"))
        let forced = try GridEditBinary.run(["tangram", "import", "\(fixtures)/square-pieces.svg", "-o", "drawn", "--force"], in: scratch.url)
        #expect(forced.status == 0, "\(forced.stderr)")
    }

    @Test("A gTans .figures file, a Sugar data set and GCompris levels import every figure they hold exactly into one pack; the ones they cannot are refused with where; the pack checks")
    func importCollections() throws {
        let scratch = try TemporaryFolder()
        let fixtures = GridEditBinary.repositoryRoot.appendingPathComponent("Tests/Fixtures/tangram-import").path
        let run = try GridEditBinary.run(["tangram", "import", "\(fixtures)/gridedit-written.figures", "\(fixtures)/gridedit-written-dataSet.json",
                                          "\(fixtures)/gridedit-written-dataset.js", "-o", "collections"], in: scratch.url)
        #expect(run.status == 1, "five figures are refused: \(run.stderr)")
        #expect(run.lines.contains { $0.contains("gridedit-written-dataset.js: 3 of 5 figures imported (1 level of other pictures skipped)") }, "\(run.stdout)")
        #expect(run.lines.contains { $0.contains("(Rabbit) → collections/rabbit-2.json: seven pieces") && $0.contains("settled into exact contact") }, "\(run.stdout)")
        #expect(run.lines.contains { $0.hasPrefix("skipped ") && $0.contains("(Train): $[3] at 346:13 (Train): not a tangram figure") }, "\(run.stdout)")
        #expect(run.stderr.contains("(Tilted cat): $[4].pieces[3] at 433:21 (Tilted cat, the square) is turned 67.5°"), "\(run.stderr)")
        #expect(run.stderr.contains("(Pushed house): ") && run.stderr.contains("would move a corner"), "\(run.stderr)")
        #expect(run.lines.contains { $0.contains("gridedit-written.figures: 3 of 5 figures imported") }, "\(run.stdout)")
        #expect(run.lines.contains { $0.contains("gridedit-written-dataSet.json: 3 of 4 figures imported") }, "\(run.stdout)")
        #expect(run.lines.contains { $0.contains("→ collections/gridedit-written-002.json: seven pieces, 1 solution") }, "\(run.stdout)")
        #expect(run.lines.contains { $0.contains("(Cat) → collections/cat.json: seven pieces, 1 solution") }, "\(run.stdout)")
        #expect(run.stderr.contains("(gridedit-written-004): figure 4 (line 27), piece 6 (line 34, the square) is turned 11.25°"), "\(run.stderr)")
        #expect(run.stderr.contains("(Slid): data[0].tangrams[3].targetTans["), "\(run.stderr)")
        let check = try GridEditBinary.run(["check", "collections"], in: scratch.url)
        // Nine puzzles and the pack; the same figures from the three files are flagged as duplicates.
        #expect(check.status == 0 && check.stdout.contains("10 passed, 0 failed") && check.stdout.contains("pack.duplicate-silhouette"), "\(check.stdout)")
        let unknown = try GridEditBinary.run(["tangram", "import", "\(fixtures)/../links/parity-fish-scl.txt", "-o", "collections"], in: scratch.url)
        #expect(unknown.status == 1 && unknown.stderr.contains("not a format gridedit imports"), "\(unknown.stderr)")
    }
}
