import Foundation
import GridEditCore
import GridEditProcess
import GridEditEditor
import GridEditLayout
import GridEditServe

/// The browser editor attached to a REPL session (`serve` inside the REPL, `gridedit edit FILE
/// --serve`) or running alone (`gridedit serve`): one ``ServeSession`` over the session's own
/// `GridEditorService`, so the REPL and the pages share documents, undo history and journal.
@MainActor
final class ServeControl {
    struct Request: Sendable {
        var folder: String
        var options: ServeServer.Options
        var openBrowser: Bool
    }

    let service: GridEditorService
    let environment: [String: String]
    private(set) var session: ServeSession?
    private var task: Task<Void, Never>?
    private(set) var url: String?
    /// A `serve` typed in the REPL: started by the session loop right after the command (the
    /// command itself cannot wait for the port to be bound).
    var pending: Request?

    init(service: GridEditorService, environment: [String: String]) {
        self.service = service
        self.environment = environment
    }

    var isServing: Bool { task != nil }

    /// Starts the server and returns its URL once it listens.
    func start(_ request: Request) async throws(EditError) -> String {
        guard task == nil else { throw EditError("already serving at \(url ?? "?"); `serve stop` first") }
        let folder: ServedFolder
        do { folder = try ServedFolder(request.folder) } catch {
            throw EditError("\(request.folder) is not a folder to serve; name an existing folder (or a puzzle file in one)")
        }
        let session = ServeSession(service: service, folder: folder, templatesFolder: service.environment.templatesFolder)
        let server = ServeServer(session: session, options: request.options, pageFolder: PageFiles.find(environment: environment))
        let (events, continuation) = AsyncStream<Result<Int, any Error>>.makeStream()
        let app = server.application { port in continuation.yield(.success(port)) }
        task = Task {
            do { try await app.run() } catch { continuation.yield(.failure(error)) }
            continuation.finish()
        }
        for await event in events {
            switch event {
            case .success(let port):
                self.session = session
                let url = server.url(port: port)
                self.url = url
                if request.openBrowser, environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil {
                    _ = ChildProcess.start("xdg-open", arguments: [url], environment: environment)
                }
                return url
            case .failure(let error):
                stop()
                throw EditError("cannot serve on \(request.options.host) port \(request.options.port): \(error); "
                                + "pick another port with --port (0 picks a free one)")
            }
        }
        stop()
        throw EditError("the server stopped before it was listening")
    }

    /// Stops the server (open pages lose their connection); the documents stay open.
    func stop() {
        task?.cancel()
        task = nil
        url = nil
        session = nil
        service.didChange = nil
    }

    /// Runs until the server stops (`gridedit serve` alone).
    func wait() async {
        await task?.value
    }

    /// Registers `serve` on the REPL's interpreter: it only records the request; the session loop
    /// starts the server after the command (``pending``).
    func install(on interpreter: CommandInterpreter) {
        interpreter.register(CommandSpec(
            "serve", group: .session, usage: "serve [FOLDER] [--port N] [--host ADDR] [--open] | serve stop",
            summary: "edit in the browser too: the page and this session share documents, undo and journal",
            details: """
                Starts the browser editor on FOLDER (default: the active puzzle's folder, or the current one) and prints \
                its URL. Edits made in the page show here as they land. 127.0.0.1 and port 8080 by default; \
                --port 0 picks a free port; a --host off loopback prints a URL with a secret token. `serve stop` stops it. \
                See docs/serve.md.
                """,
            arguments: [.path(extensions: [])], flags: ["--port", "--host", "--open"])
        ) { [weak self] (a, interpreter) throws(EditError) in
            guard let self else { return }
            // The REPL runs its commands on the main actor.
            nonisolated(unsafe) var words = a
            let result = MainActor.assumeIsolated { () -> Result<Void, EditError> in
                do throws(EditError) { try self.parse(&words, interpreter); return .success(()) } catch { return .failure(error) }
            }
            a = words
            try result.get()
        }
    }

    private func parse(_ a: inout Arguments, _ interpreter: CommandInterpreter) throws(EditError) {
        let word = a.optional()
        if word == "stop" {
            try a.end()
            guard isServing else { throw EditError("not serving; `serve` starts the browser editor") }
            stop()
            interpreter.console.say("stopped serving", .note)
            return
        }
        try a.end()
        if word == nil, let url {
            interpreter.console.say("serving at \(url)", .note)
            return
        }
        let folder = word ?? service.active?.path.map { FileSystem.folder(of: FileSystem.absolute($0)) } ?? "."
        var options = ServeServer.Options()
        if let host = a.option("--host") { options.host = host }
        if let port = a.option("--port") {
            guard let n = Int(port), (0...65535).contains(n) else { throw EditError("--port \(port) is not a port; give 0…65535 (0 picks a free one)") }
            options.port = n
        }
        pending = Request(folder: folder, options: options, openBrowser: a.flag("--open"))
    }
}
