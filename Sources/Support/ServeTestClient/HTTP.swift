import NIOCore
import NIOHTTP1
import NIOPosix

// Plain HTTP/1.1 to a server on this machine, over SwiftNIO: one new connection per request
// (`Connection: close`), the path sent exactly as written (no normalisation, so a test can send
// `..` and `%2e%2e`), no proxy settings from the environment. The serve tests, the end-to-end
// tests of the real binary and the browser tests' WebDriver client (chromedriver) all use it.

/// A whole HTTP answer.
public struct HTTPAnswer: Sendable {
    public var status: Int
    /// The header lines in the order received.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    /// The first header of that name (names compared without case), or nil.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    public var text: String { String(decoding: body, as: UTF8.self) }
}

public struct HTTPClientError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Sends one request to `host:port` and reads its whole answer. Cancelling the calling task
/// closes the connection, which ends a read that is still waiting.
public func httpRequest(port: Int, method: String = "GET", _ path: String, host: String = "127.0.0.1",
                        headers: [(String, String)] = [], body: [UInt8] = []) async throws -> HTTPAnswer {
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
            var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: method), uri: path)
            head.headers.add(name: "Host", value: "\(host.contains(":") ? "[\(host)]" : host):\(port)")
            head.headers.add(name: "Connection", value: "close")
            head.headers.add(name: "Content-Length", value: "\(body.count)")
            for (name, value) in headers { head.headers.add(name: name, value: value) }
            // The request goes out in one write: a server that answers and closes as soon as it has
            // the head would otherwise make a later write of the end fail. A failed write with an
            // answer that still came in is the answer.
            var writeError: (any Error)?
            do {
                try await outbound.write(contentsOf: [.head(head)] + (body.isEmpty ? [] : [.body(.byteBuffer(ByteBuffer(bytes: body)))]) + [.end(nil)])
            } catch {
                writeError = error
            }
            var answer = HTTPAnswer(status: 0, headers: [], body: [])
            for try await part in inbound {
                switch part {
                case .head(let head):
                    answer.status = Int(head.status.code)
                    answer.headers = head.headers.map { ($0.name, $0.value) }
                case .body(let buffer): answer.body += buffer.readableBytesView
                case .end: return answer
                }
            }
            throw HTTPClientError("\(method) \(path) on port \(port): the connection closed before the answer ended"
                                  + (writeError.map { " (sending the request: \($0))" } ?? ""))
        }
    } onCancel: {
        channel.channel.close(promise: nil)
    }
}

/// One plain HTTP GET: its status and body as text.
public func httpGet(port: Int, _ path: String, host: String = "127.0.0.1") async throws -> (status: Int, body: String) {
    let answer = try await httpRequest(port: port, path, host: host)
    return (answer.status, answer.text)
}
