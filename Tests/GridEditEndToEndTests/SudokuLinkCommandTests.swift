import Foundation
import GridEditTestSupport
import Testing

/// `gridedit sudoku export --format sudokupad|fpuzzles` and `sudoku import` of links (issue 14).
@Suite struct SudokuLinkCommandTests {
    @Test("export the shipped packs as links, import them back: same givens, solutions, names and authors")
    func packsRoundTrip() throws {
        let scratch = try TemporaryFolder()
        for (format, prefix) in [("sudokupad", "https://sudokupad.app/fpuzzles"), ("fpuzzles", "https://www.f-puzzles.com/?load=")] {
            let export = try GridEditBinary.run(["sudoku", "export", "--format", format, "puzzles/sudoku-4x4", "puzzles/sudoku-6x6",
                                                 "puzzles/sudoku-9x9"])
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.lines.count == 20 && export.lines.allSatisfy { $0.hasPrefix(prefix) })
            try scratch.write(export.stdout, to: "\(format).txt")
            let imported = try GridEditBinary.run(["sudoku", "import", "\(format).txt", "-o", format, "--prefix", "linked"], in: scratch.url)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.lines.count == 21 && imported.lines.last?.hasPrefix("listed linked-001.json") == true, "the 20 files, then pack.json")

            let lines = try GridEditBinary.run(["sudoku", "export", "puzzles/sudoku-4x4", "puzzles/sudoku-6x6", "puzzles/sudoku-9x9"])
            let back = try GridEditBinary.run(["sudoku", "export", format], in: scratch.url)
            #expect(back.lines == lines.lines)
            let originals = try ["4x4", "6x6", "9x9"].flatMap { size in
                try FileManager.default.contentsOfDirectory(atPath: GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/sudoku-\(size)").path)
                    .filter { $0 != "pack.json" }.sorted()
                    .map { try String(contentsOf: GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/sudoku-\(size)/\($0)"), encoding: .utf8) }
            }
            for (number, original) in originals.enumerated() {
                let copy = try scratch.read(String(format: "\(format)/linked-%03d.json", number + 1))
                for key in ["\"name\"", "\"author\"", "\"size\"", "\"solution\""] {
                    let line = { (text: String) in text.split(separator: "\n").first { $0.contains(key) } }
                    #expect(line(copy) == line(original), "\(key) of puzzle \(number + 1) via \(format)")
                }
            }
            let check = try GridEditBinary.run(["check", format], in: scratch.url)
            #expect(!check.stdout.contains("error"), "\(check.stdout)")
        }
    }

    @Test("a link on the command line; a second import refuses to overwrite; --force does")
    func linkArgument() throws {
        let scratch = try TemporaryFolder()
        let link = try GridEditBinary.run(["sudoku", "export", "--format", "fpuzzles", "puzzles/sudoku-6x6/six-01.json"]).lines[0]
        let first = try GridEditBinary.run(["sudoku", "import", link, "-o", "pack"], in: scratch.url)
        #expect(first.status == 0 && first.lines == ["wrote pack/sudoku-001.json", "listed sudoku-001.json in pack/pack.json (a new pack; give it a title and description)"])
        let text = try scratch.read("pack/sudoku-001.json")
        #expect(text.contains("\"name\": \"Six 1\"") && text.contains("\"author\": \"gridedit team\""))
        #expect(text.contains(#""givens": ["...2.3", "52.16.", "615.4.", ".4.516", ".54.31", "1.6..."]"#))

        let again = try GridEditBinary.run(["sudoku", "import", link, "-o", "pack"], in: scratch.url)
        #expect(again.status == 1 && again.stderr.contains("already exists") && again.stderr.contains("--force"))
        #expect(try scratch.read("pack/sudoku-001.json") == text)
        let forced = try GridEditBinary.run(["sudoku", "import", link, "-o", "pack", "--force"], in: scratch.url)
        #expect(forced.status == 0)
    }

    @Test("the JSON: printed with --json, imported from a file")
    func json() throws {
        let scratch = try TemporaryFolder()
        let printed = try GridEditBinary.run(["sudoku", "export", "--format", "sudokupad", "--json", "puzzles/sudoku-4x4/mini-01.json"])
        #expect(printed.status == 0 && printed.lines.count == 1 && printed.stdout.hasPrefix("{\"size\":4,"))
        try scratch.write(printed.stdout, to: "mini.json")
        let imported = try GridEditBinary.run(["sudoku", "import", "mini.json", "-o", "pack"], in: scratch.url)
        #expect(imported.status == 0, "\(imported.stderr)")
        let bad = try GridEditBinary.run(["sudoku", "export", "--json", "puzzles/sudoku-4x4/mini-01.json"])
        #expect(bad.status != 0 && bad.stderr.contains("--json goes with --format sudokupad or fpuzzles"))
        let unknown = try GridEditBinary.run(["sudoku", "export", "--format", "penpa", "puzzles/sudoku-4x4/mini-01.json"])
        #expect(unknown.status != 0 && unknown.stderr.contains("--format must be lines, sudokupad or fpuzzles"))
    }

    @Test("bad links name the line and what to do; the good lines of the file are still imported")
    func badLinks() throws {
        let scratch = try TemporaryFolder()
        try scratch.write("4.3...2.1..3..2.\nhttps://sudokupad.app/fpuzzlesN4IgzglgXgpiBc\nhttps://example.org/x\n", to: "mixed.txt")
        let run = try GridEditBinary.run(["sudoku", "import", "mixed.txt", "-o", "pack"], in: scratch.url)
        #expect(run.status == 1 && run.lines == ["wrote pack/sudoku-001.json", "listed sudoku-001.json in pack/pack.json (a new pack; give it a title and description)"])
        #expect(run.stderr.contains("mixed.txt:2: the SudokuPad link's f-puzzles data does not decompress"))
        #expect(run.stderr.contains("mixed.txt:3: the link's host is \"example.org\""))
    }
}
