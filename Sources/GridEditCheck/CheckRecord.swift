import GridEditCore
import GridEditJSON

/// A file's check result as bytes, and back: the one encoding of the check cache's entries and
/// of the spool a streamed report is written from. A small length-prefixed binary form, not
/// JSON, because a warm re-check decodes one per file and must not spend its time parsing.
///
/// Decoding never traps: truncated or foreign bytes, a string that is not UTF-8, an unknown
/// severity give nil, and the caller treats the entry as absent.
struct CheckRecord: Sendable, Hashable {
    var kind: String
    var findings: [Finding]
    /// What the pack rules need of this file (a puzzle that decoded), see ``PuzzleFacts``.
    var facts: PuzzleFacts?

    func encoded(into writer: inout ByteWriter) {
        writer.string(kind)
        writer.int(findings.count)
        for finding in findings {
            writer.string(finding.rule)
            writer.int(finding.severity == .error ? 1 : 0)
            writer.string(finding.message)
            if let path = finding.path {
                writer.int(path.components.count + 1)
                for component in path.components {
                    switch component {
                    case .key(let key): writer.int(0); writer.string(key)
                    case .index(let index): writer.int(1); writer.int(index)
                    }
                }
            } else {
                writer.int(0)
            }
            if let location = finding.location {
                writer.int(1); writer.int(location.line); writer.int(location.column); writer.int(location.offset)
            } else {
                writer.int(0)
            }
        }
        if let facts {
            writer.int(1)
            writer.string(facts.id)
            writer.string(facts.difficulty.rawValue)
            writer.optionalString(facts.sameAsKey)
            writer.optionalString(facts.exactGivens)
        } else {
            writer.int(0)
        }
    }

    var bytes: [UInt8] {
        var writer = ByteWriter()
        encoded(into: &writer)
        return writer.bytes
    }

    init(kind: String, findings: [Finding], facts: PuzzleFacts?) {
        self.kind = kind
        self.findings = findings
        self.facts = facts
    }

    init?(from reader: inout ByteReader) {
        guard let kind = reader.string(), let count = reader.int(), count <= reader.remaining else { return nil }
        var findings: [Finding] = []
        findings.reserveCapacity(count)
        for _ in 0..<count {
            guard let rule = reader.string(), let severity = reader.int(), severity == 0 || severity == 1,
                  let message = reader.string(), let pathCount = reader.int(), pathCount <= reader.remaining + 1 else { return nil }
            var path: JSONPath?
            if pathCount > 0 {
                var components: [JSONPath.Component] = []
                for _ in 0..<(pathCount - 1) {
                    switch reader.int() {
                    case 0?: guard let key = reader.string() else { return nil }; components.append(.key(key))
                    case 1?: guard let index = reader.int() else { return nil }; components.append(.index(index))
                    default: return nil
                    }
                }
                path = JSONPath(components)
            }
            var location: SourceLocation?
            switch reader.int() {
            case 0?: break
            case 1?:
                guard let line = reader.int(), let column = reader.int(), let offset = reader.int() else { return nil }
                location = SourceLocation(line: line, column: column, offset: offset)
            default: return nil
            }
            findings.append(Finding(rule: rule, severity: severity == 1 ? .error : .warning, message: message, path: path, location: location))
        }
        var facts: PuzzleFacts?
        switch reader.int() {
        case 0?: break
        case 1?:
            guard let id = reader.string(), let difficulty = reader.string().flatMap(Difficulty.init(rawValue:)),
                  let sameAs = reader.optionalString(), let givens = reader.optionalString() else { return nil }
            facts = PuzzleFacts(id: id, difficulty: difficulty, sameAsKey: sameAs, exactGivens: givens)
        default: return nil
        }
        self.init(kind: kind, findings: findings, facts: facts)
    }

    /// The record of exactly these bytes (nothing left over), or nil.
    init?(bytes: ArraySlice<UInt8>) {
        var reader = ByteReader(bytes)
        guard let record = CheckRecord(from: &reader), reader.remaining == 0 else { return nil }
        self = record
    }
}

/// Appends unsigned LEB128 integers and length-prefixed UTF-8 strings.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func int(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optionalString(_ text: String?) {
        if let text { int(1); string(text) } else { int(0) }
    }
}

/// Reads what ``ByteWriter`` wrote; every read is nil past the end or on malformed bytes.
struct ByteReader {
    private let bytes: ArraySlice<UInt8>
    private var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    var remaining: Int { bytes.endIndex - position }

    mutating func int() -> Int? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.endIndex, shift < 64 {
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return Int(Int64(bitPattern: value)) }
            shift += 7
        }
        return nil
    }

    mutating func string() -> String? {
        guard let count = int(), count >= 0, count <= remaining else { return nil }
        // Through a buffer pointer: the generic `ArraySlice` form looks up type metadata on every
        // call, a measurable share of a warm re-check.
        let start = position - bytes.startIndex
        let text = bytes.withUnsafeBufferPointer { buffer in
            String(validating: UnsafeBufferPointer(rebasing: buffer[start..<(start + count)]), as: UTF8.self)
        }
        position += count
        return text
    }

    /// `.some(nil)` for an absent string, nil for malformed bytes.
    mutating func optionalString() -> String?? {
        switch int() {
        case 0?: return .some(nil)
        case 1?: return string().map { .some($0) }
        default: return nil
        }
    }
}
