import GridEditCore
import GridEditGeometry
import GridEditLayout

/// Runs editor commands, one line at a time, against a ``GridEditorService``. The same
/// interpreter serves the interactive REPL and scripts; the ``EditorConsole`` decides how output
/// looks and whether questions can be asked.
public final class CommandInterpreter {
    public enum Result: Sendable, Equatable {
        case ok
        case failed(String)
        /// The session should end (quit, or end of input at an unsaved-changes question).
        case quit
    }

    public let service: GridEditorService
    public let console: EditorConsole
    /// Draw the active puzzle after every edit (the REPL's live view).
    public var liveView: Bool
    /// Polled by long operations (a replay) so Ctrl-C can stop them.
    public var interruptRequested: () -> Bool = { false }
    /// Starts a camera capture for `capture`: the front end runs gridedit-capture and reports
    /// what happens, the designer's Enter and Ctrl-C included. Nil: `capture` is unavailable.
    public var startCapture: ((CaptureRequest) throws(EditError) -> AsyncStream<CaptureSignal>)?
    /// Where `play` writes its records unless told (`--records`): `playtests/` in the working
    /// folder; `gridedit serve` uses the served folder's.
    public var playRecords = "playtests"
    /// The commands this interpreter knows: the editor's own, then any the front end adds.
    public private(set) var commands = CommandSpec.all
    /// Runs a command the front end added (rendering, say); the active document may be nil.
    public typealias Handler = (inout Arguments, CommandInterpreter) throws(EditError) -> Void
    private var handlers: [String: Handler] = [:]
    /// Kinds' commands by name, then kind: two kinds may share a verb (`clear`), and the active
    /// puzzle's kind answers it.
    private var kindCommands: [String: [String: KindCommand]] = [:]

    /// Adds a command, with its help and completion, that the front end implements.
    public func register(_ spec: CommandSpec, handler: @escaping Handler) {
        commands.removeAll { $0.name == spec.name }
        commands.append(spec)
        handlers[spec.name] = handler
    }

    public init(service: GridEditorService, console: EditorConsole, liveView: Bool = false) {
        self.service = service
        self.console = console
        self.liveView = liveView
        for kind in EditingKinds.all {
            for command in kind.commands { kindCommands[command.spec.name, default: [:]][kind.kindName] = command }
        }
    }

    /// The command a word names: the active puzzle's kind's own when it has one by that name.
    func spec(named word: String) -> CommandSpec? {
        guard let spec = CommandSpec.named(word, in: commands) else { return nil }
        if let kind = service.active?.kindName, let own = kindCommands[spec.name]?[kind] { return own.spec }
        return spec
    }

    /// Runs one command line. Blank lines and `# comments` do nothing.
    public nonisolated(nonsending) func execute(_ line: String) async -> Result {
        let tokens: [Tokenizer.Token]
        do { tokens = try Tokenizer.split(line) } catch {
            switch error { case .unterminatedQuote(let q): return .failed("unterminated quote \(q): close it or escape it with \\") }
        }
        guard let first = tokens.first else { return .ok }
        guard let spec = spec(named: first.text) else {
            let hint = CommandSpec.suggestion(for: first.text, in: commands).map { "; did you mean `\($0)`?" } ?? ""
            return .failed("unknown command \"\(first.text)\"\(hint) (`help` lists the commands)")
        }
        do throws(EditError) {
            var arguments = try Arguments(spec: spec, words: tokens.dropFirst().map(\.text))
            return try await run(spec, &arguments)
        } catch {
            return .failed(error.description)
        }
    }

    private nonisolated(nonsending) func run(_ spec: CommandSpec, _ a: inout Arguments) async throws(EditError) -> Result {
        switch spec.name {
        case "new": try newDocument(&a)
        case "open": try open(&a)
        case "save": try save(&a)
        case "close": return try close(&a)
        case "list": try a.end(); listDocuments()
        case "switch": try switchDocument(&a)
        case "meta": try meta(&a)
        case "recover": try recover(&a)
        case "undo": try undoRedo(&a, undo: true)
        case "redo": try undoRedo(&a, undo: false)
        case "history": try a.end(); try history()
        case "validate": return try validate(&a)
        case "show": try show(&a)
        case "replay": return try await replay(&a)
        case "capture": return try await capture(&a)
        case "play": try play(&a)
        // A play board's hint; a kind's own `hint` while editing (a Sudoku's next step).
        case "hint" where service.active.map { $0.play != nil || kindCommands["hint"]?[$0.kindName] == nil } ?? true:
            try playHint(&a)
        case "help": try help(&a)
        case "quit": return try quit(force: a.flag("--force"), arguments: &a)
        default:
            if let handler = handlers[spec.name] {
                try handler(&a, self)
            } else if let byKind = kindCommands[spec.name] {
                // The active kind's; otherwise the one kind that has it (its handler says which puzzle it needs).
                let command = service.active.flatMap { byKind[$0.kindName] } ?? byKind.sorted { $0.key < $1.key }.first!.value
                try command.handler(&a, self)
            } else {
                throw EditError("\(spec.name) is not implemented")
            }
        }
        return .ok
    }

    // MARK: Shared helpers

    public func requireDocument() throws(EditError) -> EditorDocument {
        guard let document = service.active else {
            throw EditError("no puzzle is open; `open PATH` opens one, `new tangram` or `new sudoku-9x9` starts one")
        }
        return document
    }

    /// Performs a proposal on a document and reports it.
    public func perform(_ proposal: Proposal, on document: EditorDocument) throws(EditError) {
        guard !proposal.command.isEmpty else {
            // Snapping can bring a piece back where it was: no edit, nothing to undo.
            console.say("\(proposal.command.label): nothing changed", .note)
            for note in proposal.notes { console.say("  " + note, .note) }
            return
        }
        let outcome = try service.perform(proposal, on: document)
        report(outcome, on: document)
    }

    func report(_ outcome: EditOutcome, on document: EditorDocument, prefix: String = "") {
        console.say(prefix + outcome.command.label, .edit)
        for note in outcome.notes { console.say("  " + note, .note) }
        sayPlay(document)
        reportChanges(added: outcome.added, resolved: outcome.resolved)
        sayJournalWarnings()
        if liveView { console.documentChanged(document) }
    }

    func reportChanges(added: [Finding], resolved: [Finding]) {
        for finding in resolved { console.say("  fixed: [\(finding.rule)] \(finding.message)", .dim) }
        for finding in added { console.say("  " + Self.line(for: finding), finding.severity == .error ? .error : .warning) }
    }

    private var journalWarningsShown = 0

    func sayJournalWarnings() {
        for warning in service.journalWarnings.dropFirst(journalWarningsShown) { console.say("warning: " + warning, .warning) }
        journalWarningsShown = service.journalWarnings.count
    }

    /// `error [tangram.overlap] small-1 overlaps medium (pieces[2]); …`
    public static func line(for finding: Finding) -> String {
        "\(finding.severity.rawValue) [\(finding.rule)] \(finding.message)"
    }

    /// `2 errors, 1 warning` or `no problems`.
    public static func summary(of findings: [Finding]) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        if findings.isEmpty { return "no problems" }
        var parts: [String] = []
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }

    // MARK: Editing history and views

    private func undoRedo(_ a: inout Arguments, undo: Bool) throws(EditError) {
        let count = try a.optionalCount() ?? 1
        try a.end()
        let document = try requireDocument()
        for step in 0..<count {
            let available = undo ? document.undoStack.count : document.redoStack.count
            guard available > 0 else {
                if step == 0 { throw EditError(undo ? "nothing to undo" : "nothing to redo") }
                console.say("  (only \(step) to \(undo ? "undo" : "redo"))", .note)
                break
            }
            let outcome = undo ? try service.undo(document) : try service.redo(document)
            console.say((undo ? "undo: " : "redo: ") + outcome.command.label, .edit)
            reportChanges(added: outcome.added, resolved: outcome.resolved)
        }
        sayJournalWarnings()
        if liveView { console.documentChanged(document) }
    }

    private func history() throws(EditError) {
        let document = try requireDocument()
        if document.undoStack.isEmpty && document.redoStack.isEmpty {
            console.say("no edits yet", .dim)
            return
        }
        if document.savedDepth == 0 { console.say("    [saved] as opened", .dim) }
        for (i, command) in document.undoStack.enumerated() {
            let marker = i == document.undoStack.count - 1 ? ">" : " "
            let saved = document.savedDepth == i + 1 ? "   [saved]" : ""
            console.say("\(marker)\(Self.leftPad(String(i + 1), 3)) \(command.label)\(saved)", .plain)
        }
        if document.undoStack.isEmpty { console.say(">    (start)", .plain) }
        for (k, command) in document.redoStack.reversed().enumerated() {
            let n = document.undoStack.count + k + 1
            let saved = document.savedDepth == n ? "   [saved]" : ""
            console.say(" \(Self.leftPad(String(n), 3)) (undone) \(command.label)\(saved)", .dim)
        }
    }

    private func validate(_ a: inout Arguments) throws(EditError) -> Result {
        try a.end()
        let document = try requireDocument()
        let findings = service.validate(document)
        for finding in findings { console.say(Self.line(for: finding), finding.severity == .error ? .error : .warning) }
        console.say("\(document.displayName): \(Self.summary(of: findings))", findings.isEmpty ? .edit : .plain)
        let errors = findings.filter { $0.severity == .error }.count
        return errors == 0 ? .ok : .failed("\(document.displayName) has \(errors) error\(errors == 1 ? "" : "s")")
    }

    private func show(_ a: inout Arguments) throws(EditError) {
        if let word = a.optional() {
            guard word == "live", let state = a.optional(), state == "on" || state == "off" else {
                throw EditError("usage: show | show live on|off")
            }
            try a.end()
            liveView = state == "on"
            console.say("live view \(state)", .note)
            return
        }
        console.show(try requireDocument())
    }

    private func help(_ a: inout Arguments) throws(EditError) {
        if let name = a.optional() {
            try a.end()
            guard let spec = CommandSpec.named(name, in: commands) else {
                let hint = CommandSpec.suggestion(for: name, in: commands).map { "; did you mean `\($0)`?" } ?? ""
                throw EditError("no command \"\(name)\"\(hint)")
            }
            console.say(spec.helpText(width: console.width), .plain)
            return
        }
        let column = 34
        let width = max(console.width, column + 30)
        var groups: [CommandSpec.Group] = []
        for spec in commands where !groups.contains(spec.group) { groups.append(spec.group) }
        for group in groups {
            console.say(group.title, .heading)
            for spec in commands where spec.group == group {
                let summary = Self.wrap(spec.summary, width: width - column - 1)
                if spec.usage.count > column - 3 {
                    console.say("  " + spec.usage, .plain)
                    for line in summary { console.say(String(repeating: " ", count: column + 1) + line, .plain) }
                } else {
                    for (i, line) in summary.enumerated() {
                        console.say((i == 0 ? "  " + Self.pad(spec.usage, column - 2) : String(repeating: " ", count: column)) + " " + line, .plain)
                    }
                }
            }
        }
        console.say("`help COMMAND` explains one. Tab completes commands, pieces and paths; Ctrl-R searches history.", .dim)
    }

    /// Words of `text` in lines of at most `width` characters.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    static func leftPad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    // MARK: Quitting

    /// Ends the session: asks about each puzzle with unsaved changes (interactive), or refuses
    /// (a script) unless forced. Journals of dropped changes are deleted.
    public func quit(force: Bool, arguments: inout Arguments) throws(EditError) -> Result {
        try arguments.end()
        return try quit(force: force)
    }

    public func quit(force: Bool) throws(EditError) -> Result {
        let dirty = service.documents.filter(\.isDirty)
        if !dirty.isEmpty && !force {
            guard console.isInteractive else {
                throw EditError("unsaved changes in \(dirty.map(\.displayName).joined(separator: ", ")): save them, "
                                + "or `quit --force` to drop them")
            }
            for document in dirty {
                service.activate(document)
                switch console.ask("Save changes to \(document.displayName) before quitting?",
                                   options: [("y", "yes"), ("n", "no, drop them"), ("c", "cancel")]) {
                case "y":
                    guard document.path != nil else {
                        throw EditError("\(document.displayName) has no file yet: `save as PATH`, then quit")
                    }
                    let report = try service.save(document)
                    console.say("saved \(report.path)", .edit)
                case "n":
                    break
                case nil:
                    service.abandon()
                    console.say("input ended; the unsaved edits stay in the journal: run gridedit again and `recover`", .warning)
                    return .quit
                default:
                    console.say("quit cancelled", .note)
                    return .ok
                }
            }
        }
        for document in service.documents { try? service.close(document, discardingChanges: true) }
        return .quit
    }
}

/// The words after a command name: positionals in order, flags (`--force`) set aside.
public struct Arguments {
    let spec: CommandSpec
    private(set) var words: [String]
    private(set) var flags: Set<String> = []
    private(set) var options: [String: String] = [:]

    static let valued: Set<String> = ["--speed", "--camera", "--video", "--colors", "--port", "--host", "--records", "--hint"]

    init(spec: CommandSpec, words: [String]) throws(EditError) {
        self.spec = spec
        var positional: [String] = []
        var i = 0
        while i < words.count {
            let word = words[i]
            if word.hasPrefix("--") {
                guard spec.flags.contains(word) else {
                    let known = spec.flags.isEmpty ? "it takes no options" : "its options: \(spec.flags.joined(separator: ", "))"
                    throw EditError("\(spec.name) has no option \(word); \(known)")
                }
                if Self.valued.contains(word) {
                    guard i + 1 < words.count else { throw EditError("\(word) needs a value") }
                    options[word] = words[i + 1]
                    i += 2
                    continue
                }
                flags.insert(word)
            } else {
                positional.append(word)
            }
            i += 1
        }
        self.words = positional
    }

    public func flag(_ name: String) -> Bool { flags.contains(name) }
    public func option(_ name: String) -> String? { options[name] }

    public var isEmpty: Bool { words.isEmpty }
    public var remaining: [String] { words }

    public mutating func next(_ what: String) throws(EditError) -> String {
        guard !words.isEmpty else { throw EditError("\(spec.name) needs \(what); usage: \(spec.usage)") }
        return words.removeFirst()
    }

    public mutating func optional() -> String? {
        words.isEmpty ? nil : words.removeFirst()
    }

    mutating func peek() -> String? { words.first }

    public mutating func optionalCount() throws(EditError) -> Int? {
        guard let word = optional() else { return nil }
        guard let n = Int(word), n > 0 else { throw EditError("\(word) is not a count; give a whole number like 3") }
        return n
    }

    public func end() throws(EditError) {
        guard words.isEmpty else {
            throw EditError("\(spec.name) does not take \"\(words.joined(separator: " "))\"; usage: \(spec.usage)")
        }
    }
}
