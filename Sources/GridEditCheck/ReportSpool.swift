import GridEditCore
/// The file reports of a check run, kept on disk instead of in memory: `gridedit check` appends
/// each as the checker hands it on, then writes every report format from the spool (some
/// formats go through the files twice, and JUnit and SARIF need totals before the first file).
/// The spool is an unnamed temporary file (removed as soon as it is made), so nothing is left
/// behind however the process ends. Records are ``CheckRecord``s with their path and shard position in front.
public final class ReportSpool: Sequence {
    private let file: FileSystem.AnonymousFile
    private var pending: [UInt8] = []
    private var length = 0

    public init() throws(FileSystem.Failure) {
        file = try FileSystem.AnonymousFile()
    }

    public func append(_ report: CheckReport.FileReport) throws(FileSystem.Failure) {
        var writer = ByteWriter()
        writer.string(report.path)
        writer.int(report.position.map { $0 + 1 } ?? 0)  // a shard's position, 0 for none
        CheckRecord(kind: report.kind, findings: report.findings, facts: nil).encoded(into: &writer)
        var framed = ByteWriter()
        framed.int(writer.bytes.count)
        pending += framed.bytes
        pending += writer.bytes
        if pending.count >= BufferedOutput.chunk { try flush() }
    }

    private func flush() throws(FileSystem.Failure) {
        guard !pending.isEmpty else { return }
        try file.write(pending, at: length)
        length += pending.count
        pending.removeAll(keepingCapacity: true)
    }

    /// Goes through the reports from the first. Reading a spool this process wrote cannot fail
    /// short of a broken disk; a record that does not decode ends the sequence early, which the
    /// counts in the summary would then contradict.
    public func makeIterator() -> Iterator {
        try? flush()
        return Iterator(file: file, length: length)
    }

    public struct Iterator: IteratorProtocol {
        let file: FileSystem.AnonymousFile
        let length: Int
        var offset = 0
        var buffer: [UInt8] = []
        var position = 0

        public mutating func next() -> CheckReport.FileReport? {
            guard let size = frame(), fill(size) else { return nil }
            var reader = ByteReader(buffer[position..<(position + size)])
            position += size
            guard let path = reader.string(), let position = reader.int(), let record = CheckRecord(from: &reader) else { return nil }
            return CheckReport.FileReport(path: path, kind: record.kind, findings: record.findings,
                                          position: position > 0 ? position - 1 : nil)
        }

        /// The length prefix of the next record.
        private mutating func frame() -> Int? {
            guard fill(10) || position < buffer.count else { return nil }
            var reader = ByteReader(buffer[position...])
            let before = reader.remaining
            guard let size = reader.int() else { return nil }
            position += before - reader.remaining
            return size
        }

        /// Makes `count` bytes available from `position` (fewer only at the end of the spool).
        private mutating func fill(_ count: Int) -> Bool {
            if buffer.count - position >= count { return true }
            buffer.removeFirst(position)
            position = 0
            while buffer.count < count, offset < length {
                let want = Swift.min(Swift.max(count - buffer.count, BufferedOutput.chunk), length - offset)
                guard let bytes = try? file.read(want, at: offset), !bytes.isEmpty else { return false }
                buffer += bytes
                offset += bytes.count
            }
            return buffer.count >= count
        }
    }
}
