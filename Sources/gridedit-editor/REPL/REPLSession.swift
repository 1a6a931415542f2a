#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GridEditCore
import GridEditEditor
import GridEditLayout
import Dispatch
import Foundation
import GridEditProcess
import GridEditServe
import SystemPackage

/// A `gridedit` session: interactive at a terminal (line editing, history across sessions, Tab
/// completion, colour, a live view after every edit, questions before losing work), or a script
/// from a file or a pipe (no prompts, no colour, stop at the first failing command unless
/// `--keep-going`).
@MainActor
final class REPLSession {
    struct Options: Sendable {
        var files: [String] = []
        /// A script to run (`-` for standard input); nil: standard input decides.
        var script: String?
        var keepGoing = false
        var colour: TerminalStyle.Choice = .auto
        /// `gridedit edit FILE --serve`: the browser editor, started once the files are open.
        var serve: ServeControl.Request?
    }

    static let version = SiblingExecutable.version

    let options: Options
    let environment: [String: String]
    let service: GridEditorService
    let interactive: Bool
    let style: TerminalStyle
    /// The browser editor sharing this session, when `serve` started it.
    let serve: ServeControl

    init(options: Options, environment: [String: String], executablePath: String?) {
        self.options = options
        self.environment = environment
        self.service = GridEditorService(environment: .process(environment: environment, executablePath: executablePath))
        self.interactive = options.script == nil && isatty(0) == 1
        self.style = TerminalStyle(choice: options.colour, environment: environment,
                                   isTerminal: isatty(1) == 1 && (interactive || options.colour == .always))
        self.serve = ServeControl(service: service, environment: environment)
    }

    /// Runs the session; the exit status.
    func run() async -> Int32 {
        return interactive ? await runInteractive() : await runScript()
    }

    // MARK: Scripts

    private func runScript() async -> Int32 {
        let console = ScriptConsole(style: style, analyzer: service.analyzer)
        let interpreter = CommandInterpreter(service: service, console: console, liveView: false)
        RenderCommands.register(on: interpreter, templatesFolder: service.environment.templatesFolder, environment: environment)
        CameraCapture.install(on: interpreter, interactive: false, environment: environment)
        serve.install(on: interpreter)
        var source: LineSource
        var name: String
        if let script = options.script, script != "-" {
            guard let file = LineSource(path: script) else {
                StandardStreams.writeError("gridedit: cannot read the script \(script): \(String(cString: strerror(errno)))\n")
                return 66
            }
            source = file
            name = script
        } else {
            source = LineSource(fd: 0)
            name = "<stdin>"
        }
        var failures = 0
        for path in options.files {
            if case .failed(let message) = await interpreter.execute("open " + Tokenizer.escape(path)) {
                StandardStreams.writeError("gridedit: \(message)\n")
                service.abandon()
                return 1
            }
        }
        serve.pending = options.serve
        if case .failed(let message) = await startPendingServe(say: { StandardStreams.write($0 + "\n") }) {
            StandardStreams.writeError("gridedit: \(message)\n")
            service.abandon()
            return 1
        }
        let lines = ScriptLines(source)
        defer { serve.stop() }
        while let (number, line) = serve.isServing ? await lines.nextOffMain() : lines.next() {
            console.location = "\(name):\(number)"
            var result = await interpreter.execute(line)
            if result == .ok { result = await startPendingServe(say: { StandardStreams.write($0 + "\n") }) }
            serve.session?.changed()
            switch result {
            case .ok:
                continue
            case .quit:
                return failures == 0 ? 0 : 1
            case .failed(let message):
                failures += 1
                StandardStreams.writeError("\(name):\(number): error: \(message)\n")
                if !options.keepGoing {
                    service.abandon()
                    return 1
                }
            }
        }
        // The end of a script is a quit: it fails if that would lose edits.
        if let unsaved = service.unsavedNames {
            StandardStreams.writeError("\(name): error: the script ended with unsaved changes in \(unsaved); "
                       + "save them, or end with `quit --force` to drop them (they are kept for `recover`)\n")
            service.abandon()
            return 1
        }
        _ = try? interpreter.quit(force: true)
        return failures == 0 ? 0 : 1
    }

    // MARK: Interactive

    private func runInteractive() async -> Int32 {
        guard let reader = LineReader(program: "gridedit", historySize: 1000) else {
            StandardStreams.writeError("gridedit: cannot start line editing; run a script instead: gridedit < script.ge\n")
            return 1
        }
        LineReader.installInterruptHandler()
        reader.installTerminationHandler()
        let history = HistoryFile(environment: environment)
        for entry in history?.load() ?? [] { reader.addHistory(entry) }
        let console = TerminalConsole(style: style, reader: reader, service: service)
        let interpreter = CommandInterpreter(service: service, console: console, liveView: true)
        RenderCommands.register(on: interpreter, templatesFolder: service.environment.templatesFolder, environment: environment)
        CameraCapture.install(on: interpreter, interactive: true, environment: environment)
        serve.install(on: interpreter)
        interpreter.interruptRequested = { LineReader.takeInterrupt() }
        let completer = Completer(service: service, environment: environment, commands: interpreter.commands)
        reader.completer = { before in
            let action = completer.complete(before).action
            let list = action.list.isEmpty ? "" : TerminalStyle.columns(action.list, width: TerminalStyle.width(of: 1))
            return (action.insert, list)
        }

        StandardStreams.write(style.sgr("2", "gridedit \(Self.version) — `help` lists the commands, Tab completes, Ctrl-R searches, Ctrl-D quits") + "\n")
        let orphans = service.orphanedJournals()
        let named = Set(options.files.map(FileSystem.absolute))
        let others = orphans.filter { $0.header.path.map { !named.contains($0) } ?? true }
        if !others.isEmpty {
            let count = others.count
            StandardStreams.write(style.paint("\(count) earlier session\(count == 1 ? "" : "s") ended with unsaved edits "
                                   + "(\(others.map(\.title).joined(separator: ", "))): `recover` lists them", .warning) + "\n")
        }
        for path in options.files {
            report(await interpreter.execute("open " + Tokenizer.escape(path)))
        }
        let show: (String) -> Void = { [style] in StandardStreams.write(style.paint($0, .note) + "\n") }
        serve.pending = options.serve
        report(await startPendingServe(say: show, reader: reader))
        defer { serve.stop() }

        while true {
            _ = LineReader.takeInterrupt()
            switch serve.isServing ? await reader.readOffMain(prompt: prompt()) : reader.read(prompt: prompt()) {
            case .line(let text):
                let trimmed = text.trimming(" \t")
                guard !trimmed.isEmpty else { continue }
                reader.addHistory(trimmed)
                history?.append(trimmed)
                var result = await interpreter.execute(trimmed)
                if result == .ok { result = await startPendingServe(say: show, reader: reader) }
                serve.session?.changed()
                if result == .quit { return 0 }
                report(result)
                if let signal = LineReader.terminationSignal { return terminated(by: signal) }
            case .interrupted:
                StandardStreams.write("\n")
            case .terminated:
                return terminated(by: LineReader.terminationSignal ?? SIGTERM)
            case .end:
                StandardStreams.write("\n")
                do throws(EditError) {
                    if try interpreter.quit(force: false) == .quit { return 0 }
                } catch {
                    report(.failed(error.description))
                }
            }
        }
    }

    /// SIGTERM or SIGHUP: the session ends without asking (nobody may be there to answer). Nothing
    /// is saved behind the designer's back and nothing is lost: unsaved edits are already in their
    /// journals, which are closed, not deleted, so `recover` offers them next time. The browser
    /// editor is stopped by the caller's `defer`.
    private func terminated(by signal: Int32) -> Int32 {
        let name = signal == SIGHUP ? "SIGHUP" : "SIGTERM"
        var text = "\ngridedit: stopped by \(name)"
        if let unsaved = service.unsavedNames {
            text += "; unsaved edits in \(unsaved) stay in the journal: run gridedit and `recover` (or `open --recover FILE`)"
        }
        StandardStreams.writeError(text + "\n")
        service.abandon()
        return 0
    }

    /// Starts the browser editor a `serve` command (or `--serve`) asked for, prints its URL, and
    /// shows the page's edits here: at a terminal above the line being typed (the line editor
    /// redraws the prompt and what was typed), in a script as plain lines.
    private func startPendingServe(say: @escaping (String) -> Void, reader: LineReader? = nil) async -> CommandInterpreter.Result {
        guard let request = serve.pending else { return .ok }
        serve.pending = nil
        let url: String
        do { url = try await serve.start(request) } catch { return .failed(error.description) }
        say("serving \(serve.session?.folder.root ?? request.folder) at \(url) (the page and this session share the documents)")
        serve.session?.onPageEdit = { [weak self] lines in
            guard let self else { return }
            var text = lines.enumerated().map { ($0.offset == 0 ? "browser: " : "  ") + $0.element.trimming(" ") }.joined(separator: "\n") + "\n"
            if let reader {
                if let document = self.service.active {
                    text += Preview.render(document, style: self.style, analyzer: self.service.analyzer) + "\n"
                }
                reader.post(self.style.paint(text, .note))
            } else {
                StandardStreams.write(text)
            }
        }
        if let reader {
            reader.completer = { [completer = reader.completer] before in
                // Completion runs on the reading thread; the session lives on the main thread.
                let box = UncheckedBox(completer)
                if Thread.isMainThread { return box.value?(before) ?? ("", "") }
                return DispatchQueue.main.sync { box.value?(before) ?? ("", "") }
            }
        }
        return .ok
    }

    private func report(_ result: CommandInterpreter.Result) {
        if case .failed(let message) = result {
            StandardStreams.writeError(style.paint("error: " + message, .error) + "\n")
        }
    }

    /// `cat.json*> `: the active puzzle, `*` when it has unsaved changes, `[tray]` when piece
    /// commands edit the tray. Bold at a terminal; the escapes are wrapped in \1 so the line
    /// editor does not count them as width.
    private func prompt() -> String {
        var text = "gridedit"
        if let document = service.active {
            text = document.displayName + (document.isDirty ? "*" : "")
            if let tag = EditingKinds.of(document).promptTag(of: document) { text += " " + tag }
        }
        guard style.colour else { return text + "> " }
        return "\u{1}\u{1B}[1m\u{1}" + text + "\u{1}\u{1B}[0m\u{1}> "
    }
}

// MARK: Consoles

/// A person at a terminal: colour, questions, the live view.
final class TerminalConsole: EditorConsole {
    let style: TerminalStyle
    let reader: LineReader
    let service: GridEditorService

    init(style: TerminalStyle, reader: LineReader, service: GridEditorService) {
        self.style = style
        self.reader = reader
        self.service = service
    }

    var isInteractive: Bool { true }

    func say(_ text: String, _ style: MessageStyle) {
        StandardStreams.write(self.style.paint(text, style) + "\n")
    }

    func ask(_ question: String, options: [(key: Character, label: String)]) -> Character? {
        let keys = options.map { String($0.key) }.joined(separator: "/")
        let legend = options.map { "\($0.key) \($0.label)" }.joined(separator: ", ")
        while true {
            switch reader.read(prompt: "\(question) [\(keys)] ") {
            case .line(let answer):
                if let key = answer.trimming(" ").lowercased().first, options.contains(where: { $0.key == key }) {
                    return key
                }
                StandardStreams.write(style.paint("  answer \(legend)", .note) + "\n")
            case .interrupted:
                StandardStreams.write("\n")
                return options.last?.key  // Ctrl-C: the last option (cancel, or keep)
            case .end, .terminated:
                // No answer; a termination is acted on once the command has returned.
                StandardStreams.write("\n")
                return nil
            }
        }
    }

    func documentChanged(_ document: EditorDocument) {
        show(document)
    }

    var width: Int { TerminalStyle.width(of: 1) }

    func show(_ document: EditorDocument) {
        StandardStreams.write(Preview.render(document, style: style, analyzer: service.analyzer) + "\n")
    }
}

/// A script: plain output, no questions; failures are reported by the session with their line.
final class ScriptConsole: EditorConsole {
    let style: TerminalStyle
    let analyzer: Analyzer
    var location = ""

    init(style: TerminalStyle, analyzer: Analyzer) {
        self.style = style
        self.analyzer = analyzer
    }

    var isInteractive: Bool { false }

    func say(_ text: String, _ style: MessageStyle) {
        StandardStreams.write(self.style.paint(text, style) + "\n")
    }

    func ask(_ question: String, options: [(key: Character, label: String)]) -> Character? { nil }

    func documentChanged(_ document: EditorDocument) {}

    func show(_ document: EditorDocument) {
        StandardStreams.write(Preview.render(document, style: style, analyzer: analyzer) + "\n")
    }
}

/// Lines of a script, numbered, read as they arrive (so a pipe can feed a session).
struct LineSource {
    private let file: FileDescriptor
    private var buffer: [UInt8] = []
    private var number = 0
    private var finished = false

    init(fd: Int32) {
        file = FileDescriptor(rawValue: fd)
    }

    init?(path: String) {
        guard let file = try? FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec) else { return nil }
        self.file = file
    }

    mutating func next() -> (Int, String)? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                number += 1
                return (number, String(decoding: line, as: UTF8.self))
            }
            if finished {
                guard !buffer.isEmpty else { return nil }
                let line = buffer
                buffer = []
                number += 1
                return (number, String(decoding: line, as: UTF8.self))
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            // Retried after EINTR; a read error ends the script like its end.
            let count = (try? chunk.withUnsafeMutableBytes { try file.read(into: $0) }) ?? 0
            if count == 0 { finished = true } else { buffer += chunk[0..<count] }
        }
    }
}

/// A script's lines, read on the main thread, or on a thread of their own while the browser
/// editor runs (so its edits are handled while the script waits for its next line).
final class ScriptLines: @unchecked Sendable {
    private var source: LineSource

    init(_ source: LineSource) { self.source = source }

    func next() -> (Int, String)? { source.next() }

    func nextOffMain() async -> (Int, String)? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: self.next()) }
        }
    }
}
