import Foundation
import GridEditCore
import GridEditRender
import GridEditTestSupport
import Testing

@Suite("The render/ gallery")
struct GalleryTests {
    static let root = GridEditBinary.repositoryRoot

    static func shippedFiles() throws -> [Gallery.File] {
        let renderer = try Renderer(style: Style.load(root.appendingPathComponent("templates/style.jsonc").path))
        return try Gallery.files(PuzzleCollection.load([root.appendingPathComponent("puzzles").path]), renderer: renderer)
    }

    @Test("render/ is up to date with puzzles/ and templates/style.jsonc")
    func upToDate() throws {
        let differences = Gallery.differences(try Self.shippedFiles(), folder: Self.root.appendingPathComponent("render").path)
        #expect(differences.isEmpty, """
            render/ is stale (\(differences.count) files: \(differences.prefix(8).joined(separator: ", "))\(differences.count > 8 ? ", …" : "")); \
            regenerate it from the repository root with `swift run gridedit render puzzles/ --gallery render/`
            """)
    }

    @Test("the gallery has a card, a preview and a solution for every shipped puzzle, and a booklet per pack")
    func contents() throws {
        let files = try Self.shippedFiles().map(\.path)
        let collection = try PuzzleCollection.load([Self.root.appendingPathComponent("puzzles").path])
        #expect(collection.entries.count >= 33)
        for entry in collection.entries {
            let base = "\(entry.pack!.id)/\(entry.document.puzzle.id)"
            for name in ["\(base)-card.png", "\(base).png", "\(base)-solution.png"] { #expect(files.contains(name)) }
        }
        for group in collection.groups { #expect(files.contains("\(group.manifest!.id)/\(group.manifest!.id)-sheets.pdf")) }
        #expect(files.contains("README.md"))
        #expect(files.count == collection.entries.count * 3 + collection.groups.count + 1)
    }

    @Test("a stale folder is detected file by file, and writing brings it up to date without touching other files")
    func staleness() throws {
        let folder = try TemporaryFolder()
        let collection = try PuzzleCollection.load([Fixtures.puzzles.path])
        let files = try Gallery.files(collection, renderer: Fixtures.renderer)
        #expect(Gallery.differences(files, folder: folder.path).count == files.count)
        try Gallery.write(files, to: folder.path)
        #expect(Gallery.differences(files, folder: folder.path) == [])
        #expect(try Gallery.write(files, to: folder.path) == [], "an up-to-date folder is left alone")

        let preview = try #require(files.first { $0.path.hasSuffix("/cat.png") }).path
        let card = try #require(files.first { $0.path.hasSuffix("-card.png") }).path
        try Data("changed".utf8).write(to: folder.file(preview))
        try FileManager.default.removeItem(at: folder.file(card))
        try Data().write(to: folder.file("puzzles/old-puzzle.png"))
        try folder.write("mine", to: "puzzles/notes.txt")
        #expect(Set(Gallery.differences(files, folder: folder.path)) == [
            "out of date: \(preview)", "missing: \(card)", "stale: puzzles/old-puzzle.png",
        ])
        #expect(Set(try Gallery.write(files, to: folder.path)) == [preview, card, "puzzles/old-puzzle.png"])
        #expect(Gallery.differences(files, folder: folder.path) == [])
        #expect(try folder.read("puzzles/notes.txt") == "mine", "files the gallery does not own are kept")
    }
}
