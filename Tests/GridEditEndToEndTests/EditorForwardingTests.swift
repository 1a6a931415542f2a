import Foundation
import GridEditTestSupport
import Testing

/// `gridedit` runs the one-shot commands itself and hands the REPL, `edit` and `serve` over to
/// gridedit-editor (issue 38: the server's libraries cost nothing to `gridedit check`).
@Suite("gridedit, gridedit edit and gridedit serve hand over to gridedit-editor")
struct EditorForwardingTests {
    static var editor: URL { GridEditBinary.url.deletingLastPathComponent().appendingPathComponent("gridedit-editor") }

    @Test("gridedit links neither the server's libraries nor libedit; gridedit-editor does")
    func noServerInGridedit() throws {
        let needed = try Self.tool("/usr/bin/readelf", ["-d", GridEditBinary.url.path])
        #expect(needed.contains("(NEEDED)"))
        #expect(!needed.contains("libedit"), "gridedit must not need libedit:\n\(needed)")
        // Swift packages are linked in statically. Each Swift module linked in leaves its name,
        // NUL-terminated, in its metadata (the module's context descriptor).
        let gridedit = try Data(contentsOf: GridEditBinary.url), editor = try Data(contentsOf: Self.editor)
        func links(_ binary: Data, _ module: String) -> Bool { binary.range(of: Data(("\0" + module + "\0").utf8)) != nil }
        #expect(links(gridedit, "GridEditCheck"), "the search finds a module gridedit links")
        for module in ["GridEditServe", "Hummingbird", "HummingbirdWebSocket", "NIOCore", "NIOPosix"] {
            #expect(!links(gridedit, module), "gridedit links \(module)")
            #expect(links(editor, module), "gridedit-editor links \(module)")
        }
    }

    @Test("The REPL's and serve's command lines reach gridedit-editor as typed, with its output and exit status", arguments: [
        [], ["edit"], ["edit", "cat.json", "--serve", "--port", "0"], ["serve", "--port", "0", "puzzles"], ["cat.json"],
        ["--script", "steps.ge"], ["--color", "never", "a.json", "b.json"], ["serve", "--help"], ["edit", "-h"], ["help", "edit"],
        ["help", "serve"], ["chekc"],
    ])
    func forwardsTheEditor(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let fake = try fakeSibling("gridedit-editor", in: folder)
        let output = try runGridedit(arguments, environment: ["GRIDEDIT_EDITOR": fake])
        #expect(output.status == 7)
        #expect(output.lines == arguments.map { "[\($0)]" })
        #expect(output.stderr == "fake gridedit-editor: \(arguments.count) arguments\n")
    }

    @Test("The one-shot commands and the root's own options stay in gridedit", arguments: [
        ["--help"], ["-h"], ["--version"], ["help"], ["help", "check"], ["check", "--help"], ["list", "--help"],
        ["sudoku", "--help"], ["help", "capture"],
    ])
    func oneShotCommandsStay(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let output = try runGridedit(arguments, environment: ["GRIDEDIT_EDITOR": try fakeSibling("gridedit-editor", in: folder)])
        #expect(output.status == 0, "\(arguments): \(output.stderr)")
        #expect(!output.stderr.contains("fake gridedit-editor"), "\(arguments)")
    }

    @Test("gridedit's help lists edit and serve; the real gridedit-editor answers their help and version")
    func helpAndVersion() throws {
        let help = try runGridedit(["--help"])
        #expect(help.stdout.contains("  edit ") && help.stdout.contains("  serve "))
        let serveHelp = try runGridedit(["serve", "--help"])
        #expect(serveHelp.status == 0)
        #expect(serveHelp.stdout.contains("--recover"), "serve's own options, from gridedit-editor:\n\(serveHelp.stdout)")
        let editHelp = try runGridedit(["help", "edit"])
        #expect(editHelp.stdout.contains("--keep-going"), "\(editHelp.stdout)")
        let version = try runGridedit(["--version"]), editorVersion = try runGridedit(["--version"], binary: Self.editor)
        #expect(version.status == 0 && !version.stdout.isEmpty)
        #expect(editorVersion.stdout == version.stdout, "one build, one version")
        let typo = try runGridedit(["chekc"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("\"chekc\" is neither a command nor a file"), "\(typo.stderr)")
    }

    @Test("Without gridedit-editor next to gridedit, the REPL's error says how to build it")
    func notInstalled() throws {
        let folder = try TemporaryFolder()
        let copy = folder.file("gridedit")
        try FileManager.default.copyItem(at: GridEditBinary.url, to: copy)
        let output = try runGridedit(["serve"], binary: copy)
        #expect(output.status == 69)
        let folderPath = folder.url.resolvingSymlinksInPath().path
        #expect(output.stderr == "gridedit: error: gridedit-editor is not installed next to \(folderPath)/gridedit; "
                + "build it with `swift build --product gridedit-editor`\n", "\(output.stderr)")
        // The one-shot commands still run.
        let check = try runGridedit(["check", GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/tangram-starter/cat.json").path], binary: copy)
        #expect(check.status == 0, "\(check.stderr)")
    }

    static func tool(_ path: String, _ arguments: [String]) throws -> String {
        try GridEditBinary.runProgram(URL(fileURLWithPath: path), arguments).stdout
    }
}
