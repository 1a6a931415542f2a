import GridEditPageProtocol
import HummingbirdWebSocket
import NIOCore

/// One page's WebSocket: messages in, replies and states out. Frames are collected into messages
/// here (not with `messages(maxSize:)`, which ends the connection on a long message), so a
/// message over the limit is skipped to its end and answered with an error; the connection and
/// the document carry on.
enum WebSocketPage {
    static func run(session: ServeSession, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let (id, outgoing) = await session.connect()
        do {
            try await exchange(id: id, session: session, outgoing: outgoing, inbound: inbound, outbound: outbound)
        } catch {
            await session.disconnect(id)
            throw error
        }
        await session.disconnect(id)
    }

    private static func exchange(id: Int, session: ServeSession, outgoing: AsyncStream<String>, inbound: WebSocketInboundStream,
                                 outbound: WebSocketOutboundWriter) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await text in outgoing { try await outbound.write(.text(text)) }
                // The queue ended: the page disconnected, or it fell behind and is told so.
                if await session.fellBehind(id) {
                    try await outbound.close(.policyViolation, reason: "the page fell behind the editor's changes; reconnect for the current state")
                }
            }
            var collected: [UInt8] = []
            var oversized = 0
            var isText = true
            for try await frame in inbound {
                switch frame.opcode {
                case .text, .binary:
                    collected = []
                    oversized = 0
                    isText = frame.opcode == .text
                case .continuation:
                    break
                }
                if oversized == 0 {
                    collected += frame.data.readableBytesView
                    if collected.count > ClientMessageLimit.bytes {
                        oversized = collected.count
                        collected = []
                    }
                } else {
                    oversized += frame.data.readableBytes
                }
                guard frame.fin else { continue }
                if oversized > 0 {
                    await session.refuse("message of more than \(oversized) bytes is longer than the limit of "
                                         + "\(ClientMessageLimit.bytes) bytes", from: id)
                } else if !isText {
                    await session.refuse("binary messages are not part of the protocol; send JSON text", from: id)
                } else if let text = String(validating: collected, as: UTF8.self) {
                    await session.receive(text, from: id)
                } else {
                    await session.refuse("the message is not UTF-8 text", from: id)
                }
                collected = []
                oversized = 0
            }
            group.cancelAll()
        }
    }
}

/// The limit of ``ClientMessage/maximumBytes``, readable off the main actor.
enum ClientMessageLimit {
    static let bytes = ClientMessage.maximumBytes
}
