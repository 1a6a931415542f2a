import GridEditCore
import GridEditLayout

extension CommandInterpreter {
    /// Performs a typed document request (the page's open, new and save); what it says goes to
    /// the console, as for the REPL's lines, which are parsed into the same requests.
    public func perform(_ request: DocumentRequest) -> DocumentReply {
        do throws(EditError) {
            switch request {
            case .new(let template, let path, let empty): try newDocument(template: template, path: path, empty: empty)
            case .open(let path, let shownAs, let unsaved):
                if let orphan = try open(path, shownAs: shownAs ?? path, unsaved: unsaved) { return .unsaved(orphan) }
            case .save(let target, let force): try save(as: target, force: force)
            }
            return .done
        } catch {
            return .failed(error.description)
        }
    }

    func newDocument(_ a: inout Arguments) throws(EditError) {
        let empty = a.flag("--empty")
        let template = try a.next("a template (tangram, sudoku-4x4, sudoku-6x6, sudoku-9x9)")
        let path = a.optional()
        try a.end()
        try newDocument(template: template, path: path, empty: empty)
    }

    private func newDocument(template: String, path: String?, empty: Bool) throws(EditError) {
        var template = template
        let names = TemplateLocator.names(in: service.environment.templatesFolder)
        if !names.contains(template), let match = names.first(where: { $0.hasPrefix(template + "-9") || $0 == "sudoku-" + template }) {
            template = match  // `new sudoku` is the 9×9 one; `new 4x4` the 4×4 one
        }
        let document = try service.newDocument(template: template, path: path, empty: empty)
        console.say("new \(template): \(document.displayName)" + (path == nil ? " (untitled until `save as PATH`)" : ""), .edit)
        summarizeFindings(document)
        if liveView { console.documentChanged(document) }
    }

    func open(_ a: inout Arguments) throws(EditError) {
        guard !a.isEmpty else { throw EditError("open needs a file; usage: \(a.spec.usage)") }
        let unsaved: DocumentRequest.UnsavedEdits = a.flag("--recover") ? .recover : .ask
        while let path = a.optional() { _ = try open(path, shownAs: path, unsaved: unsaved) }
    }

    /// Opens one file; returns its unsaved edits from an earlier session, unopened, when told to
    /// `refuse` them.
    private func open(_ path: String, shownAs: String, unsaved: DocumentRequest.UnsavedEdits) throws(EditError) -> OrphanJournal? {
        if let already = service.document(at: path) {
            service.activate(already)
            console.say("\(already.displayName) is already open; now active", .note)
            if liveView { console.documentChanged(already) }
            return nil
        }
        if let orphan = service.orphanedJournals(for: path).last {
            if unsaved == .refuse { return orphan }
            if try offerRecovery(orphan, path: shownAs, unsaved: unsaved) { return nil }
        }
        let document = try service.open(path)
        console.say("opened \(shownAs) (\(document.kindName) \(kindSummary(document)))", .edit)
        summarizeFindings(document)
        if liveView { console.documentChanged(document) }
        return nil
    }

    /// Asks about unsaved edits of an earlier session (at a terminal), or follows the request's
    /// answer; true when the document was recovered (and so is open).
    private func offerRecovery(_ orphan: OrphanJournal, path: String, unsaved: DocumentRequest.UnsavedEdits) throws(EditError) -> Bool {
        var choice = unsaved
        if choice == .ask {
            let what = orphan.summary(for: path)
            if console.isInteractive {
                switch console.ask(what + ". Recover them?", options: [("r", "recover"), ("d", "discard them"), ("k", "keep them for later")]) {
                case "r": choice = .recover
                case "d": choice = .discard
                default: choice = .keep
                }
            } else {
                console.say("note: \(what); `open --recover \(path)` restores them", .note)
                choice = .keep
            }
        }
        switch choice {
        case .recover:
            reportRecovery(try service.recover(orphan))
            return true
        case .discard:
            service.discard(orphan)
            let edits = orphan.commands.count
            console.say("discarded the \(edits) unsaved edit\(edits == 1 ? "" : "s") of \(path)", .note)
        case .ask, .refuse, .keep:
            break
        }
        return false
    }

    func reportRecovery(_ recovery: GridEditorService.Recovery) {
        let document = recovery.document
        console.say("recovered \(recovery.replayed) edit\(recovery.replayed == 1 ? "" : "s") to \(document.displayName)"
                    + " (unsaved; `undo` steps back through them)", .edit)
        for note in recovery.notes { console.say("  " + note, .note) }
        summarizeFindings(document)
        if liveView { console.documentChanged(document) }
    }

    func kindSummary(_ document: EditorDocument) -> String {
        EditingKinds.of(document).summary(of: document)
    }

    func summarizeFindings(_ document: EditorDocument) {
        guard !document.findings.isEmpty else { return }
        for finding in document.findings { console.say("  " + Self.line(for: finding), finding.severity == .error ? .error : .warning) }
    }

    func save(_ a: inout Arguments) throws(EditError) {
        var target: String?
        if let word = a.optional() {
            guard word == "as" else { throw EditError("usage: save [--force] | save as PATH [--force]") }
            target = try a.next("a file name after `save as`")
        }
        try a.end()
        try save(as: target, force: a.flag("--force"))
    }

    private func save(as target: String?, force: Bool) throws(EditError) {
        let document = try requireDocument()
        let report = try service.save(document, as: target, force: force)
        console.say("saved \(report.path)", .edit)
        for note in report.notes { console.say("  " + note, .note) }
    }

    func close(_ a: inout Arguments) throws(EditError) -> Result {
        try a.end()
        let document = try requireDocument()
        var discard = a.flag("--force")
        if document.isDirty && !discard {
            guard console.isInteractive else {
                throw EditError("\(document.displayName) has unsaved changes; save it, or `close --force` to drop them")
            }
            switch console.ask("Save changes to \(document.displayName) before closing?",
                               options: [("y", "yes"), ("n", "no, drop them"), ("c", "cancel")]) {
            case "y":
                guard document.path != nil else { throw EditError("\(document.displayName) has no file yet: `save as PATH` first") }
                let report = try service.save(document)
                console.say("saved \(report.path)", .edit)
            case "n":
                discard = true
            case nil:
                return .quit
            default:
                console.say("close cancelled", .note)
                return .ok
            }
        }
        try service.close(document, discardingChanges: discard)
        console.say("closed \(document.displayName)", .edit)
        if let next = service.active {
            console.say("active: \(next.displayName)", .note)
            if liveView { console.documentChanged(next) }
        }
        return .ok
    }

    func listDocuments() {
        guard !service.documents.isEmpty else {
            console.say("no puzzles open", .dim)
            return
        }
        for (i, document) in service.documents.enumerated() {
            let marks = (document === service.active ? "*" : " ") + (document.isDirty ? "+" : " ")
            let path = document.path ?? "(not saved yet)"
            console.say("\(marks) \(i + 1)  \(Self.pad(document.displayName, 20)) \(Self.pad(document.kindName, 8)) \(path)", .plain)
        }
    }

    func switchDocument(_ a: inout Arguments) throws(EditError) {
        let key = try a.next("a number or name from `list`")
        try a.end()
        let documents = service.documents
        var found: EditorDocument?
        if let n = Int(key), documents.indices.contains(n - 1) { found = documents[n - 1] }
        found = found ?? documents.first { $0.displayName == key || $0.path == key }
            ?? documents.first { $0.displayName.hasPrefix(key) }
        guard let document = found else { throw EditError("no open puzzle \"\(key)\"; `list` shows them") }
        service.activate(document)
        console.say("active: \(document.displayName)", .edit)
        if liveView { console.documentChanged(document) }
    }

    func meta(_ a: inout Arguments) throws(EditError) {
        let document = try requireDocument()
        var metadata = document.puzzle.metadata
        guard let field = a.optional() else {
            console.say("id           \(metadata.id)", .plain)
            console.say("name         \(metadata.name)", .plain)
            console.say("difficulty   \(metadata.difficulty.rawValue)", .plain)
            console.say("author       \(metadata.author ?? "-")", .plain)
            console.say("description  \(metadata.description ?? "-")", .plain)
            console.say("tags         \(metadata.tags.isEmpty ? "-" : metadata.tags.joined(separator: ", "))", .plain)
            console.say("created      \(metadata.createdAt)   updated \(metadata.updatedAt)", .dim)
            return
        }
        let value = a.remaining.joined(separator: " ")
        guard !value.isEmpty else { throw EditError("meta \(field) needs a value") }
        switch field {
        case "id":
            guard PuzzleMetadata.isValidID(value) else {
                throw EditError("\"\(value)\" is not an id: use lower-case letters and digits joined by single dashes, like sleepy-cat")
            }
            metadata.id = value
        case "name":
            metadata.name = value
        case "difficulty":
            guard let difficulty = Difficulty(rawValue: value) else {
                throw EditError("difficulty is one of \(Difficulty.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            metadata.difficulty = difficulty
        case "author": metadata.author = value == "-" ? nil : value
        case "description": metadata.description = value == "-" ? nil : value
        case "tags":
            metadata.tags = value == "-" ? [] : value.split(separator: ",").map { String($0).trimming(" ") }
        default:
            throw EditError("no field \"\(field)\"; meta changes id, name, difficulty, author, description or tags")
        }
        let command = EditCommand(label: "meta \(field) = \(value)", changes: [.metadata(before: document.puzzle.metadata, after: metadata)])
        guard !command.isEmpty else { throw EditError("\(field) is already \(value)") }
        try perform(Proposal(command: command), on: document)
    }

    func recover(_ a: inout Arguments) throws(EditError) {
        let orphans = service.orphanedJournals()
        guard let word = a.optional() else {
            guard !orphans.isEmpty else {
                console.say("nothing to recover: no session ended with unsaved edits", .dim)
                return
            }
            for (i, orphan) in orphans.enumerated() {
                let count = orphan.commands.count
                console.say("\(i + 1)  \(orphan.title): \(count) edit\(count == 1 ? "" : "s"), session started \(orphan.header.started)", .plain)
            }
            console.say("`recover N` restores one; `recover N --discard` deletes it", .dim)
            return
        }
        try a.end()
        guard let n = Int(word), orphans.indices.contains(n - 1) else {
            throw EditError("no journal \(word); `recover` lists them (1…\(orphans.count))")
        }
        let orphan = orphans[n - 1]
        if a.flag("--discard") {
            service.discard(orphan)
            console.say("discarded the unsaved edits of \(orphan.title)", .edit)
            return
        }
        reportRecovery(try service.recover(orphan))
    }
}
