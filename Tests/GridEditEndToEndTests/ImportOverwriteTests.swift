import Foundation
import GridEditTestSupport
import Testing

/// Issue 18: `sudoku import` never silently replaces a designer's puzzle files.
@Suite struct ImportOverwriteTests {
    static let lines = "4.3...2.1..3..2.\n1..2..3..4..3..1\n"

    @Test("import twice: the second run refuses and changes nothing; --force overwrites; --dry-run writes nothing")
    func importTwice() throws {
        let scratch = try TemporaryFolder()
        try scratch.write(Self.lines, to: "lines.txt")
        let first = try GridEditBinary.run(["sudoku", "import", "lines.txt", "-o", "pack"], in: scratch.url)
        #expect(first.status == 0 && first.lines == ["wrote pack/sudoku-001.json", "wrote pack/sudoku-002.json",
                                                  "listed sudoku-001.json, sudoku-002.json in pack/pack.json (a new pack; give it a title and description)"])

        // A designer edits one of them.
        let edited = try scratch.read("pack/sudoku-001.json").replacingOccurrences(of: "\"Sudoku 1\"", with: "\"Tiny Garden\"")
        try scratch.write(edited, to: "pack/sudoku-001.json")
        let before = try FileManager.default.contentsOfDirectory(atPath: scratch.file("pack").path).sorted()

        let second = try GridEditBinary.run(["sudoku", "import", "lines.txt", "-o", "pack"], in: scratch.url)
        #expect(second.status == 1)
        #expect(second.stdout.isEmpty)
        #expect(second.stderr.contains("2 puzzle files already exist in pack") && second.stderr.contains("nothing was written")
                && second.stderr.contains("--force"))
        #expect(second.errorLines.contains("  pack/sudoku-001.json") && second.errorLines.contains("  pack/sudoku-002.json"))
        #expect(try scratch.read("pack/sudoku-001.json") == edited)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("pack").path).sorted() == before)

        let dry = try GridEditBinary.run(["sudoku", "import", "lines.txt", "-o", "pack", "--dry-run", "--force"], in: scratch.url)
        #expect(dry.status == 0 && dry.lines == ["would overwrite pack/sudoku-001.json", "would overwrite pack/sudoku-002.json"])
        #expect(try scratch.read("pack/sudoku-001.json") == edited)
        let dryNew = try GridEditBinary.run(["sudoku", "import", "lines.txt", "-o", "fresh", "--dry-run"], in: scratch.url)
        #expect(dryNew.status == 0 && dryNew.lines == ["would write fresh/sudoku-001.json", "would write fresh/sudoku-002.json"])
        #expect(!FileManager.default.fileExists(atPath: scratch.file("fresh").path), "--dry-run made the folder")

        let forced = try GridEditBinary.run(["sudoku", "import", "lines.txt", "-o", "pack", "--force"], in: scratch.url)
        #expect(forced.status == 0 && forced.lines == ["wrote pack/sudoku-001.json", "wrote pack/sudoku-002.json"])
        #expect(try scratch.read("pack/sudoku-001.json").contains("\"Sudoku 1\""))
    }

    @Test("--force never writes through a link that leaves the folder")
    func forceKeepsInsideTheFolder() throws {
        let scratch = try TemporaryFolder()
        try scratch.write(Self.lines, to: "lines.txt")
        try scratch.write("keep me\n", to: "elsewhere/precious.txt")
        try FileManager.default.createDirectory(at: scratch.file("pack"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.file("pack/sudoku-001.json").path,
                                                   withDestinationPath: scratch.file("elsewhere/precious.txt").path)
        let run = try GridEditBinary.run(["sudoku", "import", "lines.txt", "-o", "pack", "--force"], in: scratch.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("pack/sudoku-001.json: error: [file.outside-root]"))
        #expect(try scratch.read("elsewhere/precious.txt") == "keep me\n")
        #expect(run.lines == ["wrote pack/sudoku-002.json", "listed sudoku-002.json in pack/pack.json (a new pack; give it a title and description)"])
    }
}
