import GridEditJSON

/// A page whose TCP connection is cut, not closed, so that a test can drop it the way a lost
/// network or a killed browser does: no close frame, and a reset (`SO_LINGER` 0) instead of the
/// orderly end a `Page` always gives. Its reads are made when a reply is asked for, on a thread of
/// their own (`onOwnThread`): a reader thread blocked in `recv`, as a `Page` has, would keep the
/// socket alive past `close` and the reset would not go out.
public final class CutConnection: @unchecked Sendable {
    private let socket: LoopbackSocket
    private var isOpen = true
    private var nextID = 1

    /// Connects to `ws://127.0.0.1:port/ws` and reads the upgrade's answer and the first state.
    public static func open(port: Int) async throws -> CutConnection {
        try await onOwnThread { try CutConnection(port: port) }
    }

    private init(port: Int) throws {
        socket = try LoopbackSocket(port: port)
        do {
            try socket.upgrade("/ws")
            guard try JSONParser.parse(socket.nextMessage()).string("type") == "state" else { throw PageError("the first message is not the state") }
        } catch {
            socket.closeDescriptor()
            isOpen = false
            throw error
        }
    }

    deinit { if isOpen { socket.closeDescriptor() } }

    /// Sends a message (with a fresh id) and reads up to its reply; states before it are skipped.
    public func request(_ fields: [JSONValue.Member]) async throws -> JSONNode {
        try await onOwnThread { [self] in
            let id = nextID
            nextID += 1
            try socket.write(LoopbackSocket.frame(opcode: 0x1, Array(JSONValue.object(fields + [.init("id", .int(id))]).compactText.utf8)))
            while true {
                let message = try JSONParser.parse(socket.nextMessage())
                if message.string("type") != "state", message.int("id") == id { return message }
            }
        }
    }

    public func touch(_ event: String) async throws -> JSONNode {
        try await request([.init("type", .string("touch")), .init("event", try JSONParser.parse(event).toJSONValue())])
    }

    /// Cuts the connection: no close frame, and a reset rather than an orderly end.
    public func cut() {
        guard isOpen else { return }
        socket.reset()
        isOpen = false
    }
}
