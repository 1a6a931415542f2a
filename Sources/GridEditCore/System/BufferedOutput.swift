/// Text and bytes written in small pieces, handed on in chunks of 64 KiB: a streamed report
/// goes to standard output or a file in a few large writes, whatever the number of pieces.
public final class BufferedOutput {
    private var buffer: [UInt8] = []
    private let flushBytes: ([UInt8]) -> Void
    public static let chunk = 64 * 1024

    /// `flush` receives each chunk (never an empty one).
    public init(_ flush: @escaping ([UInt8]) -> Void) {
        flushBytes = flush
        buffer.reserveCapacity(Self.chunk)
    }

    /// Standard output.
    public static func standardOutput() -> BufferedOutput { BufferedOutput { StandardStreams.write($0) } }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.chunk { flush() }
    }

    /// Hands on what is buffered.
    public func flush() {
        guard !buffer.isEmpty else { return }
        flushBytes(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}
