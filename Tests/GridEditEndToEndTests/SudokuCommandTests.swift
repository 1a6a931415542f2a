import Foundation
import GridEditTestSupport
import Testing

/// The givens of a Sudoku file as one line, read with Foundation (not with gridedit).
private func givensLine(of file: URL) throws -> String {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    let rows = try #require(object["givens"] as? [String])
    return rows.joined()
}

/// The shipped Sudoku puzzle files of a pack, in sorted order.
private func puzzleFiles(in pack: String) -> [URL] {
    let folder = Repository.puzzles.appendingPathComponent(pack)
    return jsonFiles(under: folder).filter { $0 != "pack.json" }.map { folder.appendingPathComponent($0) }
}

@Suite("gridedit sudoku")
struct SudokuCommandTests {
    @Test("export prints one 81-cell line per puzzle, in file order")
    func export() throws {
        let files = puzzleFiles(in: "sudoku-9x9")
        #expect(files.count > 1)
        let output = try GridEditBinary.run(["sudoku", "export", "puzzles/sudoku-9x9"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.lines == (try files.map(givensLine)))
        for line in output.lines {
            #expect(line.count == 81)
            #expect(line.allSatisfy { "123456789.".contains($0) }, "\(line)")
        }
    }

    @Test("export skips tangrams and reports files that do not load")
    func exportWithBrokenFile() throws {
        let copy = try PlantedPuzzles([.replace("sudoku-4x4/mini-02.json", "\"size\": 4", "\"size\": \"4\"")])
        let output = try GridEditBinary.run(["sudoku", "export", copy.folder.path])
        #expect(output.status == 1)
        let path = copy.path("sudoku-4x4/mini-02.json")
        #expect(output.errorLines == ["\(path): does not load; run `gridedit check \(path)`"])
        let expected = try ["sudoku-4x4", "sudoku-6x6", "sudoku-9x9"]
            .flatMap { pack in try puzzleFiles(in: pack).filter { $0.lastPathComponent != "mini-02.json" }.map(givensLine) }
        #expect(output.lines == expected)
    }

    @Test("import writes files that check accepts and that export back to the same lines")
    func importRoundTrip() throws {
        let exported = try GridEditBinary.run(["sudoku", "export", "puzzles/sudoku-9x9"])
        try #require(exported.status == 0)
        let scratch = try TemporaryFolder()
        let folder = scratch.file("imported").path

        let imported = try GridEditBinary.run(["sudoku", "import", "-", "-o", folder, "--prefix", "imp"],
                                              input: exported.stdout)
        #expect(imported.status == 0)
        #expect(imported.stderr == "")
        #expect(imported.lines.dropLast() == exported.lines.indices.map { "wrote \(folder)/imp-\(String(format: "%03d", $0 + 1)).json" })
        #expect(imported.lines.last?.hasPrefix("listed imp-001.json") == true, "then the new files join the folder's pack.json")

        let first = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: scratch.file("imported/imp-001.json"))) as? [String: Any])
        #expect(first["kind"] as? String == "sudoku")
        #expect(first["id"] as? String == "imp-001")
        #expect(first["size"] as? Int == 9)
        #expect((first["givens"] as? [String])?.joined() == exported.lines.first)
        // Without --difficulty each puzzle records its graded tier: the shipped files' own
        // difficulties (which check agrees with), and no difficulty-mismatch warning.
        var recorded = Set<String>()
        let shipped = try FileManager.default.contentsOfDirectory(atPath: "\(GridEditBinary.repositoryRoot.path)/puzzles/sudoku-9x9")
            .filter { $0 != "pack.json" }.sorted()
        for (index, name) in shipped.enumerated() {
            let original = try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.puzzles.appendingPathComponent("sudoku-9x9/\(name)"))) as? [String: Any]
            let copy = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.file("imported/imp-\(String(format: "%03d", index + 1)).json"))) as? [String: Any]
            #expect(copy?["difficulty"] as? String == original?["difficulty"] as? String, "\(name)")
            recorded.insert(copy?["difficulty"] as? String ?? "")
        }
        #expect(recorded.count > 1, "the shipped 9×9 puzzles are of several tiers: \(recorded)")

        let checked = try GridEditBinary.run(["check", folder])
        #expect(checked.status == 0)
        #expect(checked.lines == ["\(exported.lines.count + 1) passed, 0 failed"], "the puzzles and the pack.json the import made")

        let again = try GridEditBinary.run(["sudoku", "export", folder])
        #expect(again.status == 0)
        #expect(again.stdout == exported.stdout)
    }

    @Test("import takes a file, . or 0 for empty cells, blank lines and # comments")
    func importFromFile() throws {
        let scratch = try TemporaryFolder()
        try scratch.write("# two small ones\n\n1.3.0.2..1..4...\n  ..2.........3.1.  \n", to: "lines.txt")
        let output = try GridEditBinary.run(["sudoku", "import", "lines.txt", "-o", "out", "--prefix", "small",
                                             "--difficulty", "easy"], in: scratch.url)
        #expect(output.status == 0)
        #expect(output.lines == ["wrote out/small-001.json", "wrote out/small-002.json",
                                 "listed small-001.json, small-002.json in out/pack.json (a new pack; give it a title and description)"])
        let exported = try GridEditBinary.run(["sudoku", "export", "out"], in: scratch.url)
        #expect(exported.lines == ["1.3...2..1..4...", "..2.........3.1."])
        let second = try scratch.read("out/small-002.json")
        #expect(second.contains("\"difficulty\": \"easy\""))
    }

    @Test("a bad line is reported with its line number: exit 1", arguments: [
        ("12x4............", "character 3 is \"x\""),
        ("1234", "a line must have 16, 36 or 81 cells (4×4, 6×6, 9×9); this one has 4"),
        ("5...............", "character 1 is \"5\""),
    ])
    func badLine(line: String, message: String) throws {
        let scratch = try TemporaryFolder()
        let good = try givensLine(of: try #require(puzzleFiles(in: "sudoku-4x4").first))
        let output = try GridEditBinary.run(["sudoku", "import", "-", "-o", scratch.file("out").path],
                                            input: "\(good)\n\(line)\n")
        #expect(output.status == 1)
        #expect(output.errorLines.count == 1)
        #expect(output.errorLines.first?.hasPrefix("-:2: \(message)") == true, "\(output.stderr)")
    }

    @Test("import refuses a bad prefix or difficulty: exit 64", arguments: [
        ["--prefix", "Bad_Prefix"],
        ["--difficulty", "extreme"],
    ])
    func importUsage(options: [String]) throws {
        let scratch = try TemporaryFolder()
        let output = try GridEditBinary.run(["sudoku", "import", "-", "-o", scratch.file("out").path] + options,
                                            input: "1.3.0.2..1..4...\n")
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix("Error: "))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out").path))
    }

    // MARK: Line endings and order

    @Test("import reads files with Windows line endings")
    func importCRLF() throws {
        let exported = try GridEditBinary.run(["sudoku", "export", "puzzles/sudoku-9x9"])
        let scratch = try TemporaryFolder()
        let output = try GridEditBinary.run(["sudoku", "import", "-", "-o", scratch.file("out").path],
                                            input: exported.lines.map { $0 + "\r\n" }.joined())
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.lines.count == exported.lines.count + 1, "a line a file, and one for pack.json")
    }

    @Test("ten or more imported puzzles export back in the order they came in")
    func importOrderBeyondNine() throws {
        let exported = try GridEditBinary.run(["sudoku", "export", "puzzles"])
        try #require(exported.lines.count >= 10)
        let scratch = try TemporaryFolder()
        let folder = scratch.file("out").path
        let imported = try GridEditBinary.run(["sudoku", "import", "-", "-o", folder], input: exported.stdout)
        #expect(imported.status == 0)
        let again = try GridEditBinary.run(["sudoku", "export", folder])
        #expect(again.lines.sorted() == exported.lines.sorted())
        #expect(again.lines == exported.lines)
    }
}
