import Foundation
import GridEditCheck
import GridEditCore
import GridEditTestSupport
import Testing

/// Saving never loses a designer's work: atomic writes, and no silent overwrite of a file
/// that changed on disk since it was loaded.
@Suite struct StoreTests {
    func copiedPuzzles() throws -> (TemporaryFolder, PuzzleStore) {
        let folder = try TemporaryFolder(copying: GridEditBinary.repositoryRoot.appendingPathComponent("puzzles"))
        return (folder, PuzzleStore(root: folder.path))
    }

    /// The editor's own opens (the REPL, `serve`) never block on a FIFO or read past the size
    /// limit: such a path is refused unopened, and a link to a regular file is followed.
    @Test func loadRefusesWhatIsNotARegularFileOfBoundedSize() throws {
        let (folder, store) = try copiedPuzzles()
        let fifo = folder.file("pipe.json").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: PuzzleStore.StoreError.refused(path: fifo, refusal: .notRegular(.fifo))) { try store.load(fifo) }
        let big = folder.file("big.json")
        try Data(repeating: 0x20, count: FileAccessPolicy.defaultMaxFileSize + 10).write(to: big)
        #expect(throws: PuzzleStore.StoreError.self) { try store.load(big.path) }
        let link = folder.file("cat-link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.file("tangram-starter/cat.json").path)
        #expect(try store.load(link).document.puzzle.name == store.load(folder.file("tangram-starter/cat.json").path).document.puzzle.name)
    }

    @Test func listsPacksInFolderOrderWithTheirPuzzles() throws {
        let (folder, store) = try copiedPuzzles()
        let packs = store.listPacks()
        #expect(packs.map(\.manifest.id) == ["sudoku-4x4", "sudoku-6x6", "sudoku-9x9", "tangram-starter"])
        let tangram = try #require(packs.last)
        let paths = try store.puzzlePaths(in: tangram)
        #expect(paths.count == tangram.manifest.puzzles.count)
        #expect(paths.allSatisfy { $0.hasPrefix(folder.path + "/tangram-starter/") })
        #expect(try store.load(paths[0]).document.kindName == "tangram")
    }

    @Test func saveRefusesAFileChangedOnDiskUnlessForced() throws {
        let (folder, store) = try copiedPuzzles()
        let path = folder.file("tangram-starter/cat.json").path
        var loaded = try store.load(path)
        loaded.document.puzzle.metadata.name = "Sleepy Cat"

        // Someone else edits the file meanwhile.
        let original = try folder.read("tangram-starter/cat.json")
        let theirs = original.replacingOccurrences(of: "\"name\": \"", with: "\"name\": \"Their ")
        try #require(theirs != original)
        try folder.write(theirs, to: "tangram-starter/cat.json")

        #expect(throws: PuzzleStore.StoreError.changedOnDisk(path: path)) {
            try store.save(loaded.document, to: path, expected: loaded.fingerprint)
        }
        #expect(try folder.read("tangram-starter/cat.json") == theirs, "their change must survive the refused save")

        try store.save(loaded.document, to: path, expected: loaded.fingerprint, force: true)
        #expect(try store.load(path).document.puzzle.name == "Sleepy Cat")
    }

    @Test func saveAfterSaveNeedsNoForceAndLeavesNoTemporaryFiles() throws {
        let (folder, store) = try copiedPuzzles()
        let path = folder.file("sudoku-4x4/mini-01.json").path
        var loaded = try store.load(path)
        loaded.document.puzzle.metadata.name = "First"
        loaded = try store.save(loaded.document, to: path, expected: loaded.fingerprint)
        loaded.document.puzzle.metadata.name = "Second"
        try store.save(loaded.document, to: path, expected: loaded.fingerprint)
        #expect(try store.load(path).document.puzzle.name == "Second")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.file("sudoku-4x4").path)
            .filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func failedSaveKeepsTheOldFile() throws {
        let (folder, store) = try copiedPuzzles()
        let path = folder.file("sudoku-4x4/mini-01.json").path
        let before = try folder.read("sudoku-4x4/mini-01.json")
        let loaded = try store.load(path)
        // A folder that does not exist: the temporary file cannot be created.
        #expect(throws: PuzzleStore.StoreError.self) {
            try store.save(loaded.document, to: folder.file("no-such-folder/x.json").path)
        }
        #expect(try folder.read("sudoku-4x4/mini-01.json") == before)
    }

    @Test func deleteRemovesTheFileAndItsManifestEntry() throws {
        let (folder, store) = try copiedPuzzles()
        try store.delete(folder.file("sudoku-4x4/mini-03.json").path)
        #expect(!FileManager.default.fileExists(atPath: folder.file("sudoku-4x4/mini-03.json").path))
        let pack = try store.loadPack(folder: folder.file("sudoku-4x4").path)
        #expect(!pack.manifest.puzzles.contains("mini-03.json"))
        #expect(pack.manifest.puzzles.count == 5)
        #expect(Checker().check([folder.file("sudoku-4x4").path]).failed == 0)
    }

    @Test(arguments: ["../x.json", "/etc/passwd", "a/../../x.json", "..", "", "a\\b.json", "a\u{0}b.json", "./..", ".", "//x.json"])
    func manifestPathsThatLeaveThePackAreRefused(entry: String) throws {
        #expect(PackManifest.containedPath(entry) == nil)
        let (folder, store) = try copiedPuzzles()
        var pack = try store.loadPack(folder: folder.file("sudoku-4x4").path)
        pack.manifest.puzzles.append(entry)
        try store.save(pack.manifest, folder: pack.folder)
        let reloaded = try store.loadPack(folder: pack.folder)
        #expect(throws: PuzzleStore.StoreError.self) { try store.puzzlePaths(in: reloaded) }
    }

    @Test(arguments: [("a/./b.json", "a/b.json"), ("sub/../x.json", "x.json"), ("x.json", "x.json"), ("./x.json", "x.json"),
                      ("a//b.json", "a/b.json"), ("x.json/", "x.json"), (".hidden.json", ".hidden.json"), ("a..b.json", "a..b.json"),
                      ("émoji-☃.json", "émoji-☃.json")])
    func manifestPathsInsideThePackAreNormalised(entry: String, expected: String) {
        #expect(PackManifest.containedPath(entry) == expected)
    }
}
