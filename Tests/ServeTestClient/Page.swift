import GridEditJSON
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

// A WebSocket client that speaks the page's protocol (docs/editor.md, "Protocol, version 1"):
// the one test page used by the serve tests, the end-to-end tests of the real binary and
// `gridedit-bench serve`.

/// One page's end of the WebSocket, for tests: send JSON, read replies and states.
public struct Page {
    var iterator: NIOAsyncChannelInboundStream<WebSocketFrame>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
    /// The last state seen.
    public var state: JSONNode?
    public var nextID = 1

    /// The next message of any type, parsed.
    public mutating func next() async throws -> JSONNode {
        let node = try JSONParser.parse(try await nextText())
        if node.string("type") == "state" { state = node }
        return node
    }

    /// The next whole text message: fragments joined, pings answered.
    mutating func nextText() async throws -> [UInt8] {
        var text: [UInt8] = []
        var inText = false
        while let frame = try await iterator.next() {
            switch frame.opcode {
            case .text:
                text = Array(frame.unmaskedData.readableBytesView)
                inText = true
            case .continuation where inText:
                text += frame.unmaskedData.readableBytesView
            case .ping:
                try await write(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData))
                continue
            case .pong:
                continue
            case .connectionClose:
                throw PageError("the connection closed")
            default:
                throw PageError("an unexpected \(frame.opcode) frame")
            }
            if frame.fin { return text }
        }
        throw PageError("the connection closed")
    }

    /// Writes a frame masked, as a client must (RFC 6455, 5.3; NIO's encoder applies the key).
    func write(_ frame: WebSocketFrame) async throws {
        var frame = frame
        frame.maskKey = .random()
        try await outbound.write(frame)
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
        try await write(WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text)))
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

/// Connects a page to `ws://127.0.0.1:port/ws` and runs `body` with it; the first state is read.
/// The WebSocket is SwiftNIO's own client upgrade (NIOWebSocket), the same protocol a browser speaks.
public func withPage(port: Int, query: String = "", _ body: @escaping @Sendable (inout Page) async throws -> Void) async throws {
    let upgrade: EventLoopFuture<Upgrade> = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .connectTimeout(.seconds(5))
        .connect(host: "127.0.0.1", port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: 1 << 22) { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        .websocket(try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel))
                    }
                }
                var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/ws" + query)
                head.headers.add(name: "Host", value: "127.0.0.1:\(port)")
                head.headers.add(name: "Content-Length", value: "0")
                let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
                    upgradeRequestHead: head, upgraders: [upgrader],
                    notUpgradingCompletionHandler: { channel in channel.eventLoop.makeCompletedFuture { .refused } })
                return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                    configuration: .init(upgradeConfiguration: configuration))
            }
        }
    guard case .websocket(let channel) = try await upgrade.get() else {
        throw PageError("ws://127.0.0.1:\(port)/ws\(query): the server refused the WebSocket upgrade")
    }
    try await channel.executeThenClose { inbound, outbound in
        var page = Page(iterator: inbound.makeAsyncIterator(), outbound: outbound)
        _ = try await page.nextState()
        try await body(&page)
        try? await page.write(WebSocketFrame(fin: true, opcode: .connectionClose, data: ByteBuffer(bytes: [0x03, 0xE8])))
    }
}

enum Upgrade {
    case websocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
    case refused
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

    /// The texts of a result's output lines.
    public var outputTexts: [String] { (self["output"]?.items ?? []).compactMap { $0.string("text") } }
}
