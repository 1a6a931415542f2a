import GridEditJSON

// A WebSocket client that speaks the page's protocol (docs/serve.md, "Protocol, version 1"):
// the one test page used by the serve tests, the end-to-end tests of the real binary and
// `gridedit-bench serve`, over a plain loopback socket (`PageSocket`).

/// One page's end of the WebSocket, for tests: send JSON, read replies and states.
public struct Page {
    var iterator: AsyncThrowingStream<String, any Error>.AsyncIterator
    let socket: PageSocket
    /// The last state seen.
    public var state: JSONNode?
    /// Every state seen, in order, when the page was opened `keepingStates`.
    public var states: [JSONNode] = []
    var keepsStates = false
    public var nextID = 1

    /// The next message of any type, parsed.
    public mutating func next() async throws -> JSONNode {
        guard let text = try await iterator.next() else { throw PageError("the connection closed") }
        let node = try JSONParser.parse(text)
        if node.string("type") == "state" {
            state = node
            if keepsStates { states.append(node) }
        }
        return node
    }

    /// The next message's text, not parsed (`state` is not updated): for a load test that
    /// receives thousands of states and reads few of them.
    public mutating func nextText() async throws -> String {
        guard let text = try await iterator.next() else { throw PageError("the connection closed") }
        return text
    }

    /// The next message that is not a state (the reply to what was sent).
    public mutating func reply() async throws -> JSONNode {
        while true {
            let node = try await next()
            if node.string("type") != "state" { return node }
        }
    }

    /// The next state message.
    public mutating func nextState() async throws -> JSONNode {
        while true {
            let node = try await next()
            if node.string("type") == "state" { return node }
        }
    }

    /// The next state message that `holds` (a state after an edit may be followed by another when
    /// the kind's analysis comes in); at most `limit` states are read.
    public mutating func nextState(where holds: (JSONNode) -> Bool, limit: Int = 6) async throws -> JSONNode {
        var last: JSONNode?
        for _ in 0..<limit {
            let state = try await nextState()
            if holds(state) { return state }
            last = state
        }
        return last!
    }

    /// Sends a text message (queued: it returns before the server has read it).
    public mutating func send(_ text: String) async throws {
        try socket.send(text)
    }

    /// Sends a message (with a fresh id) and returns its reply.
    public mutating func request(_ fields: [JSONValue.Member]) async throws -> JSONNode {
        let id = nextID
        nextID += 1
        try await send(JSONValue.object(fields + [.init("id", .int(id))]).compactText)
        let reply = try await reply()
        guard reply.int("id") == id else {
            throw PageError("the reply to message \(id) carries another id: \(reply.toJSONValue().compactText)")
        }
        return reply
    }

    public mutating func command(_ line: String) async throws -> JSONNode {
        try await request([.init("type", .string("command")), .init("line", .string(line))])
    }

    public mutating func touch(_ event: String) async throws -> JSONNode {
        let node = try JSONParser.parse(event)
        return try await request([.init("type", .string("touch")), .init("event", node.toJSONValue())])
    }
}

public struct PageError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Connects a page to `ws://127.0.0.1:port/ws` and runs `body` with it; the first message,
/// which must be the state (the protocol sends it before anything else), is read. At the end
/// (also when `body` throws) the page sends a close frame and the connection ends.
/// `keepingStates`: the page keeps every state it receives in `states`.
public func withPage(port: Int, query: String = "", keepingStates: Bool = false,
                     _ body: @escaping @Sendable (inout Page) async throws -> Void) async throws {
    let socket = try await PageSocket.open(port: port, target: "/ws\(query)")
    defer { socket.close() }
    var page = Page(iterator: socket.messages.makeAsyncIterator(), socket: socket)
    page.keepsStates = keepingStates
    let first = try await page.next()
    guard first.string("type") == "state" else { throw PageError("the first message is a \(first.string("type") ?? "?"), not the state") }
    try await body(&page)
}

extension JSONNode {
    public func string(_ key: String) -> String? {
        if case .string(let s)? = self[key]?.value { return s }
        return nil
    }

    public func bool(_ key: String) -> Bool? {
        if case .bool(let b)? = self[key]?.value { return b }
        return nil
    }

    public func int(_ key: String) -> Int? {
        if case .number(let n)? = self[key]?.value { return n.intValue }
        return nil
    }

    public var items: [JSONNode] {
        if case .array(let items) = value { return items }
        return []
    }

    /// A state's tangram pieces as "piece x y rotation flip" (exact coordinates), in the
    /// document's order: what tests compare between pages, sessions and recoveries.
    public var poses: [String] {
        (self["pieces"]?.items ?? []).map { piece in
            "\(piece.string("piece") ?? "?") \(piece.string("x") ?? "?") \(piece.string("y") ?? "?") "
                + "\(piece.int("rotation") ?? -1) \(piece.bool("flip") ?? false)"
        }
    }

    /// The texts of a result's output lines.
    public var outputTexts: [String] { (self["output"]?.items ?? []).compactMap { $0.string("text") } }
}

extension Optional where Wrapped == JSONNode {
    /// The poses of a state that may not have come: none.
    public var poses: [String] { self?.poses ?? [] }
}
