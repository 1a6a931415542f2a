import GridEditCore
import Testing
@testable import GridEditJSON

/// Hostile inputs: the parser must answer (value or error), never crash or hang.
@Suite struct RobustnessTests {
    @Test func tenMegabytesOfOpenBrackets() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 10_000_000)
        expectRejected(bytes, kind: .tooDeep, 1, 65, "deeper than 64")
        // Asking for unlimited depth still stops at the ceiling.
        expectRejected(bytes, kind: .tooDeep, 1, JSONParser.depthCeiling + 1, maxDepth: .max)
    }

    @Test func hundredThousandLevels() {
        let text = String(repeating: #"{"a":["#, count: 50_000) + String(repeating: "]}", count: 50_000)
        expectRejected(text, kind: .tooDeep, 1, 6 * 32 + 1, "deeper than 64")
    }

    // The ceiling exists because conversion recurses; prove the ceiling itself is safe.
    @Test func nestingAtTheCeiling() throws {
        let depth = JSONParser.depthCeiling
        let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let node = try JSONParser.parse(text, maxDepth: .max)
        #expect(node.typeName == "array")
        #expect(CanonicalJSONWriter.write(node.toJSONValue()).hasSuffix("]\n"))
        expectRejected("[" + text + "]", kind: .tooDeep, 1, depth + 1, maxDepth: .max)
    }

    @Test func hundredThousandDigitNumbers() throws {
        let digits = String(repeating: "7", count: 100_000)
        expectRejected(digits, kind: .numberRange, 1, 1, "77777…")
        expectRejected("[-" + digits + "]", kind: .numberRange, 1, 2, "64 bits")
        expectRejected("1" + String(repeating: "0", count: 100_000) + ".5", kind: .numberRange, 1, 1, "too large")
        // A long fraction is fine: it rounds like any decimal.
        let node = try JSONParser.parse("0." + digits)
        if case .number(let n) = node.value {
            #expect(n.literal.utf8.count == 100_002)
            #expect(n.doubleValue == 0.7777777777777778)
        } else { Issue.record("not a number") }
    }

    @Test func nulBytes() {
        expectRejected([0], kind: .syntax, 1, 1, "a NUL byte")
        expectRejected(Array("[1,".utf8) + [0] + Array("2]".utf8), kind: .syntax, 1, 4, "a NUL byte")
        // json-c alone would stop at the NUL and accept "[1]".
        expectRejected(Array("[1]".utf8) + [0] + Array("xx".utf8), kind: .syntax, 1, 4, "extra text")
        expectRejected(Array(#"{"a"#.utf8) + [0] + Array(#"": 1}"#.utf8), kind: .syntax, 1, 4, "U+0000")
    }

    @Test func everySingleByte() {
        for b in 0...255 {
            let error = parseError([UInt8(b)])
            let isDigit = (0x30...0x39).contains(b)
            #expect((error == nil) == isDigit, "byte \(b): \(String(describing: error))")
        }
    }

    /// Random bytes, and random damage to a valid file. The scanner and json-c must
    /// never disagree (that would surface as "internal error").
    @Test func fuzz() {
        var random = SplitMix64(seed: 2024)
        let alphabet = Array(#"{}[],:"\ -+.0123456789eEtrufalsn/*'"#.utf8) + [0, 0x09, 0x0A, 0x0D, 0xC3, 0xA9, 0xED, 0xA0, 0x80, 0xFF]
        for _ in 0..<3000 {
            let count = Int.random(in: 0...40, using: &random)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &random)! }
            checkNoDisagreement(bytes)
            let noise = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            checkNoDisagreement(noise)
        }
        let valid = Array(LocationTests.puzzle.utf8) + Array(#"[1.5e3, -0, "\u00e9\n", true, null]"#.utf8)
        for _ in 0..<3000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let i = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[i] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: i)
                default: bytes.insert(alphabet.randomElement(using: &random)!, at: i)
                }
            }
            checkNoDisagreement(bytes)
        }
    }

    private func checkNoDisagreement(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let error = parseError(bytes) else { return }
        #expect(!error.message.contains("internal error"), "\(bytes): \(error)", sourceLocation: sourceLocation)
        #expect(error.location.offset <= bytes.count, sourceLocation: sourceLocation)
        #expect(error.location.line >= 1 && error.location.column >= 1, sourceLocation: sourceLocation)
    }
}

/// The json-c side on its own: normally the scanner rejects bad input first, so
/// these paths only matter if the two ever disagree. They must still give
/// located errors, not crashes.
@Suite struct JSONCFallbackTests {
    @Test func jsonCErrorsAreLocated() {
        #expect(throws: JSONSyntaxError.self) {
            try JSONCTreeConverter.parse(Array("[1,\n]".utf8), maxDepth: 64, locations: ScanResult())
        }
        do {
            _ = try JSONCTreeConverter.parse(Array("[1,\n]".utf8), maxDepth: 64, locations: ScanResult())
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.location.line == 2 && error.location.column == 1)
        }
        do {
            _ = try JSONCTreeConverter.parse(Array("[[[1]]]".utf8), maxDepth: 2, locations: ScanResult())
        } catch {
            #expect(error.kind == .tooDeep)
            #expect(error.location.column == 4)  // json-c stops just past the third "["
        }
    }

    @Test func missingLocationsAreAnErrorNotACrash() throws {
        do {
            _ = try JSONCTreeConverter.parse(Array(#"{"a": [1, 2]}"#.utf8), maxDepth: 64, locations: ScanResult())
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("internal error"))
        }
    }

    @Test func concurrentParsing() async {
        await withTaskGroup(of: Bool.self) { group in
            for i in 0..<32 {
                group.addTask {
                    let text = #"{"i": \#(i), "pieces": [{"x": 1}, {"x": 2}], "t": "Café ★"}"#
                    guard let node = try? JSONParser.parse(text) else { return false }
                    return intValue(node["i"]!) == i
                        && CanonicalJSONWriter.write(node.toJSONValue()) == text + "\n"
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
