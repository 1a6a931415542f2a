import Foundation
import GridEditJSON
import NIOCore
import NIOHTTP1
import NIOPosix

/// One chromedriver's HTTP endpoint: sends a W3C WebDriver command and returns the answer's
/// `value`, or throws the W3C error with the command, its URL and chromedriver's message.
/// Every request has a deadline (`Deadline`), so a hung chromedriver fails the call, not the suite.
///
/// The HTTP is SwiftNIO's (a fresh loopback connection per command, `Connection: close`), not
/// URLSession's: on Linux URLSession's libcurl back end rejects chromedriver's header lines
/// (`Content-Length:249`, without a space) with "Failed writing header"
/// (swift-corelibs-foundation issue 4965).
struct WebDriverConnection: Sendable {
    let port: Int
    let timeout: Double

    init(port: Int, timeout: Double) {
        self.port = port
        self.timeout = timeout
    }

    var base: String { "http://127.0.0.1:\(port)" }

    func send(_ method: String, _ path: String, _ body: JSONValue? = nil, timeout: Double? = nil) async throws -> JSONNode {
        let what = "WebDriver \(method) \(base)/\(path)"
        let bytes = body.map { Array($0.compactText.utf8) } ?? (method == "POST" ? Array("{}".utf8) : [])
        let port = self.port
        let (status, data): (Int, [UInt8])
        do {
            (status, data) = try await Deadline.run(timeout ?? self.timeout, what) {
                try await Self.exchange(port: port, method: HTTPMethod(rawValue: method), path: "/\(path)", body: bytes)
            }
        } catch let error as WebDriverError {
            throw error
        } catch {
            throw WebDriverError("\(what): \(error)")
        }
        let answer: JSONNode
        do {
            answer = try JSONParser.parse(data)
        } catch {
            throw WebDriverError("\(what): HTTP \(status), not JSON: \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
        let value = answer["value"] ?? JSONNode(.null)
        guard status == 200 else {
            let code = value["error"]?.string ?? "HTTP \(status)"
            let message = value["message"]?.string?.split(separator: "\n").first.map(String.init) ?? ""
            throw WebDriverError("\(what): \(code): \(message)", code: code)
        }
        return value
    }

    /// One request and its whole answer over a new connection.
    private static func exchange(port: Int, method: HTTPMethod, path: String, body: [UInt8]) async throws -> (Int, [UInt8]) {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        // A deadline cancels this task; closing the channel ends the read that waits for an answer.
        return try await withTaskCancellationHandler {
            try await channel.executeThenClose { inbound, outbound in
                var head = HTTPRequestHead(version: .http1_1, method: method, uri: path)
                head.headers.add(name: "Host", value: "127.0.0.1:\(port)")
                head.headers.add(name: "Connection", value: "close")
                head.headers.add(name: "Content-Length", value: "\(body.count)")
                if !body.isEmpty { head.headers.add(name: "Content-Type", value: "application/json; charset=utf-8") }
                try await outbound.write(.head(head))
                if !body.isEmpty { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body)))) }
                try await outbound.write(.end(nil))
                var status = 0
                var data: [UInt8] = []
                for try await part in inbound {
                    switch part {
                    case .head(let head): status = Int(head.status.code)
                    case .body(let buffer): data += buffer.readableBytesView
                    case .end: return (status, data)
                    }
                }
                throw WebDriverError("the connection closed before the answer ended")
            }
        } onCancel: {
            channel.channel.close(promise: nil)
        }
    }
}
