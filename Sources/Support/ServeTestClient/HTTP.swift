import Foundation
import Synchronization

/// An HTTP response as a test reads it.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The first header named `name` (any case).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// One HTTP/1.1 request of `target` (path and query, sent exactly as written) to a server on this
/// machine, over a plain loopback socket: no proxy settings from the environment can send it
/// elsewhere. A `body` goes with its Content-Length. The connection is closed after the response.
///
/// The socket's blocking calls run on a thread of their own; cancelling the calling task shuts
/// the socket down, so a server that never answers leaves no thread behind (the browser tests'
/// `Deadline` cancels a WebDriver command that way).
public func httpRequest(port: Int, _ target: String, method: String = "GET", headers: [(String, String)] = [],
                        body: [UInt8] = []) async throws -> HTTPResponse {
    let open = Mutex<(socket: LoopbackSocket?, cancelled: Bool)>((nil, false))
    return try await withTaskCancellationHandler {
        try await onOwnThread {
            let socket = try LoopbackSocket(port: port)
            let cancelled = open.withLock { state in
                state.socket = socket
                return state.cancelled
            }
            // Forgotten before it is closed: the cancel handler never shuts down a reused descriptor.
            defer {
                open.withLock { $0.socket = nil }
                socket.closeDescriptor()
            }
            if cancelled { throw CancellationError() }
            return try exchange(on: socket, method: method, target: target, headers: headers, body: body)
        }
    } onCancel: {
        open.withLock { state in
            state.cancelled = true
            state.socket?.shutdownBoth()
        }
    }
}

/// Writes the request and reads the whole response (chunked, Content-Length, or to the end).
private func exchange(on socket: LoopbackSocket, method: String, target: String, headers: [(String, String)],
                      body: [UInt8]) throws -> HTTPResponse {
    var lines = ["\(method) \(target) HTTP/1.1", "Host: 127.0.0.1:\(socket.port)", "Connection: close"]
    lines += headers.map { "\($0.0): \($0.1)" }
    if !body.isEmpty || method == "POST" || method == "PUT" { lines.append("Content-Length: \(body.count)") }
    try socket.write(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body)
    let head = String(decoding: try socket.bytes(through: Array("\r\n\r\n".utf8)), as: UTF8.self)
    let headLines = head.split(separator: "\r\n")
    let statusParts = headLines.first?.split(separator: " ") ?? []
    guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
        throw PageError("\(method) \(target): not an HTTP response: \(headLines.first ?? "")")
    }
    let fields: [(name: String, value: String)] = headLines.dropFirst().compactMap { line in
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    var response = HTTPResponse(status: status, headers: fields, body: [])
    if response.header("transfer-encoding")?.lowercased().contains("chunked") == true {
        while true {
            let sizeLine = String(decoding: try socket.bytes(through: Array("\r\n".utf8)).dropLast(2), as: UTF8.self)
            guard let size = Int(sizeLine.prefix(while: { $0 != ";" }).trimmingCharacters(in: .whitespaces), radix: 16) else {
                throw PageError("\(method) \(target): a chunk's size line is \(sizeLine)")
            }
            if size == 0 { break }
            response.body += try socket.bytes(size)
            _ = try socket.bytes(2)  // the chunk's CRLF
        }
    } else if let length = response.header("content-length").flatMap({ Int($0) }) {
        response.body = try socket.bytes(length)
    } else {
        response.body = try socket.rest()
    }
    return response
}

/// One plain HTTP GET: its status and its body as text.
public func httpGet(port: Int, _ target: String) async throws -> (status: Int, body: String) {
    let response = try await httpRequest(port: port, target)
    return (response.status, response.text)
}
