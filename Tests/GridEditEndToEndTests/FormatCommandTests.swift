import Foundation
import GridEditTestSupport
import Testing

/// Ways a designer's editor might have re-laid out a file without changing its content.
enum Relayout: String, CaseIterable, Sendable {
    /// Everything on one line: each line's indentation dropped, lines joined.
    case oneLine
    /// Foundation's pretty printer with keys sorted: other indentation, other key order.
    case sortedKeys

    func apply(to text: String) throws -> String {
        switch self {
        case .oneLine:
            return text.split(separator: "\n").map { $0.drop { $0 == " " } }.joined()
        case .sortedKeys:
            let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
            let data = try JSONSerialization.data(withJSONObject: value,
                                                  options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self)
        }
    }
}

@Suite("gridedit format")
struct FormatCommandTests {
    @Test("the shipped folders are canonical", arguments: ["puzzles", "templates"])
    func shippedFilesAreCanonical(folder: String) throws {
        let output = try GridEditBinary.run(["format", "--check", folder])
        #expect(output.status == 0)
        #expect(output.stdout == "")
        #expect(output.stderr == "")
    }

    @Test("a re-laid-out file is found, then rewritten to the shipped bytes",
          arguments: ["tangram-starter/cat.json", "tangram-starter/hexagon.json", "sudoku-9x9/classic-01.json",
                      "sudoku-6x6/six-01.json", "tangram-starter/pack.json"],
          Relayout.allCases)
    func canonicalRoundTrip(file: String, relayout: Relayout) throws {
        let copy = try PlantedPuzzles()
        let shipped = try copy.text(file)
        let edited = try relayout.apply(to: shipped)
        #expect(edited != shipped)
        try copy.folder.write(edited, to: file)
        let path = copy.path(file)

        // --check names the file, exits 1 and changes nothing.
        let checked = try GridEditBinary.run(["format", "--check", copy.folder.path])
        #expect(checked.status == 1)
        #expect(checked.lines == ["\(path): not in canonical form; run `gridedit format \(path)`"])
        #expect(try copy.text(file) == edited)

        // format rewrites it, byte for byte as shipped.
        let formatted = try GridEditBinary.run(["format", path])
        #expect(formatted.status == 0)
        #expect(formatted.lines == ["formatted \(path)"])
        #expect(try Data(contentsOf: copy.folder.file(file))
                    == Data(contentsOf: Repository.puzzles.appendingPathComponent(file)))

        // Now the whole copy is canonical again, and formatting it again changes nothing.
        let again = try GridEditBinary.run(["format", "--check", copy.folder.path])
        #expect(again.status == 0)
        #expect(again.stdout == "")
        let idle = try GridEditBinary.run(["format", copy.folder.path])
        #expect(idle.status == 0)
        #expect(idle.stdout == "")
    }

    @Test("a file that does not load is left untouched: exit 2")
    func brokenFileIsLeftAlone() throws {
        let broken = "tangram-starter/cat.json", relaid = "sudoku-9x9/classic-01.json"
        let copy = try PlantedPuzzles([
            .replace(broken, "\"rotation\": 135}\n  ]", "\"rotation\": 135},\n  ]"),
            .transform(relaid) { try Relayout.oneLine.apply(to: $0) },
        ])
        let brokenBytes = try Data(contentsOf: copy.folder.file(broken))

        let single = try GridEditBinary.run(["format", copy.path(broken)])
        #expect(single.status == 2)
        #expect(single.lines == ["\(copy.path(broken)): not formatted: it does not load; run `gridedit check \(copy.path(broken))`"])
        #expect(try Data(contentsOf: copy.folder.file(broken)) == brokenBytes)

        // In a folder, the other files are still formatted.
        let folder = try GridEditBinary.run(["format", copy.folder.path])
        #expect(folder.status == 2)
        #expect(folder.lines == [
            "formatted \(copy.path(relaid))",
            "\(copy.path(broken)): not formatted: it does not load; run `gridedit check \(copy.path(broken))`",
        ])
        #expect(try Data(contentsOf: copy.folder.file(broken)) == brokenBytes)
        #expect(try Data(contentsOf: copy.folder.file(relaid))
                    == Data(contentsOf: Repository.puzzles.appendingPathComponent(relaid)))
    }

    @Test("a missing path: exit 2")
    func missingPath() throws {
        let output = try GridEditBinary.run(["format", "--check", "no-such-folder"])
        #expect(output.status == 2)
        #expect(output.lines == ["no-such-folder: no such file or folder"])
    }
}
