import Foundation
import GridEditCore
import GridEditEditor
import GridEditJSON
import GridEditServe
import GridEditTestSupport
import HummingbirdWSClient
import Logging
import Testing

/// Shipped files by path relative to the repository root.
enum Files {
    static var root: URL { GridEditBinary.repositoryRoot }
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    static var templates: String { path("templates") }
    static var page: String { path("Sources/GridEditServe/Resources/page") }
}

/// A folder with copies of shipped puzzles, to serve and save into.
func servedFolder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(at: folder.file("starter"), withIntermediateDirectories: true)
    for name in ["square.json", "cat.json"] {
        try FileManager.default.copyItem(at: Files.root.appendingPathComponent("puzzles/tangram-starter/\(name)"), to: folder.file("starter/\(name)"))
    }
    try FileManager.default.copyItem(at: Files.root.appendingPathComponent("Tests/Fixtures/editor/square-scattered.json"),
                                     to: folder.file("starter/square-scattered.json"))
    try FileManager.default.createDirectory(at: folder.file("mini"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Files.root.appendingPathComponent("puzzles/sudoku-4x4/mini-01.json"), to: folder.file("mini/mini-01.json"))
    return folder
}

/// A session over a service with a fixed clock and no journal (or one in `journals`).
@MainActor
func makeSession(_ folder: TemporaryFolder, journals: TemporaryFolder? = nil) throws -> ServeSession {
    let service = GridEditorService(environment: EditorEnvironment(
        now: { "2026-12-01T10:00:00Z" }, templatesFolder: Files.templates,
        journals: journals.map { JournalStore(folder: $0.path + "/journals") }))
    return ServeSession(service: service, folder: try ServedFolder(folder.path), templatesFolder: Files.templates)
}

/// A real server on a free loopback port for the length of `body`.
@MainActor
func withLiveServer(_ session: ServeSession, host: String = "127.0.0.1", token: String? = nil,
                    _ body: (Int) async throws -> Void) async throws {
    let server = ServeServer(session: session, options: .init(host: host, port: 0, token: token), pageFolder: Files.page)
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let app = server.application { port in continuation.yield(port) }
    let task = Task { try await app.run() }
    var port = 0
    for await p in ports { port = p; break }
    defer { task.cancel() }
    try await body(port)
}

/// One page's end of the WebSocket, for tests: send JSON, read replies and states.
struct Page {
    var iterator: WebSocketInboundMessageStream.AsyncIterator
    let outbound: WebSocketOutboundWriter
    /// The last state seen.
    var state: JSONNode?
    var nextID = 1

    /// The next message of any type, parsed.
    mutating func next() async throws -> JSONNode {
        guard let message = try await iterator.next() else { throw PageError("the connection closed") }
        guard case .text(let text) = message else { throw PageError("a binary message") }
        let node = try JSONParser.parse(text)
        if node.string("type") == "state" { state = node }
        return node
    }

    /// The next message that is not a state (the reply to what was sent).
    mutating func reply() async throws -> JSONNode {
        while true {
            let node = try await next()
            if node.string("type") != "state" { return node }
        }
    }

    /// The next state message.
    mutating func nextState() async throws -> JSONNode {
        while true {
            let node = try await next()
            if node.string("type") == "state" { return node }
        }
    }

    mutating func send(_ text: String) async throws {
        try await outbound.write(.text(text))
    }

    /// Sends a message (with a fresh id) and returns its reply.
    mutating func request(_ fields: [JSONValue.Member]) async throws -> JSONNode {
        let id = nextID
        nextID += 1
        try await send(JSONValue.object(fields + [.init("id", .int(id))]).compactText)
        let reply = try await reply()
        #expect(reply["id"].flatMap { if case .number(let n) = $0.value { n.intValue } else { nil } } == id)
        return reply
    }

    mutating func command(_ line: String) async throws -> JSONNode {
        try await request([.init("type", .string("command")), .init("line", .string(line))])
    }

    mutating func touch(_ event: String) async throws -> JSONNode {
        let node = try JSONParser.parse(event)
        return try await request([.init("type", .string("touch")), .init("event", node.toJSONValue())])
    }
}

struct PageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Connects a page to `ws://127.0.0.1:port/ws` and runs `body` with it; the first state is read.
func withPage(port: Int, query: String = "", _ body: @escaping @Sendable (inout Page) async throws -> Void) async throws {
    var logger = Logger(label: "test-page")
    logger.logLevel = .critical
    try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/ws\(query)", configuration: .init(maxFrameSize: 1 << 22), logger: logger) {
        inbound, outbound, _ in
        var page = Page(iterator: inbound.messages(maxSize: 1 << 22).makeAsyncIterator(), outbound: outbound)
        _ = try await page.nextState()
        try await body(&page)
    }
}

extension JSONNode {
    func string(_ key: String) -> String? {
        if case .string(let s)? = self[key]?.value { return s }
        return nil
    }

    func bool(_ key: String) -> Bool? {
        if case .bool(let b)? = self[key]?.value { return b }
        return nil
    }

    func int(_ key: String) -> Int? {
        if case .number(let n)? = self[key]?.value { return n.intValue }
        return nil
    }

    var items: [JSONNode] {
        if case .array(let items) = value { return items }
        return []
    }

    /// The texts of a result's output lines.
    var outputTexts: [String] { (self["output"]?.items ?? []).compactMap { $0.string("text") } }
}
