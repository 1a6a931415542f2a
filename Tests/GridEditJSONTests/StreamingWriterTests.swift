import GridEditCore
import Testing
@testable import GridEditJSON

/// `CanonicalJSONWriter.writeStreaming` must write exactly what `write` writes for the whole
/// document: the check report's JSON and SARIF are streamed, and existing tests, CI diffs and
/// `report merge` compare their bytes.
@Suite struct StreamingWriterTests {
    /// Elements of every width: short scalars, one-line objects, objects too wide for a line.
    static func element(_ i: Int, _ random: inout SplitMix64) -> JSONValue {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return .number(String(i))
        case 1: return .string(String(repeating: "x", count: Int.random(in: 0..<30, using: &random)))
        case 2: return .object([.init("path", .string("p\(i).json")), .init("findings", .array([]))])
        case 3: return .object([.init("path", .string(String(repeating: "long/", count: 1 + Int.random(in: 0..<25, using: &random)))),
                                .init("findings", .array((0..<Int.random(in: 0..<4, using: &random)).map { .number(String($0)) }))])
        default: return .array([])
        }
    }

    @Test("streamed arrays give the bytes of the whole document", arguments: 0..<40)
    func streamedEqualsWhole(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let count = [0, 1, 2, 3, 5, 8, 30, 200][seed % 8]
        let elements = (0..<count).map { Self.element($0, &random) }
        let documents: [(JSONValue, JSONPath, (JSONValue) -> JSONValue)] = [
            (.object([.init("files", .array([])), .init("summary", .object([.init("passed", .number("1"))]))]),
             JSONPath([.key("files")]),
             { .object([.init("files", $0), .init("summary", .object([.init("passed", .number("1"))]))]) }),
            (.object([.init("v", .string("2")), .init("runs", .array([.object([.init("tool", .string("t")), .init("results", .array([]))])]))]),
             JSONPath([.key("runs"), .index(0), .key("results")]),
             { .object([.init("v", .string("2")), .init("runs", .array([.object([.init("tool", .string("t")), .init("results", $0)])]))]) }),
            (.array([]), JSONPath(), { $0 }),
        ]
        for (template, path, whole) in documents {
            var streamed = ""
            CanonicalJSONWriter.writeStreaming(template, arrayAt: path, elements: elements) { streamed += $0 }
            #expect(streamed == CanonicalJSONWriter.write(whole(.array(elements))), "\(count) elements at \(path)")
        }
    }
}
