import ArgumentParser
import Foundation
import GridEditCore
import GridEditEditor
import GridEditLayout
import GridEditServe

/// `gridedit serve`: the browser editor on its own (no REPL). The edits are ordinary editor
/// edits with a journal, so stopping the server with unsaved changes loses nothing: `recover`.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Edit puzzles in the browser: serve a folder's puzzles to a page on this machine.",
        discussion: """
            Serves FOLDER (or the folder of FILE, which opens first) on 127.0.0.1 and prints the URL. Only files \
            inside that folder can be opened or saved. With a --host off loopback, the URL carries a random token \
            and requests without it get 403. `gridedit edit FILE --serve` does the same with a REPL on the same \
            session. Ctrl-C stops; unsaved edits stay in the journal for `recover`. When FILE has unsaved edits from \
            a session that ended abruptly (killed, crashed), serve says so, and --recover opens FILE with them. See \
            docs/serve.md.
            """
    )

    @Argument(help: "A puzzle file to open, or a folder of puzzles (default: the current folder).")
    var target: String?

    @OptionGroup var served: ServeOptions

    @Flag(help: "Open FILE with the unsaved edits a session that ended abruptly left in its journal.")
    var recover = false

    func validate() throws {
        if let target, !FileSystem.exists(target) {
            throw ValidationError("\(target) does not exist; name a puzzle file or a folder of puzzles")
        }
        if recover, FileSystem.isDirectory(target ?? ".") {
            throw ValidationError("--recover needs a puzzle FILE; for a folder, run gridedit and `recover`")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let target = self.target ?? "."
        let file = FileSystem.isDirectory(target) ? nil : target
        let folder = file.map { FileSystem.folder(of: FileSystem.absolute($0)) } ?? target
        let request = served.request(folder: folder)
        let recover = self.recover
        let status = await MainActor.run { () -> Task<Int32, Never> in
            Task { @MainActor in await Self.serve(request, file: file, recover: recover, environment: environment) }
        }.value
        if status != 0 { throw ExitCode(status) }
    }

    @MainActor
    static func serve(_ request: ServeControl.Request, file: String?, recover: Bool, environment: [String: String]) async -> Int32 {
        let service = GridEditorService(environment: .process(environment: environment, executablePath: nil))
        if let file {
            do { try open(file, recover: recover, in: service) } catch {
                StandardStreams.writeError("gridedit serve: \(error.description)\n")
                return 1
            }
        }
        let control = ServeControl(service: service, environment: environment)
        let url: String
        do { url = try await control.start(request) } catch {
            StandardStreams.writeError("gridedit serve: \(error.description)\n")
            return 1
        }
        StandardStreams.write("gridedit serve: \(control.session?.folder.root ?? request.folder) at \(url)\n")
        StandardStreams.write("Ctrl-C stops; unsaved edits stay in the journal (`gridedit`, then `recover`)\n")
        control.session?.onPageEdit = { lines in
            StandardStreams.write(lines.enumerated().map { ($0.offset == 0 ? "browser: " : "  ") + $0.element.trimming(" ") }
                .joined(separator: "\n") + "\n")
        }
        await StopSignal.wait()
        control.stop()
        if let unsaved = service.unsavedNames {
            StandardStreams.write("stopped with unsaved changes in \(unsaved); "
                                  + "they stay in the journal: run gridedit and `recover`\n")
            service.abandon()
        }
        return 0
    }
}

extension Serve {
    /// Opens FILE for the page. Unsaved edits an earlier session left in FILE's journal (it was
    /// killed, or crashed) are recovered with --recover; without it, serve says they are there and
    /// how to get them, and opens the file as saved (the journal stays for later). Nobody is at
    /// serve's terminal to answer a question, so it does not ask, as a REPL script does not.
    @MainActor
    static func open(_ file: String, recover: Bool, in service: GridEditorService) throws(EditError) {
        guard let orphan = service.orphanedJournals(for: file).last else {
            if recover { StandardStreams.write("nothing to recover for \(file): no session ended with unsaved edits of it\n") }
            try service.open(file)
            return
        }
        guard recover else {
            StandardStreams.write("note: \(orphan.summary(for: file)); `gridedit serve \(Tokenizer.escape(file)) --recover` restores them\n")
            try service.open(file)
            return
        }
        let recovery = try service.recover(orphan)
        let replayed = recovery.replayed
        StandardStreams.write("recovered \(replayed) edit\(replayed == 1 ? "" : "s") to \(recovery.document.displayName) "
                              + "(unsaved; Undo in the page steps back through them)\n")
        for note in recovery.notes { StandardStreams.write("  \(note)\n") }
    }
}

/// Waits for SIGINT or SIGTERM (turned into a Dispatch source, so the process ends cleanly).
enum StopSignal {
    @MainActor
    static func wait() async {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = Once(continuation)
            for number in [SIGINT, SIGTERM] {
                let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
                source.setEventHandler { once.resume() }
                source.resume()
                Once.keep(source)
            }
        }
    }

    private final class Once: @unchecked Sendable {
        private var continuation: CheckedContinuation<Void, Never>?
        nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
        init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }
        func resume() {
            continuation?.resume()
            continuation = nil
        }
        static func keep(_ source: any DispatchSourceSignal) { sources.append(source) }
    }
}
