import Foundation
import GridEditTestSupport
import Testing

/// `gridedit render` as a user runs it: files written, exit status, messages, and nothing written
/// when anything is wrong.
@Suite("gridedit render")
struct RenderCommandTests {
    static let cat = "puzzles/tangram-starter/cat.json"
    static let classic = "puzzles/sudoku-9x9/classic-01.json"

    func bytes(_ url: URL) -> [UInt8] { (try? [UInt8](Data(contentsOf: url))) ?? [] }

    /// Width and height from a PNG's IHDR chunk.
    func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    func files(in folder: URL) -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        return (walker?.allObjects as? [String] ?? []).filter {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path, isDirectory: &isFolder)
            return !isFolder.boolValue
        }.sorted()
    }

    @Test("--solution of a Sudoku without a stored solution warns, naming the file, and draws the givens")
    func solutionShortfall() throws {
        let out = try TemporaryFolder()
        let source = GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/sudoku-4x4/mini-01.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
        #expect(object.removeValue(forKey: "solution") != nil)
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: out.file("bare.json"))
        let run = try GridEditBinary.run(["render", out.file("bare.json").path, "--solution", "-o", out.file("bare.png").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("\(out.file("bare.json").path): warning: no stored solution; drawn with the givens only"), "\(run.stderr)")
        #expect(pngSize(bytes(out.file("bare.png"))) != nil)
        let shipped = try GridEditBinary.run(["render", "puzzles/sudoku-4x4/mini-01.json", "--solution", "-o", out.file("mini.png").path])
        #expect(shipped.status == 0 && !shipped.stderr.contains("warning"), "\(shipped.stderr)")
    }

    @Test("a preview PNG at the style's size, a card PNG at --size, the path printed")
    func previewAndCard() throws {
        let out = try TemporaryFolder()
        let preview = try GridEditBinary.run(["render", Self.cat, "-o", out.file("cat.png").path])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.lines == [out.file("cat.png").path])
        #expect(pngSize(bytes(out.file("cat.png"))).map { [$0.0, $0.1] } == [512, 512])
        let card = try GridEditBinary.run(["render", Self.classic, "--card", "--size", "300", "-o", out.file("c.png").path])
        #expect(card.status == 0, "\(card.stderr)")
        #expect(pngSize(bytes(out.file("c.png"))).map { [$0.0, $0.1] } == [300, 419])
    }

    @Test("the same command in two processes writes the same bytes", arguments: ["png", "svg", "pdf"])
    func deterministic(_ format: String) throws {
        let out = try TemporaryFolder()
        for name in ["a", "b"] {
            let run = try GridEditBinary.run(["render", Self.cat, "--card", "--solution", "-o", out.file("\(name).\(format)").path])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let a = bytes(out.file("a.\(format)"))
        #expect(!a.isEmpty)
        #expect(a == bytes(out.file("b.\(format)")))
    }

    @Test("a card PDF has the printed card's size; a sheet has a page per 2×2 puzzles, then the solutions")
    func pdfs() throws {
        let out = try TemporaryFolder()
        #expect(try GridEditBinary.run(["render", Self.cat, "--card", "-o", out.file("card.pdf").path]).status == 0)
        let card = String(decoding: bytes(out.file("card.pdf")), as: UTF8.self)
        #expect(card.contains("/MediaBox [ 0 0 178.582677 249.448819 ]"), "63 × 88 mm")
        let sheet = try GridEditBinary.run(["render", "puzzles/sudoku-4x4", "--sheet", "2x2", "--solution", "-o", out.file("s.pdf").path])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        let pdf = String(decoding: bytes(out.file("s.pdf")), as: UTF8.self)
        // 6 puzzles at 4 per page: 2 pages, and 2 of solutions.
        #expect(pdf.contains("/Count 4"))
    }

    @Test("several puzzles go to OUT/<pack>/<id>[-card][-solution].<ext>, in a folder created for them")
    func folderOutput() throws {
        let out = try TemporaryFolder()
        let target = out.file("new/cards").path
        let run = try GridEditBinary.run(["render", "puzzles/sudoku-4x4", Self.cat, "--card", "--solution", "--format", "svg", "-o", target])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(files(in: out.file("new/cards")) == (1...6).map { "sudoku-4x4/mini-0\($0)-card-solution.svg" }
            + ["tangram-starter/cat-card-solution.svg"])
        #expect(run.lines.count == 7)
    }

    @Test("one pack's booklet goes to the file named; several packs' to OUT/<pack>.pdf")
    func sheets() throws {
        let out = try TemporaryFolder()
        #expect(try GridEditBinary.run(["render", "puzzles/sudoku-6x6/pack.json", "--sheet", "1x1", "-o", out.file("six.pdf").path]).status == 0)
        #expect(bytes(out.file("six.pdf")).starts(with: Array("%PDF".utf8)))
        let run = try GridEditBinary.run(["render", "puzzles/", "--sheet", "3x3", "-o", out.file("all").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(files(in: out.file("all")) == ["sudoku-4x4.pdf", "sudoku-6x6.pdf", "sudoku-9x9.pdf", "tangram-starter.pdf"])
    }

    @Test("bad usage exits 64 and writes nothing", arguments: [
        (["--format", "gif"], "gif"),
        (["--format", "pdf"], "ends in .png but the format asked for is pdf"),
        (["--sheet", "2"], "--sheet takes COLSxROWS"),
        (["--sheet", "2x3", "--card"], "choose one"),
        (["--size", "5"], "--size must be"),
    ])
    func usage(_ options: [String], _ message: String) throws {
        let out = try TemporaryFolder()
        let run = try GridEditBinary.run(["render", Self.cat, "-o", out.file("x.png").path] + options)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(files(in: out.url) == [])
    }

    @Test("an output name with no known extension and no --format is refused")
    func unknownExtension() throws {
        let out = try TemporaryFolder()
        let run = try GridEditBinary.run(["render", Self.cat, "-o", out.file("cat.gif").path])
        #expect(run.status == 64)
        #expect(run.stderr.contains("cat.gif: cannot tell the format"))
        #expect(files(in: out.url) == [])
    }

    @Test("a puzzle that fails check is refused with check's findings: exit 1, nothing written")
    func failsCheck() throws {
        // The parallelogram laid over the square.
        let planted = try PlantedPuzzles([.replace("tangram-starter/cat.json", "\"x\": 3, \"y\": 1.5, \"rotation\": 135",
                                                   "\"x\": \"3+2√2\", \"y\": \"1.5+2√2\", \"rotation\": 45")])
        let out = try TemporaryFolder()
        let run = try GridEditBinary.run(["render", planted.path("tangram-starter"), "--card", "-o", out.file("cards").path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("\(planted.path("tangram-starter/cat.json")):20:5: error: [tangram.overlap] pieces[6]: parallelogram overlaps square"),
                "\(run.stderr)")
        #expect(run.stderr.contains("nothing was written"))
        #expect(files(in: out.url) == [])
    }

    @Test("a missing font is named: exit 2, nothing written")
    func missingFont() throws {
        let out = try TemporaryFolder()
        let style = try Repository.text("templates/style.jsonc")
            .replacingOccurrences(of: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", with: "/nowhere/Bold.ttf")
        try out.write(style, to: "style.jsonc")
        let run = try GridEditBinary.run(["render", Self.cat, "--style", out.file("style.jsonc").path, "-o", out.file("cat.png").path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("/nowhere/Bold.ttf: cannot load the font: no such file"), "\(run.stderr)")
        #expect(files(in: out.url) == ["style.jsonc"])
    }

    @Test("a broken style file is reported at its line and column: exit 2")
    func brokenStyle() throws {
        let out = try TemporaryFolder()
        let style = try Repository.text("templates/style.jsonc").replacingOccurrences(of: "\"#FFB930\"", with: "\"gold\"")
        try out.write(style, to: "style.jsonc")
        let run = try GridEditBinary.run(["render", Self.cat, "--style", out.file("style.jsonc").path, "-o", out.file("cat.png").path])
        #expect(run.status == 2)
        let line = style.components(separatedBy: "\n").firstIndex { $0.contains("\"gold\"") }! + 1
        #expect(run.stderr.contains("style.jsonc:\(line):"), "\(run.stderr)")
        #expect(run.stderr.contains("error: [schema.value] colors.starOn: \"gold\" is not a colour"))
        #expect(files(in: out.url) == ["style.jsonc"])
    }

    @Test("an unwritable output path is named: exit 2, no partial or temporary file left")
    func unwritable() throws {
        let out = try TemporaryFolder()
        try out.write("a file", to: "blocker")
        for target in [out.file("blocker/cat.png").path, "/proc/gridedit-render-test/cat.png"] {
            let run = try GridEditBinary.run(["render", Self.cat, "-o", target])
            #expect(run.status == 2)
            #expect(run.stderr.contains(FileManager.default.fileExists(atPath: out.file("blocker").path) && target.contains("blocker")
                                        ? out.file("blocker").path : "/proc/gridedit-render-test"), "\(run.stderr)")
        }
        #expect(files(in: out.url) == ["blocker"])
    }

    @Test("missing folders on the way to the output are created")
    func createsFolders() throws {
        let out = try TemporaryFolder()
        let run = try GridEditBinary.run(["render", Self.cat, "-o", out.file("a/b/cat.svg").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(files(in: out.url) == ["a/b/cat.svg"])
    }

    @Test("a missing input exits 2")
    func missingInput() throws {
        let out = try TemporaryFolder()
        let run = try GridEditBinary.run(["render", "puzzles/nope.json", "-o", out.file("x.png").path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("puzzles/nope.json"))
        #expect(files(in: out.url) == [])
    }

    @Test("the repository's render/ gallery is up to date (--check)")
    func galleryCheck() throws {
        let run = try GridEditBinary.run(["render", "puzzles/", "--gallery", "render/", "--check"])
        #expect(run.status == 0, "render/ is stale; run `swift run gridedit render puzzles/ --gallery render/`\n\(run.stdout)")
    }

    @Test("--gallery writes a fresh folder; --check then passes, and fails once a file changes")
    func gallery() throws {
        let out = try TemporaryFolder()
        let target = out.file("gallery").path
        let write = try GridEditBinary.run(["render", "puzzles/sudoku-4x4", "--gallery", target])
        #expect(write.status == 0, "\(write.stderr)")
        #expect(files(in: out.file("gallery")).count == 6 * 3 + 1 + 1)
        #expect(try GridEditBinary.run(["render", "puzzles/sudoku-4x4", "--gallery", target, "--check"]).status == 0)
        try Data([0]).write(to: out.file("gallery/sudoku-4x4/mini-03.png"))
        let stale = try GridEditBinary.run(["render", "puzzles/sudoku-4x4", "--gallery", target, "--check"])
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("out of date: sudoku-4x4/mini-03.png"))
    }
}
