#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GridEditJSON

/// A page whose TCP connection is cut, not closed: a WebSocket spoken over a plain loopback
/// socket (the upgrade, masked text frames out, frames in), so that a test can drop it the way a
/// lost network or a killed browser does, with no close frame and a reset (`SO_LINGER` 0)
/// instead of the orderly end `Page`'s client always gives. Blocking calls run on a thread of their
/// own (`onOwnThread`), neither on the caller's actor nor on Swift's cooperative pool: the server
/// under test, in the same process, answers from that pool (two threads on a 2-core machine), and
/// a socket read blocking one of them while the server needs it can wait for good.
public final class CutConnection: @unchecked Sendable {
    private let descriptor: Int32
    private var isOpen = true
    private var buffer: [UInt8] = []
    private var nextID = 1

    /// Connects to `ws://127.0.0.1:port/ws` and reads the upgrade's answer and the first state.
    public static func open(port: Int) async throws -> CutConnection {
        try await onOwnThread { try CutConnection(port: port) }
    }

    private init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PageError("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(descriptor); throw PageError("connect to port \(port): errno \(errno)") }
        try write(Array(("GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
        var head: [UInt8] = []
        while !head.ends(with: Array("\r\n\r\n".utf8)) { head.append(try byte()) }
        let status = String(decoding: head, as: UTF8.self)
        guard status.hasPrefix("HTTP/1.1 101") else { close(descriptor); throw PageError("the upgrade was answered with \(status)") }
        guard try nextMessage().string("type") == "state" else { throw PageError("the first message is not the state") }
    }

    deinit { if isOpen { close(descriptor) } }

    /// Sends a message (with a fresh id) and reads up to its reply; states before it are skipped.
    public func request(_ fields: [JSONValue.Member]) async throws -> JSONNode {
        try await onOwnThread { [self] in
            let id = nextID
            nextID += 1
            try sendFrame(Array(JSONValue.object(fields + [.init("id", .int(id))]).compactText.utf8))
            while true {
                let message = try nextMessage()
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
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(descriptor)
        isOpen = false
    }

    // MARK: Frames

    /// One masked text frame (a client's frames are masked, RFC 6455 5.3).
    private func sendFrame(_ payload: [UInt8]) throws {
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        try write(frame)
    }

    /// The next whole text message (continuation frames joined), parsed.
    private func nextMessage() throws -> JSONNode {
        var payload: [UInt8] = []
        while true {
            let first = try byte(), second = try byte()
            var length = Int(second & 0x7F)
            if length == 126 {
                length = (Int(try byte()) << 8) | Int(try byte())
            } else if length == 127 {
                length = 0
                for _ in 0..<8 { length = (length << 8) | Int(try byte()) }
            }
            var chunk: [UInt8] = []
            chunk.reserveCapacity(length)
            for _ in 0..<length { chunk.append(try byte()) }
            let opcode = first & 0x0F
            if opcode == 0x8 { throw PageError("the server closed the connection") }
            if opcode == 0x9 || opcode == 0xA { continue }  // ping, pong: not messages
            payload += chunk
            if first & 0x80 != 0 { return try JSONParser.parse(String(decoding: payload, as: UTF8.self)) }
        }
    }

    private func byte() throws -> UInt8 {
        if buffer.isEmpty {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw PageError("the connection ended") }
            buffer = Array(chunk[..<count].reversed())
        }
        return buffer.removeLast()
    }

    private func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw PageError("send: errno \(errno)") }
            offset += sent
        }
    }
}

/// Runs blocking work on a new thread and resumes the caller with its result.
private func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
