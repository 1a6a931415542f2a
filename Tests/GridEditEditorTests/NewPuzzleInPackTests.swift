import Foundation
import GridEditCore
import GridEditEditor
import GridEditLayout
import GridEditTestSupport
import Testing

/// Issue 32: a new tangram can start empty, `remove all` / `clear` empty the board in one edit, and
/// a puzzle made by `new` joins its folder's pack.json when first saved (so `check` stays clean).
@Suite("New puzzles: an empty board, clearing it, joining the pack")
struct NewPuzzleInPackTests {
    static func manifest(_ path: String) throws -> PackManifest {
        guard case .success(let bytes) = FileSystem.read(path),
              case .pack(let manifest)? = DocumentLoader.load(bytes, isManifest: true).document else {
            throw EditError("\(path) does not load")
        }
        return manifest
    }

    @Test("`new tangram --empty` has every piece unplaced; `remove all` and `clear` take every unpinned piece off in one undoable edit")
    func emptyBoardAndClear() async throws {
        let console = CapturingConsole()
        let service = makeService()
        let interpreter = CommandInterpreter(service: service, console: console)
        #expect(await interpreter.execute("new tangram --empty") == .ok)
        #expect(service.active!.solution.isEmpty, "an empty board")
        #expect(await interpreter.execute("place square 1 1") == .ok)
        #expect(service.active!.solution.map(\.piece) == [.square])

        #expect(await interpreter.execute("new tangram") == .ok)
        #expect(service.active!.solution.count == 7)
        #expect(await interpreter.execute("pin large-1") == .ok)
        #expect(await interpreter.execute("remove all") == .ok)
        #expect(service.active!.solution.map(\.piece) == [.large1], "the pinned piece stays")
        #expect(console.text.contains("kept (pinned): large-1"))
        #expect(await interpreter.execute("undo") == .ok)
        #expect(service.active!.solution.count == 7, "one edit: one undo brings all six back")
        #expect(await interpreter.execute("unpin all") == .ok)
        #expect(await interpreter.execute("clear") == .ok)
        #expect(service.active!.solution.isEmpty)
        #expect(await interpreter.execute("clear") == .failed("the solution is already empty"))
    }

    @Test("A new puzzle saved into a pack folder is listed in its pack.json by difficulty; into a folder without one, pack.json is made; check is clean")
    func newPuzzleJoinsPack() async throws {
        let folder = try TemporaryFolder()
        let pack = folder.file("tangram-starter").path
        try FileManager.default.copyItem(atPath: Files.path("puzzles/tangram-starter"), toPath: pack)
        let before = try Self.manifest(pack + "/pack.json").puzzles

        let console = CapturingConsole()
        let interpreter = CommandInterpreter(service: makeService(), console: console)
        // An easy one (the template's difficulty): it goes before the first harder puzzle.
        #expect(await interpreter.execute("new tangram \(pack)/boat.json") == .ok)
        #expect(await interpreter.execute("save") == .ok)
        let after = try Self.manifest(pack + "/pack.json").puzzles
        #expect(Set(after) == Set(before + ["boat.json"]) && after.count == before.count + 1)
        #expect(console.text.contains("listed boat.json in \(pack)/pack.json"))
        let levels = after.map { name -> Difficulty in
            guard case .success(let bytes) = FileSystem.read(pack + "/" + name),
                  case .puzzle(let document)? = DocumentLoader.load(bytes, isManifest: false).document else { return .expert }
            return document.puzzle.metadata.difficulty
        }
        #expect(levels == levels.sorted(), "the pack still goes from easy to hard: \(after)")
        // Saving again changes nothing in the manifest.
        #expect(await interpreter.execute("nudge square right") == .ok)
        #expect(await interpreter.execute("save") == .ok)
        #expect(try Self.manifest(pack + "/pack.json").puzzles == after)

        // A folder without a pack.json gets one.
        let fresh = folder.file("spring-figures").path
        try FileManager.default.createDirectory(atPath: fresh, withIntermediateDirectories: true)
        #expect(await interpreter.execute("new tangram \(fresh)/first.json") == .ok)
        #expect(await interpreter.execute("save") == .ok)
        let made = try Self.manifest(fresh + "/pack.json")
        #expect(made.puzzles == ["first.json"] && made.id == "spring-figures" && made.title == "Spring Figures")

        let check = try GridEditBinary.run(["check", "tangram-starter", "spring-figures"], in: folder.url)
        #expect(!check.stdout.contains("pack.unlisted-file"), "\(check.stdout)")
        #expect(!check.stdout.contains("pack.missing-file"), "\(check.stdout)")
    }
}
