import Foundation
import Synchronization

/// A page's WebSocket to the server, under `Page`: two threads of its own over one
/// `LoopbackSocket`.
/// - The reader takes every message off the socket as it comes, into an unbounded stream: however
///   slowly a test reads, nothing is dropped or reordered, and the server is never held up
///   writing to a page that is not reading.
/// - The writer sends the frames `send` queues, so a send never blocks the caller (a test's
///   task on the cooperative pool the in-process server needs too).
/// The socket is closed when both have ended.
final class PageSocket: Sendable {
    /// The text messages, in order; finished by the connection's end (with why it ended).
    let messages: AsyncThrowingStream<String, any Error>
    private let outgoing = OutgoingFrames()

    /// Connects to `127.0.0.1:port`, upgrades `target` (path and query) to a WebSocket and starts
    /// the reader and the writer.
    static func open(port: Int, target: String) async throws -> PageSocket {
        let socket = try await onOwnThread {
            let socket = try LoopbackSocket(port: port)
            do { try socket.upgrade(target) } catch {
                socket.closeDescriptor()
                throw error
            }
            return socket
        }
        return PageSocket(socket)
    }

    private init(_ socket: LoopbackSocket) {
        let (messages, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
        self.messages = messages
        let outgoing = outgoing
        // The last of the two threads to end closes the socket.
        let running = Mutex(2)
        let ended: @Sendable () -> Void = {
            if running.withLock({ $0 -= 1; return $0 }) == 0 { socket.closeDescriptor() }
        }
        Thread {
            do {
                while true {
                    let text = try socket.nextMessage(answeringPing: { _ = outgoing.append(LoopbackSocket.frame(opcode: 0xA, $0)) })
                    continuation.yield(text)
                }
            } catch {
                continuation.finish(throwing: error)
            }
            // Nothing more can be answered: the writer stops too.
            outgoing.finish(dropping: true)
            ended()
        }.start()
        Thread {
            while let frame = outgoing.next() {
                do { try socket.write(frame) } catch { break }
            }
            outgoing.finish(dropping: true)
            // Everything is sent (the close frame last, after `close`), or the socket failed: end
            // both directions, which also wakes the reader up.
            socket.shutdownBoth()
            ended()
        }.start()
    }

    /// Queues a text message; throws when the connection has ended.
    func send(_ text: String) throws {
        guard outgoing.append(LoopbackSocket.frame(opcode: 0x1, Array(text.utf8))) else { throw PageError("the connection closed") }
    }

    /// Sends a close frame after what is queued, then ends the connection.
    func close() {
        _ = outgoing.append(LoopbackSocket.frame(opcode: 0x8, [0x03, 0xE8]))  // 1000, normal closure
        outgoing.finish(dropping: false)
    }
}

/// The frames waiting for the writer thread.
private final class OutgoingFrames: @unchecked Sendable {
    private let condition = NSCondition()
    private var frames: [[UInt8]] = []
    private var head = 0
    private var finished = false

    /// False when the queue is finished (the frame is not sent).
    func append(_ frame: [UInt8]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !finished else { return false }
        frames.append(frame)
        condition.signal()
        return true
    }

    /// No more frames; `dropping` also forgets those not sent yet.
    func finish(dropping: Bool) {
        condition.lock()
        finished = true
        if dropping { frames = []; head = 0 }
        condition.broadcast()
        condition.unlock()
    }

    /// The next frame, waiting for one; nil once finished and empty.
    func next() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while head == frames.count && !finished { condition.wait() }
        guard head < frames.count else { return nil }
        let frame = frames[head]
        head += 1
        if head == frames.count { frames = []; head = 0 }
        return frame
    }
}
