import GridEditCore
import GridEditEditor
import GridEditGeometry
import GridEditJSON
import GridEditLayout
import GridEditPageProtocol
import GridEditRender

/// One editing session shared by the REPL and every connected page: one `GridEditorService` (one
/// set of documents, one undo history, one journal per document), on the main actor. The REPL
/// runs its commands there; the server hops there for each page message. So access is
/// serialized by the main actor: an edit from any source is whole before the next one starts.
///
/// After every change, from any source (a typed command, a replay, the camera, a page), the new
/// state is pushed to every page: the service's `didChange` schedules one broadcast, built once.
@MainActor
public final class ServeSession {
    public let service: GridEditorService
    public let folder: ServedFolder
    let renderer: Renderer?
    private let console = BrowserConsole()
    /// The pages' interpreter: the same commands as the REPL's, its own console for the replies.
    private let interpreter: CommandInterpreter
    private var clients: [Int: Client] = [:]
    private var nextClient = 1
    /// Bumped each time a state that differs from the last one is sent.
    public private(set) var version = 0
    private var lastBody: JSONValue?
    private var lastText = ""
    /// The patches to the current version, by the version a page has: pages that had the same
    /// state are sent the same text, built once.
    private var patchTexts: [Int: String] = [:]
    private var broadcastScheduled = false

    /// Told what an edit from a page did (its lines, as the REPL would print them), after it is
    /// done: the REPL prints a note and redraws its live view.
    public var onPageEdit: (([String]) -> Void)?

    /// Per connection: its outgoing messages and its own gesture state (pointers are per page).
    private final class Client {
        let id: Int
        let outgoing: AsyncStream<String>.Continuation
        let input: LiveInput
        var touches = TouchLineReader()
        var touchCount = 0
        /// Messages of this page being handled: a state broadcast meanwhile waits for the reply.
        var handling = 0
        /// A state was broadcast while a message was being handled: the page gets it after its reply.
        var stateAfterReply = false
        /// The page asked for patches (`hello` with `patches`): a state reaches it as the members
        /// that changed since the last one it was sent.
        var patches = false
        /// The last state this page was sent (its members, without the version) and its version.
        var sent: (members: [JSONValue.Member], version: Int)?
        /// The page stopped reading: its queue of ``queueLimit`` messages overflowed. Its
        /// connection is closed (nothing it was sent is dropped in silence); it reconnects.
        var fellBehind = false

        init(id: Int, outgoing: AsyncStream<String>.Continuation, service: GridEditorService) {
            self.id = id
            self.outgoing = outgoing
            self.input = LiveInput(service: service)
        }
    }

    public init(service: GridEditorService, folder: ServedFolder, templatesFolder: String?) {
        self.service = service
        self.folder = folder
        self.interpreter = CommandInterpreter(service: service, console: console, liveView: false)
        interpreter.playRecords = FileSystem.join(folder.root, "playtests")
        var renderer: Renderer?
        if let templatesFolder, let style = try? Style.load(templatesFolder + "/style.jsonc") {
            renderer = try? Renderer(style: style)
        }
        self.renderer = renderer
        service.didChange = { [weak self] in
            // The service is only used on the main actor (the REPL and this session run there).
            MainActor.assumeIsolated { self?.changed() }
        }
    }

    // MARK: Connections

    /// A page connected: its id and the messages to send it, the current state first.
    public func connect() -> (id: Int, outgoing: AsyncStream<String>) {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingOldest(Self.queueLimit))
        let id = nextClient
        nextClient += 1
        let client = Client(id: id, outgoing: continuation, service: service)
        clients[id] = client
        currentStateText()
        sendState(to: client)
        return (id, stream)
    }

    /// Messages waiting for a page that does not read them (a tab in the background of a slow
    /// machine): past this many its connection is closed, so the page reconnects to the current
    /// state instead of missing a reply or a state.
    public static let queueLimit = 1024

    /// Queues a message for a page; one that cannot be queued ends the page's connection.
    private func send(_ text: String, to client: Client) {
        guard !client.fellBehind else { return }
        if case .dropped = client.outgoing.yield(text) {
            client.fellBehind = true
            client.outgoing.finish()
            StandardStreams.writeError("gridedit serve: page \(client.id) fell \(Self.queueLimit) messages behind; its connection is closed and it reconnects to the current state\n")
        }
    }

    /// Whether a page's connection ended because it fell behind (its socket is then closed with
    /// a reason the page can show).
    public func fellBehind(_ id: Int) -> Bool { clients[id]?.fellBehind ?? false }

    public func disconnect(_ id: Int) {
        clients.removeValue(forKey: id)?.outgoing.finish()
    }

    public var connectedPages: Int { clients.count }

    // MARK: Broadcasting

    /// Something changed: every page gets the new state once the current job is done (several
    /// changes in one job, such as a multi-step undo, make one broadcast). A page's message
    /// sends it at once after its reply (``receive(_:from:)``), so the state after every page
    /// message, a save's included, reaches every page before anything else changes it.
    public func changed() {
        guard !broadcastScheduled else { return }
        broadcastScheduled = true
        Task { @MainActor in if self.broadcastScheduled { self.broadcast() } }
    }

    private func broadcast() {
        broadcastScheduled = false
        let before = version
        currentStateText()
        guard version != before else { return }
        for client in clients.values {
            if client.handling > 0 { client.stateAfterReply = true } else { sendState(to: client) }
        }
    }

    /// Sends a page the state last built (``currentStateText()``): the whole message, or to a page that asked for patches
    /// and has had a state, a `patch` of the members that changed since that one (nothing when
    /// it has this version already). The SVG, the largest member, then travels only when the
    /// drawing changed: not when the verifier's answer arrives, nor for a finding or a save.
    private func sendState(to client: Client, whole: Bool = false) {
        let text = lastText
        guard case .object(let members)? = lastBody else { return send(text, to: client) }
        defer { client.sent = (members, version) }
        guard client.patches, !whole, let sent = client.sent else { return send(text, to: client) }
        guard sent.version != version else { return }
        if let patch = patchTexts[sent.version] { return send(patch, to: client) }
        var before: [String: JSONValue] = [:]
        for member in sent.members { before[member.key] = member.value }
        let set = members.filter { before[$0.key] != $0.value }
        let now = Set(members.map(\.key))
        let removed = sent.members.map(\.key).filter { !now.contains($0) }
        let patch = JSONValue.object([.init("type", .string("patch")), .init("version", .int(version)), .init("set", .object(set)),
                                      .init("remove", .array(removed.map(JSONValue.string)))]).compactText
        patchTexts[sent.version] = patch
        send(patch, to: client)
    }

    /// The state message; a new version when it differs from the last one built.
    @discardableResult
    func currentStateText() -> String {
        // The verifier's answer for the active puzzle: known, or on its way (a newer edit cancels
        // an older analysis; the answer's arrival is a change like any other).
        // A play board has its judge instead: the verifier's panel is the designer's.
        let analysis = service.active.flatMap { $0.play == nil ? EditingKinds.of($0).analysisJob(of: $0) : nil }.map { job in
            service.analyzer.start(job) { [weak self] _ in Task { @MainActor in self?.changed() } }
        }
        let body = StateMessage(document: service.active, documents: service.documents, renderer: renderer, folder: folder,
                                journalWarnings: service.journalWarnings, analysis: analysis).json()
        if body != lastBody || lastBody == nil {
            version += 1
            lastBody = body
            patchTexts = [:]
            guard case .object(var members) = body else { return lastText }
            members.insert(.init("version", .int(version)), at: 2)
            lastText = JSONValue.object(members).compactText
        }
        return lastText
    }

    // MARK: Messages

    /// Handles one message from a page; the reply goes to that page before the state broadcast
    /// the edit causes, also when handling it waited and the broadcast came meanwhile (other pages
    /// get the state at once). The state the message left is broadcast right after the reply, in
    /// the same job: no other edit comes between (docs/serve.md, "Several pages and the REPL").
    /// Malformed messages get an error reply and change nothing.
    public func receive(_ text: String, from clientID: Int) async {
        guard let client = clients[clientID] else { return }
        let reply: JSONValue
        client.handling += 1
        do throws(ProtocolError) {
            let (id, message) = try ClientMessage.parse(text)
            reply = await handle(message, id: id, client: client)
        } catch {
            reply = Self.error(error.message, id: error.id)
        }
        client.handling -= 1
        send(reply.compactText, to: client)
        if client.handling == 0, client.stateAfterReply {
            client.stateAfterReply = false
            sendState(to: client)
        }
        if broadcastScheduled { broadcast() }
    }

    /// An error reply for a message that could not be read at all (too long, binary, not UTF-8).
    public func refuse(_ message: String, from clientID: Int) {
        if let client = clients[clientID] { send(Self.error(message, id: .null).compactText, to: client) }
    }

    private func handle(_ message: ClientMessage, id: JSONValue, client: Client) async -> JSONValue {
        switch message {
        case .hello(let patches):
            currentStateText()
            sendState(to: client, whole: true)
            client.patches = patches
            return .fields(["type": .string("welcome"), "id": id, "protocol": .int(ClientMessage.version)])
        case .command(let line):
            if let refusal = BrowserCommands.refusal(line) { return Self.error(refusal, id: id) }
            return await run(line, id: id)
        case .touch(let event):
            return touch(event, id: id, client: client)
        case .ghost(let name, let dx, let dy):
            return ghost(name, dx: dx, dy: dy, id: id)
        case .open(let path, let unsaved):
            do throws(PathRefusal) {
                let real = try folder.resolve(path)
                guard real.hasSuffix(".json"), FileSystem.isFile(real) else { throw .notPuzzleFile(path) }
                return await open(real, as: path, unsaved: unsaved, id: id)
            } catch { return Self.error(error.description, id: id) }
        case .new(let template, let path, let empty):
            guard !template.isEmpty, template.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
                return Self.error("\"\(template)\" is not a template name; use tangram, sudoku-4x4, sudoku-6x6 or sudoku-9x9", id: id)
            }
            guard let path else { return await perform(.new(template: template, path: nil, empty: empty), id: id) }
            do throws(PathRefusal) {
                let real = try puzzleFile(path)
                return await perform(.new(template: template, path: real, empty: empty), id: id)
            } catch { return Self.error(error.description, id: id) }
        case .save(let path, let force):
            if let path {
                do throws(PathRefusal) {
                    return await perform(.save(as: try puzzleFile(path), force: force), id: id)
                } catch { return Self.error(error.description, id: id) }
            }
            if let current = service.active?.path, folder.relative(ServedFolder.realPath(current) ?? FileSystem.absolute(current)) == nil {
                return Self.error("\(current) is outside the served folder; save it from the REPL", id: id)
            }
            return await perform(.save(as: nil, force: force), id: id)
        case .reorder(let packFolder, let order):
            do throws(PackOrderError) {
                let written = try PackListing.reorder(packFolder, to: order, in: folder)
                return .fields(["type": .string("result"), "id": id, "ok": .bool(true),
                                "output": .array([.fields(["text": .string("saved the order of \(written)/pack.json"), "style": .string("edit")])])])
            } catch {
                return .fields(["type": .string("result"), "id": id, "ok": .bool(false), "output": .array([]), "error": .string(error.message)])
            }
        case .pack:
            return .fields(["type": .string("pack"), "id": id, "puzzles": .array(PackListing.puzzles(in: folder, open: service.documents)),
                            "packs": .array(PackListing.packs(in: folder)),
                            "curricula": .array(PackListing.curricula(in: folder))])
        }
    }

    /// Runs a command line through the pages' interpreter: the edit is an ordinary editor
    /// command (journaled, undoable, validated), and the REPL is told about it.
    private func run(_ line: String, id: JSONValue) async -> JSONValue {
        await reply(id: id) {
            if case .failed(let message) = await interpreter.execute(line) { return message }
            return nil
        }
    }

    /// Performs a typed document request (open, new, save) through the same interpreter.
    private func perform(_ request: DocumentRequest, id: JSONValue) async -> JSONValue {
        await reply(id: id) {
            if case .failed(let message) = interpreter.perform(request) { return message }
            return nil
        }
    }

    /// The `result` reply to what `body` did: the lines it printed on the console, and its
    /// error (nil when it succeeded). The REPL is told when it edited or changed the active puzzle.
    private func reply(id: JSONValue, _ body: () async -> String?) async -> JSONValue {
        _ = console.take()
        let edits = service.active?.undoStack.count
        let before = service.active.map(ObjectIdentifier.init)
        let failure = await body()
        let lines = console.take()
        let changed = edits != service.active?.undoStack.count || before != service.active.map(ObjectIdentifier.init)
            || lines.contains { $0.style == .edit }
        if changed { onPageEdit?(lines.map(\.text)) }
        var reply: [JSONValue.Member] = [
            .init("type", .string("result")), .init("id", id), .init("ok", .bool(failure == nil)),
            .init("output", .array(lines.map { .fields(["text": .string($0.text), "style": .string(Self.name($0.style))]) })),
        ]
        if let failure { reply.append(.init("error", .string(failure))) }
        return .object(reply)
    }

    /// A puzzle file of the served folder, to create or overwrite: a `.json` path inside it,
    /// its folders made as needed.
    private func puzzleFile(_ path: String) throws(PathRefusal) -> String {
        guard path.hasSuffix(".json") else { throw .notPuzzleFile(path) }
        let real = try folder.resolve(path, mustExist: false, creatingFolders: true)
        guard real.hasSuffix(".json") else { throw .notPuzzleFile(path) }
        return real
    }

    /// Opens a file of the folder. One with unsaved edits from a session that ended abruptly
    /// (`serve` killed, a crash) is opened only once the page says what to do with them: until
    /// then the reply refuses with `unsaved` (how many edits, when that session started), and the
    /// page asks, as the REPL's `open` asks at a terminal.
    private func open(_ real: String, as path: String, unsaved: ClientMessage.UnsavedEdits?, id: JSONValue) async -> JSONValue {
        let choice: DocumentRequest.UnsavedEdits = switch unsaved {
        case nil: .refuse
        case .recover?: .recover
        case .discard?: .discard
        case .keep?: .keep
        }
        var orphan: OrphanJournal?
        let reply = await reply(id: id) {
            switch interpreter.perform(.open(path: real, shownAs: path, unsaved: choice)) {
            case .done: return nil
            case .failed(let message): return message
            case .unsaved(let found): orphan = found; return ""
            }
        }
        guard let orphan else { return reply }
        let message = orphan.summary(for: path) + ": recover them, discard them, or open the file as saved and keep them for later"
        return .fields(["type": .string("result"), "id": id, "ok": .bool(false), "error": .string(message),
                        "unsaved": .fields(["path": .string(path), "edits": .int(orphan.commands.count), "started": .string(orphan.header.started)])])
    }

    /// One touch-file event through the same `LiveInput` path a `replay` takes.
    private func touch(_ node: JSONNode, id: JSONValue, client: Client) -> JSONValue {
        client.touchCount += 1
        let event: InputEvent
        do throws(JSONLineError) {
            guard case .event(let read) = try client.touches.read(LineObject(node: node, line: client.touchCount + 1)) else {
                return Self.error("a touch message carries one event; the touchFile header belongs in files", id: id)
            }
            event = read
        } catch {
            return Self.error("touch event: \(error.message)", id: id)
        }
        // The edit's lines styled as the interpreter styles a command's: the edit and its notes,
        // then the findings it added, as errors or warnings.
        var edits: [(text: String, style: String)] = []
        var others: [JSONValue] = []
        var ok = true
        for outcome in client.input.handle(event) {
            switch outcome {
            case .edited(let edit):
                edits.append((edit.command.label, "edit"))
                edits += edit.notes.map { ("  " + $0, "edit") }
                edits += edit.added.map { ("  " + CommandInterpreter.line(for: $0), $0.severity.rawValue) }
            case .ignored(let why):
                others.append(.fields(["text": .string(why), "style": .string("note")]))
            case .failed(let why):
                ok = false
                others.append(.fields(["text": .string(why), "style": .string("error")]))
            }
        }
        if !edits.isEmpty { onPageEdit?(edits.map(\.text)) }
        let output = edits.map { JSONValue.fields(["text": .string($0.text), "style": .string($0.style)]) } + others
        return .fields(["type": .string("result"), "id": id, "ok": .bool(ok), "output": .array(output)])
    }

    /// Where a piece dragged by (dx, dy) would land: the kind's drag preview (for a tangram the
    /// same `move` the drag's release performs), worked out and not performed.
    private func ghost(_ name: String, dx: Double, dy: Double, id: JSONValue) -> JSONValue {
        guard dx.isFinite, dy.isFinite, abs(dx) < 1000, abs(dy) < 1000 else { return Self.error("dx and dy must be finite numbers of units", id: id) }
        guard let document = service.active else { return Self.error("no puzzle is open", id: id) }
        let entry = EditingKinds.of(document)
        let drawing = entry.pageDrawing(of: document)
        guard let frame = renderer?.previewFrame(of: drawing.puzzle, options: StateMessage.options(for: drawing)) else {
            return Self.error("the puzzle is not drawn (no style)", id: id)
        }
        let preview: DragPreview
        do throws(EditError) {
            preview = try entry.dragPreview(part: name, dx: dx, dy: dy, in: document, frame: frame)
        } catch {
            return Self.error(error.message, id: id)
        }
        if let refusal = preview.refusal {
            return .fields(["type": .string("ghost"), "id": id, "piece": .string(name), "pieces": .array([]), "error": .string(refusal)])
        }
        let landed = preview.landed.map { JSONValue.fields(["piece": .string($0.part), "points": $0.outline]) }
        return .fields(["type": .string("ghost"), "id": id, "piece": .string(name), "pieces": .array(landed),
                        "notes": .array(preview.notes.map(JSONValue.string))])
    }

    static func error(_ message: String, id: JSONValue) -> JSONValue {
        .fields(["type": .string("error"), "id": id, "message": .string(message)])
    }

    static func name(_ style: MessageStyle) -> String {
        switch style {
        case .plain: "plain"
        case .edit: "edit"
        case .note: "note"
        case .warning: "warning"
        case .error: "error"
        case .heading: "heading"
        case .dim: "dim"
        }
    }
}
