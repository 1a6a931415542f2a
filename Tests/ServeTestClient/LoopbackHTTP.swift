import NIOCore
import NIOHTTP1
import NIOPosix

/// One HTTP/1.1 exchange with a server on this machine, over SwiftNIO: a fresh connection per
/// request (`Connection: close`), the path sent exactly as written, no proxy settings from the
/// environment. The serve tests, the end-to-end tests of the real binary and the browser tests'
/// WebDriver client (chromedriver) all use it. Cancelling the task closes the connection, so a
/// deadline around a call ends a read that waits for an answer.
public enum LoopbackHTTP {
    public struct Answer: Sendable {
        public var status: Int
        /// Header lines as received, in order.
        public var headers: [(name: String, value: String)]
        public var bytes: [UInt8]

        /// The body as UTF-8 text.
        public var body: String { String(decoding: bytes, as: UTF8.self) }

        /// The first header of that name (case-insensitive).
        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    public struct ConnectionClosed: Error, CustomStringConvertible {
        public var description: String { "the connection closed before the answer ended" }
    }

    public static func exchange(host: String = "127.0.0.1", port: Int, method: HTTPMethod = .GET, path: String,
                                headers: [(String, String)] = [], body: [UInt8] = []) async throws -> Answer {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        return try await withTaskCancellationHandler {
            try await channel.executeThenClose { inbound, outbound in
                var head = HTTPRequestHead(version: .http1_1, method: method, uri: path)
                head.headers.add(name: "Host", value: "\(host):\(port)")
                head.headers.add(name: "Connection", value: "close")
                head.headers.add(name: "Content-Length", value: "\(body.count)")
                for (name, value) in headers { head.headers.add(name: name, value: value) }
                // One write of the whole request: a server may answer and close as soon as it has
                // the head (a GET with no body is complete then), and a later write would fail on
                // the closed channel although the answer is already there to read.
                var parts: [HTTPClientRequestPart] = [.head(head)]
                if !body.isEmpty { parts.append(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
                parts.append(.end(nil))
                var writeError: (any Error)?
                do { try await outbound.write(contentsOf: parts) } catch { writeError = error }
                var answer = Answer(status: 0, headers: [], bytes: [])
                for try await part in inbound {
                    switch part {
                    case .head(let head):
                        answer.status = Int(head.status.code)
                        answer.headers = head.headers.map { ($0.name, $0.value) }
                    case .body(let buffer): answer.bytes += buffer.readableBytesView
                    case .end: return answer
                    }
                }
                throw writeError ?? ConnectionClosed()
            }
        } onCancel: {
            channel.channel.close(promise: nil)
        }
    }
}

/// One plain HTTP GET to a server on this machine.
public func httpGet(port: Int, _ path: String, host: String = "127.0.0.1", headers: [(String, String)] = []) async throws -> LoopbackHTTP.Answer {
    try await LoopbackHTTP.exchange(host: host, port: port, path: path, headers: headers)
}
