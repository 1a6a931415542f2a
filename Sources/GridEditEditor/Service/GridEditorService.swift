import GridEditCore
import GridEditJSON
import GridEditLayout

/// What an edit did: the command, how it was resolved, and the validation that followed.
public struct EditOutcome: Sendable {
    public var command: EditCommand
    public var notes: [String]
    /// Every finding after the edit.
    public var findings: [Finding]
    /// Findings the edit introduced.
    public var added: [Finding]
    /// Findings the edit fixed.
    public var resolved: [Finding]
}

/// What a save did.
public struct SaveReport: Sendable {
    public var path: String
    public var notes: [String]
}

/// The editor core: several open documents (one active), every edit a command object with
/// unlimited undo and redo, dirty tracking, journaling for crash recovery, and validation after
/// every edit. It knows nothing of terminals: the REPL, tests and benchmarks drive it alike.
public final class GridEditorService {
    public let environment: EditorEnvironment
    public private(set) var documents: [EditorDocument] = []
    public private(set) var active: EditorDocument?
    public let validator = ConstraintValidator()
    /// The verifier's answers (solutions, grades) for every front end of this service, worked
    /// out off the edit path.
    public let analyzer = Analyzer()
    /// Problems with the journal (it cannot be written): editing goes on without it.
    public private(set) var journalWarnings: [String] = []
    private var nextSerial = 1
    private let boot: String
    /// Called after every change of what a front end shows: an edit, undo or redo (from any
    /// source: a typed command, a replay, the camera, the browser), a save, an open, a close,
    /// another document made active. A second front end sharing the session (`gridedit serve`)
    /// uses it to redraw; the findings are current when it runs.
    public var didChange: (() -> Void)?

    public init(environment: EditorEnvironment = EditorEnvironment()) {
        self.environment = environment
        self.boot = environment.journals == nil ? "" : JournalStore.bootID()
    }

    // MARK: Documents

    /// Makes an open document the active one.
    public func activate(_ document: EditorDocument) {
        precondition(documents.contains { $0 === document }, "not an open document")
        active = document
        didChange?()
    }

    /// Chooses the arrangement piece commands act on (a Tangram's solution or tray). Not an edit,
    /// but what front ends show changes at once: every page repaints the board and caption.
    public func setLayer(_ layer: Layer, of document: EditorDocument) {
        guard document.layer != layer else { return }
        document.layer = layer
        didChange?()
    }

    /// The open document for a path, if any (compared as absolute paths).
    public func document(at path: String) -> EditorDocument? {
        let absolute = FileSystem.absolute(path)
        return documents.first { $0.path.map(FileSystem.absolute) == absolute }
    }

    /// Starts a document from a template (`tangram`, `sudoku-9x9`, …). With a path, the id and
    /// name come from the file name and a save goes there (refusing to replace an existing file).
    /// `empty` starts with nothing on the board (a tangram's pieces all unplaced).
    @discardableResult
    public func newDocument(template name: String, path: String? = nil, empty: Bool = false) throws(EditError) -> EditorDocument {
        guard let folder = environment.templatesFolder else {
            throw EditError("no templates folder found; run gridedit from the repository, or set GRIDEDIT_TEMPLATES")
        }
        let available = TemplateLocator.names(in: folder)
        guard available.contains(name) else {
            throw EditError("no template \"\(name)\"; choose from \(available.joined(separator: ", "))")
        }
        if let path, FileSystem.exists(path) {
            throw EditError("\(path) already exists; `open \(path)` to edit it, or pick another name")
        }
        let loaded: PuzzleStore.LoadedPuzzle
        do { loaded = try PuzzleStore(root: folder).load(folder + "/" + name + ".json") } catch {
            throw EditError(error.description)
        }
        var puzzle = loaded.document.puzzle
        if empty, let emptied = EditingKinds.named(puzzle.kindName).emptied(puzzle) { puzzle = emptied }
        let now = environment.now()
        var metadata = puzzle.metadata
        metadata.createdAt = now
        metadata.updatedAt = now
        if let path, let stem = Self.stem(of: path), PuzzleMetadata.isValidID(stem) {
            metadata.id = stem
            metadata.name = stem.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
        puzzle.metadata = metadata
        let document = EditorDocument(serial: takeSerial(), path: path, puzzle: puzzle,
                                      schemaReference: PuzzleDocument.defaultSchemaReference,
                                      fingerprint: path == nil ? nil : [])
        add(document)
        return document
    }

    /// Opens a puzzle file (or activates it when it is already open). Files with rule findings
    /// open (work in progress); files that do not decode are refused with their problems.
    @discardableResult
    public func open(_ path: String) throws(EditError) -> EditorDocument {
        if let open = document(at: path) {
            active = open
            didChange?()
            return open
        }
        // Temporary files of a save that a killed process never finished (AtomicFile).
        AtomicFile.removeStaleTemporaries(in: FileSystem.folder(of: path))
        let loaded: PuzzleStore.LoadedPuzzle
        do { loaded = try PuzzleStore(root: ".").load(path) } catch {
            throw EditError(error.description)
        }
        let document = EditorDocument(serial: takeSerial(), path: path, puzzle: loaded.document.puzzle,
                                      schemaReference: loaded.document.schemaReference, fingerprint: loaded.fingerprint)
        add(document)
        return document
    }

    /// New, opened and recovered documents get a live validation: opening stays fast whatever
    /// the puzzle (`validate` runs the searching rules).
    func add(_ document: EditorDocument) {
        document.liveFindings = liveFindings(of: document)
        document.searchFindings = nil
        documents.append(document)
        active = document
        didChange?()
    }

    func takeSerial() -> Int {
        defer { nextSerial += 1 }
        return nextSerial
    }

    static func stem(of path: String) -> String? {
        guard let name = path.split(separator: "/").last else { return nil }
        return name.hasSuffix(".json") ? String(name.dropLast(5)) : String(name)
    }

    /// Saves a document to its path, or to `newPath` ("save as"). Atomic; refuses to overwrite a
    /// file that changed on disk since it was loaded (or, for a new path, one that exists) unless
    /// `force`. The kind readies the puzzle first (a Sudoku whose working grid is filled in and
    /// correct gets it as its solution) and says what it did.
    @discardableResult
    public func save(_ document: EditorDocument, as newPath: String? = nil, force: Bool = false) throws(EditError) -> SaveReport {
        guard let target = newPath ?? document.path else {
            throw EditError("\(document.displayName) has no file yet; use `save as PATH`")
        }
        if document.play != nil {
            throw EditError("\(document.displayName) is a play board, not a puzzle file: its record is written as you play (`play stop` ends it)")
        }
        var puzzle = document.state.puzzle
        var notes = puzzle.prepareForSave()
        let samePath = document.path.map(FileSystem.absolute) == FileSystem.absolute(target)
        if !puzzle.hasSameFileFields(as: document.savedPuzzle) || !samePath || document.fingerprint == [] {
            puzzle.metadata.updatedAt = environment.now()
        }
        let expected: [UInt8]? = samePath ? document.fingerprint : []
        let isNewFile = !FileSystem.exists(target)
        let saved: PuzzleStore.LoadedPuzzle
        do {
            saved = try PuzzleStore(root: ".").save(PuzzleDocument(puzzle: puzzle, schemaReference: document.schemaReference),
                                                    to: target, expected: expected, force: force)
        } catch {
            if case .changedOnDisk = error {
                throw EditError(samePath
                    ? "\(target) changed on disk since it was opened; `save --force` overwrites the other change (or close and reopen)"
                    : "\(target) already exists; `save as \(target) --force` replaces it")
            }
            throw EditError(error.description)
        }
        AtomicFile.removeStaleTemporaries(in: FileSystem.folder(of: target))
        // A new file joins its folder's pack (pack.json made when missing), so `check` stays clean.
        if isNewFile {
            do throws(PuzzleStore.StoreError) {
                if let listing = try PuzzleStore(root: ".").list([target]) { notes.append(listing.summary) }
            } catch {
                notes.append(error.description)
            }
        }
        document.state.puzzle = puzzle
        document.savedPuzzle = puzzle
        document.fingerprint = saved.fingerprint
        document.path = target
        document.savedDepth = document.undoStack.count
        document.journal?.discard()
        document.journal = nil
        if !samePath, document.puzzle.metadata.id == "untitled", let stem = Self.stem(of: target), PuzzleMetadata.isValidID(stem) {
            notes.append("the puzzle's id is still \"untitled\"; `meta id \(stem)` sets it")
        }
        didChange?()
        return SaveReport(path: target, notes: notes)
    }

    /// Closes a document. With unsaved changes it refuses unless `discardingChanges` (the REPL
    /// asks first; a script must say so).
    public func close(_ document: EditorDocument, discardingChanges: Bool = false) throws(EditError) {
        guard !document.isDirty || discardingChanges else {
            throw EditError("\(document.displayName) has unsaved changes; save it, or close with --force to drop them")
        }
        document.journal?.discard()
        document.journal = nil
        document.play?.finish(completed: false)
        guard let index = documents.firstIndex(where: { $0 === document }) else { return }
        documents.remove(at: index)
        if active === document { active = documents.isEmpty ? nil : documents[min(index, documents.count - 1)] }
        didChange?()
    }

    /// The open documents with unsaved changes, by name, comma-separated; nil when there are none.
    /// What every way of ending a session says before it keeps them in their journals.
    public var unsavedNames: String? {
        let dirty = documents.filter(\.isDirty)
        return dirty.isEmpty ? nil : dirty.map(\.displayName).joined(separator: ", ")
    }

    /// Leaves the journals of documents with unsaved edits in place (for a session that ends
    /// abnormally); a document whose edits were all undone, or saved, has nothing to recover and
    /// leaves none.
    public func abandon() {
        for document in documents {
            if document.savedDepth == document.undoStack.count { document.journal?.discard() } else { document.journal?.close() }
            document.journal = nil
        }
    }

    // MARK: Editing

    /// Performs an edit on a document: applies it, records it for undo (clearing redo), journals
    /// it and validates.
    @discardableResult
    public func perform(_ proposal: Proposal, on document: EditorDocument) throws(EditError) -> EditOutcome {
        var proposal = proposal
        if let play = document.play {
            // On a play board, parts settled next to a place of the puzzle land on it, in the same edit.
            var state = document.state
            try proposal.command.apply(to: &state)
            let landing = play.judge.land(state.puzzle, after: proposal)
            proposal.command.changes += landing.changes
            proposal.notes += landing.notes
        }
        try record(proposal.command, on: document)
        document.remember(proposal)
        document.undoStack.append(proposal.command)
        document.redoStack.removeAll()
        if let depth = document.savedDepth, depth >= document.undoStack.count { document.savedDepth = nil }
        trimHistory(of: document)
        forgetJournalAtSavedPoint(document)
        return validate(document, after: proposal.command, notes: proposal.notes)
    }

    /// Undoes the last edit.
    @discardableResult
    public func undo(_ document: EditorDocument) throws(EditError) -> EditOutcome {
        guard let command = document.undoStack.last else { throw EditError("nothing to undo") }
        try record(command.inverse, on: document)
        document.undoStack.removeLast()
        document.redoStack.append(command)
        forgetJournalAtSavedPoint(document)
        return validate(document, after: command, notes: [])
    }

    /// Redoes the last undone edit.
    @discardableResult
    public func redo(_ document: EditorDocument) throws(EditError) -> EditOutcome {
        guard let command = document.redoStack.last else { throw EditError("nothing to redo") }
        try record(command, on: document)
        document.redoStack.removeLast()
        document.undoStack.append(command)
        forgetJournalAtSavedPoint(document)
        return validate(document, after: command, notes: [])
    }

    /// Forgets the oldest edits once the history is a tenth past ``EditorDocument/undoLimit``
    /// (never under an open edit group); the saved point moves with them, or is gone.
    func trimHistory(of document: EditorDocument) {
        let limit = EditorDocument.undoLimit
        guard document.openGroups == 0, document.undoStack.count > limit + limit / 10 else { return }
        let dropped = document.undoStack.count - limit
        document.undoStack.removeFirst(dropped)
        document.savedDepth = document.savedDepth.flatMap { $0 >= dropped ? $0 - dropped : nil }
    }

    /// Applies a command to the state and appends it to the journal.
    func record(_ command: EditCommand, on document: EditorDocument) throws(EditError) {
        var state = document.state
        try command.apply(to: &state)
        journal(command, for: document)
        document.state = state
    }

    /// Back at the saved point (every edit since the last save or open undone, or a capture
    /// cancelled): the journal has nothing to recover, so it goes; the next edit starts a new one.
    func forgetJournalAtSavedPoint(_ document: EditorDocument) {
        guard document.savedDepth == document.undoStack.count, let journal = document.journal else { return }
        journal.discard()
        document.journal = nil
    }

    private func journal(_ command: EditCommand, for document: EditorDocument) {
        // A play board is the child's, rebuilt by `play`; its record is written as it goes.
        guard let store = environment.journals, document.play == nil else { return }
        do {
            if document.journal == nil {
                document.journal = try store.create(header: document.journalHeader(boot: boot, started: environment.now()),
                                                    serial: document.serial)
            }
            try document.journal?.append(command)
        } catch {
            let warning = "journal off for \(document.displayName): \(error.message)"
            if !journalWarnings.contains(warning) { journalWarnings.append(warning) }
        }
    }

    /// Validates a document with every rule, the searching ones included (the REPL's `validate`).
    @discardableResult
    public func validate(_ document: EditorDocument) -> [Finding] {
        document.liveFindings = validator.validate(document.puzzle, depth: .live)
        document.searchFindings = validator.searchingFindings(document.puzzle)
        didChange?()
        return document.findings
    }

    /// After an edit: the live rules only. The searching rules' findings are now stale and are
    /// dropped until the next full validation; the report compares live findings.
    func validate(_ document: EditorDocument, after command: EditCommand, notes: [String]) -> EditOutcome {
        document.play?.observe(document.puzzle)
        let before = document.liveFindings
        let after = liveFindings(of: document)
        document.liveFindings = after
        document.searchFindings = nil
        let (added, resolved) = Self.difference(before: before, after: after)
        didChange?()
        return EditOutcome(command: command, notes: notes, findings: after, added: added, resolved: resolved)
    }

    /// The live rules' findings after an edit; none on a play board, whose board is a child's work
    /// in progress (pieces still in the tray), not a puzzle with problems (`validate` still asks).
    private func liveFindings(of document: EditorDocument) -> [Finding] {
        document.play == nil ? validator.validate(document.puzzle, depth: .live) : []
    }

    /// Findings that appeared and that went away. A rule whose one finding was replaced by one
    /// with new words (the disconnected pieces listed differently) counts as changed: only the
    /// new finding is reported, not a "fixed" for the old one.
    public static func difference(before: [Finding], after: [Finding]) -> (added: [Finding], resolved: [Finding]) {
        let key: (Finding) -> String = { "\($0.rule)|\($0.message)" }
        let old = Set(before.map(key))
        let new = Set(after.map(key))
        let added = after.filter { !old.contains(key($0)) }
        var resolved = before.filter { !new.contains(key($0)) }
        for rule in Set(added.map(\.rule)) where added.filter({ $0.rule == rule }).count == 1
            && resolved.filter({ $0.rule == rule }).count == 1 {
            resolved.removeAll { $0.rule == rule }
        }
        return (added, resolved)
    }

    // MARK: Recovery

    /// Journals of earlier sessions that ended without saving.
    public func orphanedJournals() -> [OrphanJournal] {
        environment.journals?.orphans() ?? []
    }

    public func orphanedJournals(for path: String) -> [OrphanJournal] {
        environment.journals?.orphans(forPath: FileSystem.absolute(path)) ?? []
    }

    public struct Recovery {
        public var document: EditorDocument
        public var replayed: Int
        public var notes: [String]
    }

    /// Restores a document from an orphaned journal: the state it started from, then its edits
    /// (each undoable). The orphan is deleted once the recovered document has its own journal.
    /// A file-backed document must not be open with unsaved changes.
    public func recover(_ orphan: OrphanJournal) throws(EditError) -> Recovery {
        let header = orphan.header
        var notes: [String] = []
        if let path = header.path, let open = document(at: path) {
            guard !open.isDirty else {
                throw EditError("\(open.displayName) is open with unsaved changes; save or close it before recovering")
            }
            try close(open)
        }
        let bytes = Array(header.document.utf8)
        let loaded = DocumentLoader.load(bytes, isManifest: false)
        guard case .puzzle(let base)? = loaded.document else {
            throw EditError("the journal's starting document does not load; it is left at \(orphan.file)")
        }
        var puzzle = base.puzzle
        if let play = header.play {
            do { try puzzle.restorePlayState(play) } catch { notes.append("the play state was not restored: \(error.message)") }
        }
        var fingerprint: [UInt8]? = nil
        var savedPuzzle = puzzle
        var changedDisk: [UInt8]?
        if let path = header.path {
            // The session that left the journal may have been killed in a save: its temporary
            // file goes, as at an `open` (AtomicFile).
            AtomicFile.removeStaleTemporaries(in: FileSystem.folder(of: path))
            switch FileSystem.read(path) {
            case .success(let disk) where FNV1a.hex(disk) == header.fileHash:
                fingerprint = disk
            case .success(let disk):
                fingerprint = bytes  // differs from the disk: a save will ask for --force
                changedDisk = disk
            case .failure:
                fingerprint = []
                notes.append("\(path) no longer exists; saving creates it again")
            }
        } else {
            savedPuzzle = puzzle
        }
        let document = EditorDocument(serial: takeSerial(), path: header.path, puzzle: puzzle,
                                      schemaReference: base.schemaReference, fingerprint: fingerprint)
        document.savedPuzzle = savedPuzzle
        document.state.groups = header.groups
        document.state.pins = header.pins
        document.state.marks = header.marks
        if header.path == nil { document.fingerprint = nil }
        var replayed = 0
        for command in orphan.commands {
            do {
                try record(command, on: document)
            } catch {
                notes.append("stopped after \(replayed) of \(orphan.commands.count) edits: \(error.message)")
                break
            }
            document.undoStack.append(command)
            replayed += 1
        }
        document.savedDepth = 0
        if let disk = changedDisk, let path = header.path {
            if let saved = Self.savedVersion(of: document.puzzle, on: disk) {
                // The file holds exactly these edits: the session saved them and was killed before
                // it deleted its journal (a save renames the new file into place first). Nothing
                // to confirm: the document is at its saved point, as after that save, and the
                // journal goes.
                document.state.puzzle = saved
                document.savedPuzzle = saved
                document.fingerprint = disk
                document.savedDepth = replayed
                notes.append("\(path) already holds these edits: they were saved as that session ended")
            } else {
                notes.append("\(path) changed on disk since those edits; saving will ask you to confirm with --force")
            }
        }
        if orphan.unreadable > 0 { notes.append("\(orphan.unreadable) damaged journal line(s) skipped") }
        forgetJournalAtSavedPoint(document)
        add(document)
        environment.journals?.remove(orphan)
        return Recovery(document: document, replayed: replayed, notes: notes)
    }

    /// The puzzle as a save of `puzzle` leaves it, when `disk` holds exactly what that save
    /// writes (its time stamp aside); nil otherwise.
    static func savedVersion(of puzzle: any Puzzle, on disk: [UInt8]) -> (any Puzzle)? {
        guard case .puzzle(let onDisk)? = DocumentLoader.load(disk, isManifest: false).document else { return nil }
        var saved = puzzle
        _ = saved.prepareForSave()
        saved.metadata.updatedAt = onDisk.puzzle.metadata.updatedAt
        return saved.hasSameFileFields(as: onDisk.puzzle) ? saved : nil
    }

    /// Deletes an orphaned journal without recovering it.
    public func discard(_ orphan: OrphanJournal) {
        environment.journals?.remove(orphan)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
