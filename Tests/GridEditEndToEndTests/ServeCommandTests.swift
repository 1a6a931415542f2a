import Foundation
import GridEditCore
import GridEditJSON
import GridEditTestSupport
import ServeTestClient
import Testing

/// `gridedit serve` and `gridedit edit FILE --serve` as a designer runs them: the built binary on
/// a free loopback port, an HTTP client for the page and a WebSocket client for the page's
/// protocol, the REPL fed line by line on standard input, and signals to stop it.
@Suite("gridedit serve: the browser editor's server, run as a user runs it", .serialized)
struct ServeCommandTests {
    /// The solution pose of `piece` in a saved tangram file.
    static func savedPose(_ piece: String, in path: String) throws -> Pose? {
        guard case .success(let bytes) = FileSystem.read(path),
              case .puzzle(let document)? = DocumentLoader.load(bytes, isManifest: false).document,
              let tangram = document.puzzle as? TangramPuzzle else { throw LiveProcessError("\(path) is not a tangram") }
        return tangram.pieces?.first { $0.piece.rawValue == piece }
    }

    /// A piece as the page's last state lists it: exact x and y as text, rotation, and the
    /// play-area point of its origin.
    static func piece(_ name: String, in state: JSONNode?) throws -> (x: String, y: String, rotation: Int, origin: (Double, Double)) {
        let piece = try #require(state?["pieces"]?.items.first { $0.string("piece") == name }, "no \(name) in the state")
        func double(_ key: String) -> Double? { if case .number(let n)? = piece[key]?.value { n.doubleValue } else { nil } }
        return (try #require(piece.string("x")), try #require(piece.string("y")), try #require(piece.int("rotation")),
                (try #require(double("originX")), try #require(double("originY"))))
    }

    @Test("serve FOLDER prints its URL, serves the page and the folder's files, refuses every way out, and stops on SIGINT")
    func servesAFolder() async throws {
        let run = try EditorRun()
        try FileManager.default.createDirectory(at: run.work.file("pack"), withIntermediateDirectories: true)
        try run.copy("puzzles/tangram-starter/cat.json", as: "pack/cat.json")
        let outside = try TemporaryFolder()
        try outside.write("{\"secret\": true}\n", to: "secret.json")
        try FileManager.default.createSymbolicLink(atPath: run.work.file("pack/link.json").path, withDestinationPath: outside.file("secret.json").path)
        try FileManager.default.createSymbolicLink(atPath: run.work.file("pack/out").path, withDestinationPath: outside.path)

        let server = try LiveProcess(["serve", "pack", "--port", "0"], environment: run.environment, in: run.work.url)
        let (port, token) = try await server.servedURL()
        #expect(token == nil, "no token on loopback")
        #expect(server.stdout.hasPrefix("gridedit serve: \(run.work.file("pack").resolvingSymlinksInPath().path) at http://127.0.0.1:\(port)/\n"))

        let page = try await httpGet(port: port, "/")
        #expect(page.status == 200)
        #expect(page.body.contains("data-state-version"), "the page's index.html, found beside the binary")
        for module in ["app.js", "connection.js", "tangram.js", "sudoku.js", "pack.js", "page.css"] {
            #expect(try await httpGet(port: port, "/page/" + module).status == 200, "\(module)")
        }
        let cat = try await httpGet(port: port, "/file/cat.json")
        #expect(cat.status == 200)
        #expect(cat.body == (try run.work.read("pack/cat.json")))
        for path in ["/file/..%2fcat.json", "/file/%2e%2e/%2e%2e/etc/passwd", "/file/..%2F..%2F..%2Fetc%2Fpasswd",
                     "/file/link.json", "/file/out/secret.json", "/card/link.json", "/page/..%2f..%2fPackage.swift"] {
            let refused = try await httpGet(port: port, path)
            #expect(refused.status == 403, "\(path): \(refused.status) \(refused.body)")
            #expect(!refused.body.contains("\"secret\": true"), "the file outside is never sent")
        }
        #expect(try await httpGet(port: port, "/file/none.json").status == 404)

        server.signal(SIGINT)
        #expect(try await server.waitForExit(seconds: 10) == 0)
        #expect(server.stdout.hasSuffix("Ctrl-C stops; unsaved edits stay in the journal (`gridedit`, then `recover`)\n"),
                "nothing was edited, so nothing is said about unsaved changes: \(server.stdout)")
        #expect(server.stderr == "")
    }

    @Test("Off loopback the URL carries a token: without it 403, with it the page and its WebSocket")
    func offLoopbackNeedsTheToken() async throws {
        let run = try EditorRun()
        try run.copy("puzzles/tangram-starter/cat.json")
        let server = try LiveProcess(["serve", "cat.json", "--host", "0.0.0.0", "--port", "0"], environment: run.environment, in: run.work.url)
        let (port, token) = try await server.servedURL()
        let secret = try #require(token, "a non-loopback host prints a token: \(server.stdout)")
        #expect(secret.count == 32)
        // Only loopback traffic: the server listens on every address, the test talks to 127.0.0.1.
        // A wrong token: the right one with its last digit changed (never to itself).
        let wrong = secret.dropLast() + (secret.hasSuffix("0") ? "1" : "0")
        for path in ["/", "/page/app.js", "/file/cat.json", "/ws", "/?token=" + wrong] {
            let refused = try await httpGet(port: port, String(path))
            #expect(refused.status == 403, "\(path)")
            #expect(refused.body.contains("needs the token printed in its URL"))
        }
        #expect(try await httpGet(port: port, "/?token=" + secret).status == 200)
        try await withPage(port: port, query: "?token=" + secret) { page in
            let reply = try await page.command("rotate square 45")
            #expect(reply.bool("ok") == true, "\(reply.outputTexts)")
        }
        server.signal(SIGTERM)
        #expect(try await server.waitForExit(seconds: 10) == 0)
        #expect(server.stdout.contains("browser: rotate square by 45°"))
    }

    @Test("edit FILE --serve: a drag from the page reaches the REPL, the REPL's show and undo see it, its save writes it")
    func replAndPageShareOneSession() async throws {
        let run = try EditorRun()
        try run.copy("puzzles/tangram-starter/square.json")
        let repl = try LiveProcess(["edit", "square.json", "--serve", "--port", "0"], environment: run.environment, in: run.work.url)
        let (port, _) = try await repl.servedURL()
        #expect(repl.stdout.contains("serving \(run.work.url.resolvingSymlinksInPath().path) at http://127.0.0.1:\(port)/ (the page and this session share the documents)"))

        try await Self.reporting(repl) { try await withPage(port: port) { page in
            let before = try Self.piece("square", in: page.state)
            // A drag of the square by about (+1.3, -0.4) units, as the page sends it: touch-file events.
            let grab = (before.origin.0 + 0.2, before.origin.1 + 0.2)
            for (t, type, dx, dy) in [(1.0, "down", 0.0, 0.0), (1.1, "move", 0.6, -0.2), (1.2, "move", 1.3, -0.4), (1.3, "up", 1.3, -0.4)] {
                let reply = try await page.touch("{\"t\":\(t),\"type\":\"\(type)\",\"pointer\":1,\"x\":\(grab.0 + dx),\"y\":\(grab.1 + dy)}")
                #expect(reply.bool("ok") == true, "\(reply.outputTexts)")
            }
            let dragged = try Self.piece("square", in: try await page.nextState())
            #expect((dragged.x, dragged.y) != (before.x, before.y))
            try await repl.waitForOutput("browser: move square to (\(dragged.x), \(dragged.y))")

            // The REPL's next command sees the page's edit.
            let mark = repl.stdout.count
            repl.type("show")
            try await repl.waitForOutput("  Q square (\(dragged.x), \(dragged.y)) \(dragged.rotation)°", after: mark)

            // One undo history: the REPL undoes the page's drag and the page is told.
            repl.type("undo")
            let undone = try Self.piece("square", in: try await page.nextState())
            #expect((undone.x, undone.y) == (before.x, before.y))
            repl.type("redo")
            let redone = try Self.piece("square", in: try await page.nextState())
            #expect((redone.x, redone.y) == (dragged.x, dragged.y))

            repl.type("save")
            try await repl.waitForOutput("saved square.json", after: mark)
            let saved = try #require(try Self.savedPose("square", in: run.work.file("square.json").path))
            #expect(saved.position.x.description == dragged.x && saved.position.y.description == dragged.y)
        } }
        // Quit once the page has closed its connection: a server that stops under an open
        // WebSocket resets it, and the page's client would report that as the test's error.
        repl.type("quit")
        try repl.closeInput()
        #expect(try await repl.waitForExit(seconds: 10) == 0, "\(repl.stderr)")
        #expect(repl.stderr == "")
        #expect(run.journals.isEmpty, "saved and quit: no journal is left")
    }

    /// Runs `body`; an error it throws is reported with what the process wrote so far.
    static func reporting(_ process: LiveProcess, _ body: () async throws -> Void) async throws {
        do { try await body() } catch {
            Issue.record("\(error)\nstdout:\n\(process.stdout)\nstderr:\n\(process.stderr)")
        }
    }

    @Test("SIGTERM with unsaved page edits: a clean stop, the file untouched, the edits recovered from the journal")
    func stopKeepsUnsavedWorkInTheJournal() async throws {
        let run = try EditorRun()
        try run.copy("puzzles/tangram-starter/square.json")
        let original = try run.work.read("square.json")
        let server = try LiveProcess(["serve", "square.json", "--port", "0"], environment: run.environment, in: run.work.url)
        let (port, _) = try await server.servedURL()
        try await withPage(port: port) { page in
            let reply = try await page.command("move square 6 6")
            #expect(reply.bool("ok") == true, "\(reply.outputTexts)")
            // Still connected when the signal comes: the stop must not wait for the page.
            server.signal(SIGTERM)
            #expect(try await server.waitForExit(seconds: 10) == 0)
        }
        #expect(server.stdout.contains("browser: move square to (6, 6)"))
        #expect(server.stdout.contains("stopped with unsaved changes in square.json; they stay in the journal"))
        #expect(try run.work.read("square.json") == original, "nothing is saved behind the designer's back")
        #expect(run.journals.count == 1)

        let recovered = try run.script(["open --recover square.json", "save", "quit"])
        #expect(recovered.status == 0, "\(recovered.stderr)")
        let pose = try #require(try Self.savedPose("square", in: run.work.file("square.json").path))
        #expect(pose.position.x.description == "6" && pose.position.y.description == "6")
    }

    @Test("No false recoveries: page edits all undone, then SIGTERM: no journal, and the next REPL offers nothing")
    func undoneEditsLeaveNoJournal() async throws {
        let run = try EditorRun()
        try run.copy("puzzles/tangram-starter/square.json")
        let server = try LiveProcess(["serve", "square.json", "--port", "0"], environment: run.environment, in: run.work.url)
        let (port, _) = try await server.servedURL()
        try await withPage(port: port) { page in
            for line in ["move square 6 6", "flip parallelogram", "nudge medium right", "undo", "undo", "undo"] {
                let reply = try await page.command(line)
                #expect(reply.bool("ok") == true, "\(line): \(reply.outputTexts)")
            }
            server.signal(SIGTERM)
            #expect(try await server.waitForExit(seconds: 10) == 0)
        }
        #expect(!server.stdout.contains("stopped with unsaved changes"), "\(server.stdout)")
        #expect(run.journals.isEmpty, "every edit undone: nothing to recover")
        let next = try run.script(["open square.json", "quit"])
        #expect(!next.stdout.contains("ended abruptly") && !next.stdout.contains("earlier session"), "\(next.stdout)")
    }

    @Test("serve refuses what it cannot serve, with a message and status 1 or 64")
    func badArguments() throws {
        let run = try EditorRun()
        let missing = try run.run(["serve", "nowhere"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("nowhere does not exist; name a puzzle file or a folder of puzzles"))
        let port = try run.run(["serve", ".", "--port", "70000"])
        #expect(port.status == 64)
        #expect(port.stderr.contains("--port 70000 is not a port"))
        try run.work.write("{", to: "broken.json")
        let broken = try run.run(["serve", "broken.json", "--port", "0"])
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("gridedit serve: "))
    }
}
