import Foundation

/// The client's end of RFC 6455 over a `LoopbackSocket`: the upgrade, masked frames out, frames in.
extension LoopbackSocket {
    /// A frame as read: `opcode` 0x1 text, 0x2 binary, 0x0 continuation, 0x8 close, 0x9 ping, 0xA pong.
    struct Frame {
        var fin: Bool
        var opcode: UInt8
        var payload: [UInt8]
    }

    /// Sends the upgrade request for `target` (path and query) and reads its answer, which must
    /// be 101 Switching Protocols.
    func upgrade(_ target: String) throws {
        try write(Array(("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
        let head = String(decoding: try bytes(through: Array("\r\n\r\n".utf8)), as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 101") else {
            throw PageError("the upgrade to a WebSocket was answered with \(head.prefix(while: { $0 != "\r" }))")
        }
    }

    /// One masked frame (a client's frames are masked, RFC 6455 5.3).
    static func frame(opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8(truncatingIfNeeded: payload.count >> shift)) }
        }
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        frame += mask
        let start = frame.count
        frame += payload
        for i in 0..<payload.count { frame[start + i] ^= mask[i & 3] }
        return frame
    }

    /// The next frame from the server (unmasked, as servers send them).
    func nextFrame() throws -> Frame {
        let first = try byte(), second = try byte()
        var length = Int(second & 0x7F)
        if length == 126 {
            length = (Int(try byte()) << 8) | Int(try byte())
        } else if length == 127 {
            length = 0
            for _ in 0..<8 { length = (length << 8) | Int(try byte()) }
        }
        let mask = second & 0x80 != 0 ? try bytes(4) : nil
        var payload = try bytes(length)
        if let mask { for i in payload.indices { payload[i] ^= mask[i % 4] } }
        return Frame(fin: first & 0x80 != 0, opcode: first & 0x0F, payload: payload)
    }

    /// The next whole text message (continuation frames joined); a ping is answered with its
    /// pong by `answeringPing` (nil: pings and pongs are skipped). Throws at a close frame.
    func nextMessage(answeringPing: (([UInt8]) throws -> Void)? = nil) throws -> String {
        var payload: [UInt8] = []
        while true {
            let frame = try nextFrame()
            switch frame.opcode {
            case 0x8:
                let code = frame.payload.count >= 2 ? Int(frame.payload[0]) << 8 | Int(frame.payload[1]) : 0
                let reason = String(decoding: frame.payload.dropFirst(2), as: UTF8.self)
                throw PageError("the server closed the connection (\(code)\(reason.isEmpty ? "" : ": \(reason)"))")
            case 0x9:
                try answeringPing?(frame.payload)
                continue
            case 0xA:
                continue
            default:
                payload += frame.payload
                if frame.fin { return String(decoding: payload, as: UTF8.self) }
            }
        }
    }
}
