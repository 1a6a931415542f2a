import GridEditJSON
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

// A WebSocket client that speaks the page's protocol (docs/serve.md, "Protocol, version 1"):
// the one test page used by the serve tests, the end-to-end tests of the real binary and
// `gridedit-bench serve`.

/// One page's end of the WebSocket, for tests: send JSON, read replies and states.
public struct Page {
    var iterator: NIOAsyncChannelInboundStream<WebSocketFrame>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
    /// The last state seen.
    public var state: JSONNode?
    /// Every state seen, in order, when the page was opened `keepingStates`.
    public var states: [JSONNode] = []
    var keepsStates = false
    public var nextID = 1

    /// The next message of any type, parsed.
    public mutating func next() async throws -> JSONNode {
        let text = try await nextText()
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
        var text: [UInt8] = []
        while let frame = try await iterator.next() {
            switch frame.opcode {
            case .text, .continuation:
                text += frame.unmaskedData.readableBytesView
                if frame.fin { return String(decoding: text, as: UTF8.self) }
            case .ping:
                try await outbound.write(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData))
            case .connectionClose:
                throw PageError("the server closed the connection")
            case .binary:
                throw PageError("a binary message")
            default:
                break
            }
        }
        throw PageError("the connection closed")
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

    public mutating func send(_ text: String) async throws {
        try await outbound.write(WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: ByteBuffer(string: text)))
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
/// which must be the state (the protocol sends it before anything else), is read.
/// `keepingStates`: the page keeps every state it receives in `states`.
/// The WebSocket is SwiftNIO's own (the HTTP upgrade, masked frames out), over the loopback.
public func withPage(port: Int, query: String = "", keepingStates: Bool = false,
                     _ body: @escaping @Sendable (inout Page) async throws -> Void) async throws {
    let channel = try await connectWebSocket(port: port, path: "/ws" + query)
    try await channel.executeThenClose { inbound, outbound in
        var page = Page(iterator: inbound.makeAsyncIterator(), outbound: outbound)
        page.keepsStates = keepingStates
        let first = try await page.next()
        guard first.string("type") == "state" else { throw PageError("the first message is a \(first.string("type") ?? "?"), not the state") }
        try await body(&page)
        try? await outbound.write(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: ByteBuffer(bytes: [0x03, 0xE8])))
    }
}

private enum Upgrade: Sendable {
    case websocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
    case refused
}

/// Opens a WebSocket to `path` on the loopback port; frames up to 4 MiB come in whole.
func connectWebSocket(port: Int, path: String) async throws -> NIOAsyncChannel<WebSocketFrame, WebSocketFrame> {
    let upgrade: EventLoopFuture<Upgrade> = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .connectTimeout(.seconds(5))
        .connect(host: "127.0.0.1", port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: 1 << 22) { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        .websocket(try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel))
                    }
                }
                var headers = HTTPHeaders()
                headers.add(name: "Host", value: "127.0.0.1:\(port)")
                headers.add(name: "Content-Length", value: "0")
                let configuration = NIOTypedHTTPClientUpgradeConfiguration(
                    upgradeRequestHead: HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers),
                    upgraders: [upgrader],
                    notUpgradingCompletionHandler: { channel in channel.eventLoop.makeCompletedFuture { .refused } })
                return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                    configuration: .init(upgradeConfiguration: configuration))
            }
        }
    switch try await upgrade.get() {
    case .websocket(let channel): return channel
    case .refused: throw PageError("ws://127.0.0.1:\(port)\(path): the server did not upgrade the connection")
    }
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
