#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A TCP connection to a server on this machine, with blocking calls: the one socket under the
/// tests' HTTP requests (`httpRequest`), their pages (`Page`) and `CutConnection`. A plain
/// socket, not a client library: nothing of the environment (a proxy) can send it elsewhere, a
/// test can cut it the way a lost network does, and the suite builds no HTTP client stack.
///
/// Blocking calls belong on threads of their own (`onOwnThread`, a page's reader), never on
/// Swift's cooperative pool: a server in the same process answers from that pool (two threads on
/// a 2-core machine), and a read blocking one of them while the server needs it can wait for good.
final class LoopbackSocket: @unchecked Sendable {
    let descriptor: Int32
    let port: Int
    /// Read but not yet taken: `buffer[next...]`.
    private var buffer: [UInt8] = []
    private var next = 0
    /// Where `recv` writes, made once per socket.
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)

    init(host: String = "127.0.0.1", port: Int) throws {
        self.port = port
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw PageError("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let error = errno
            close(descriptor)
            throw PageError("connect to \(host):\(port): errno \(error)")
        }
    }

    /// Writes all of `bytes` (no SIGPIPE: a closed peer is an error here, not the end of the tests).
    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { throw PageError("send to port \(port): errno \(errno)") }
            offset += sent
        }
    }

    /// The next byte; throws when the connection has ended.
    func byte() throws -> UInt8 {
        try refillIfTaken()
        defer { next += 1 }
        return buffer[next]
    }

    /// `count` bytes.
    func bytes(_ count: Int) throws -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(count)
        while result.count < count {
            try refillIfTaken()
            let take = min(count - result.count, buffer.count - next)
            result += buffer[next..<(next + take)]
            next += take
        }
        return result
    }

    /// Reads the next chunk once everything read is taken; throws when the connection has ended.
    private func refillIfTaken() throws {
        guard next == buffer.count else { return }
        guard let chunk = try read() else { throw PageError("the connection ended") }
        buffer = chunk
        next = 0
    }

    /// Bytes up to and including `delimiter`.
    func bytes(through delimiter: [UInt8]) throws -> [UInt8] {
        var result: [UInt8] = []
        while result.count < delimiter.count || !result[(result.count - delimiter.count)...].elementsEqual(delimiter) {
            result.append(try byte())
        }
        return result
    }

    /// Everything until the peer ends the connection.
    func rest() throws -> [UInt8] {
        var result = Array(buffer[next...])
        buffer = []
        next = 0
        while let chunk = try read() { result += chunk }
        return result
    }

    /// One `recv`: nil at the end of the connection (also after a reset or our own shutdown).
    private func read() throws -> [UInt8]? {
        while true {
            let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 { return Array(scratch[..<count]) }
            if count == 0 || errno == ECONNRESET || errno == EBADF || errno == ENOTCONN { return nil }
            if errno == EINTR { continue }
            throw PageError("recv from port \(port): errno \(errno)")
        }
    }

    /// Ends both directions: a thread blocked reading this socket wakes up to the end.
    func shutdownBoth() { shutdown(descriptor, Int32(SHUT_RDWR)) }

    /// Closes with a reset instead of an orderly end (`SO_LINGER` 0), as a lost network does.
    func reset() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(descriptor)
    }

    func closeDescriptor() { close(descriptor) }
}

/// Runs blocking work on a new thread and resumes the caller with its result.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
