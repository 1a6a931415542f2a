import Foundation
import GridEditCore
import GridEditJSON
import GridEditTestSupport
import Testing

/// Every shipped puzzle, corrupted in every way we can name, must be reported with the right
/// rule at the right line and column. Corruptions are applied to the real files, so the test
/// follows the content as it grows.
@Suite struct CorruptionTests {
    /// A corrupted copy and where its finding must point.
    struct Mutant {
        var label: String
        var text: String
        var rule: String
        /// The JSON path whose value (or key, for unknown keys) the finding must locate.
        var path: JSONPath
        var atKey = false
        /// Characters into a string value, for findings about one cell of a Sudoku row.
        var columnOffset = 0
    }

    static let files = ShippedContent.puzzleFiles

    @Test(arguments: files)
    func everyTreeCorruptionIsReportedAtItsValue(file: URL) throws {
        let original = try JSONParser.parse(ShippedContent.bytes(file)).toJSONValue()
        let mutants = Self.treeMutants(of: original)
        #expect(mutants.count >= 8, "too few corruptions generated for \(file.lastPathComponent)")
        for mutant in mutants {
            try expectReported(mutant, file: file)
        }
    }

    @Test(arguments: files)
    func everyTextCorruptionIsReportedWhereItHappened(file: URL) throws {
        let text = String(decoding: ShippedContent.bytes(file), as: UTF8.self)
        let bytes = Array(text.utf8)

        // Truncated anywhere: always a syntax error, located inside what is left.
        for cut in stride(from: 0, to: bytes.count - 1, by: max(1, bytes.count / 40)) {
            let result = DocumentLoader.load(Array(bytes[..<cut]), isManifest: false)
            let finding = try #require(result.findings.first, "truncation at \(cut) not reported")
            // Mostly json.syntax; json.invalid-unicode when the cut splits a character like √.
            #expect(finding.rule.hasPrefix("json."), "truncation at \(cut): \(finding.rule)")
            #expect((finding.location?.offset ?? -1) <= cut)
        }

        // A trailing comma before the final brace: reported at the comma.
        let lastBrace = try #require(text.lastIndex(of: "}"))
        let beforeBrace = text[..<lastBrace].lastIndex { !$0.isWhitespace }!
        var withComma = text
        withComma.insert(",", at: text.index(after: beforeBrace))
        let commaOffset = text.utf8.distance(from: text.startIndex, to: text.index(after: beforeBrace))
        let comma = try #require(DocumentLoader.load(Array(withComma.utf8), isManifest: false).findings.first)
        #expect(comma.rule == "json.syntax")
        #expect(comma.location?.offset == commaOffset)

        // A key repeated: reported at the second occurrence.
        let nameLine = try #require(text.range(of: "\n  \"name\": "))
        let lineEnd = text[nameLine.upperBound...].firstIndex(of: "\n")!
        let member = String(text[text.index(after: nameLine.lowerBound)..<lineEnd])
        let doubled = text.replacingCharacters(in: nameLine.lowerBound..<lineEnd,
                                               with: "\n" + member + "\n" + member)
        let duplicate = try #require(DocumentLoader.load(Array(doubled.utf8), isManifest: false).findings.first)
        #expect(duplicate.rule == "json.duplicate-key")
        let secondKey = try #require(doubled.range(of: "\"name\"", range: doubled.index(after: nameLine.upperBound)..<doubled.endIndex))
        #expect(duplicate.location?.offset == doubled.utf8.distance(from: doubled.startIndex, to: secondKey.lowerBound))

        // Binary garbage and an empty file.
        var generator = SystemRandomNumberGenerator()
        let garbage = (0..<256).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(DocumentLoader.load(garbage, isManifest: false).findings.first?.rule.hasPrefix("json.") == true)
        #expect(DocumentLoader.load([], isManifest: false).findings.first?.location == GridEditJSON.SourceLocation(line: 1, column: 1, offset: 0))
    }

    func expectReported(_ mutant: Mutant, file: URL) throws {
        let result = DocumentLoader.load(Array(mutant.text.utf8), isManifest: false)
        let root = try JSONParser.parse(mutant.text)
        let expectedLocation: GridEditJSON.SourceLocation
        if mutant.atKey {
            let parent = try #require(root.node(at: JSONPath(mutant.path.components.dropLast())))
            guard case .object(let members) = parent.value, case .key(let key)? = mutant.path.components.last,
                  let member = members.first(where: { $0.key == key }) else {
                Issue.record("\(mutant.label): no key at \(mutant.path)")
                return
            }
            expectedLocation = member.keyLocation
        } else {
            let value = try #require(root.node(at: mutant.path), "\(mutant.label): no value at \(mutant.path)").location
            expectedLocation = GridEditJSON.SourceLocation(line: value.line, column: value.column + mutant.columnOffset,
                                                           offset: value.offset + mutant.columnOffset)
        }
        let match = result.findings.first { $0.rule == mutant.rule && $0.location == expectedLocation }
        #expect(match != nil,
                "\(file.lastPathComponent) \(mutant.label): expected [\(mutant.rule)] at \(expectedLocation) (\(mutant.path)); got \(result.findings.map { "[\($0.rule)] \($0.location.map(\.description) ?? "-") \($0.path?.description ?? "")" })")
        #expect(match?.path == mutant.path || mutant.atKey || match?.rule.hasPrefix("schema.required") == true)
    }

    // MARK: Corruptions of the parsed tree

    static func treeMutants(of original: JSONValue) -> [Mutant] {
        guard case .object(let members) = original else { return [] }
        var mutants: [Mutant] = []
        func add(_ label: String, _ value: JSONValue, _ rule: String, _ path: JSONPath, atKey: Bool = false, columnOffset: Int = 0) {
            mutants.append(Mutant(label: label, text: CanonicalJSONWriter.write(value), rule: rule, path: path,
                                  atKey: atKey, columnOffset: columnOffset))
        }
        let root = JSONPath.root
        for required in ["formatVersion", "kind", "id", "name", "difficulty", "createdAt", "updatedAt"] {
            add("without \(required)", .object(members.filter { $0.key != required }), "schema.required", root)
        }
        add("name is a number", original.setting(["name"], to: .number("5")), "schema.type", root.appending(key: "name"))
        add("difficulty unknown", original.setting(["difficulty"], to: .string("impossible")), "schema.value", root.appending(key: "difficulty"))
        add("id with spaces", original.setting(["id"], to: .string("Bad Id")), "schema.value", root.appending(key: "id"))
        add("bad timestamp", original.setting(["createdAt"], to: .string("yesterday")), "schema.value", root.appending(key: "createdAt"))
        // An impossible time is reported at its first wrong field (month 5, day 8 characters in).
        add("month 13", original.setting(["createdAt"], to: .string("2026-13-45T25:61:61Z")), "schema.value", root.appending(key: "createdAt"), columnOffset: 1 + 5)
        add("30 February", original.setting(["updatedAt"], to: .string("2026-02-30T09:00:00Z")), "schema.value", root.appending(key: "updatedAt"), columnOffset: 1 + 8)
        add("newer format", original.setting(["formatVersion"], to: .number("99")), "format.unsupported-version", root.appending(key: "formatVersion"))
        add("unknown key", .object(members + [.init("nmae", .string("x"))]), "schema.unknown-key", root.appending(key: "nmae"), atKey: true)
        add("unknown kind", original.setting(["kind"], to: .string("crossword")), "schema.value", root.appending(key: "kind"))

        if case .array(let poses)? = original.member("pieces") {
            for i in poses.indices {
                let pose = root.appending(key: "pieces").appending(index: i)
                add("pieces[\(i)].x inexact", original.setting(["pieces", i, "x"], to: .number("0.1")), "schema.exact-number", pose.appending(key: "x"))
                add("pieces[\(i)].y bad text", original.setting(["pieces", i, "y"], to: .string("1+√3")), "schema.exact-number", pose.appending(key: "y"))
                add("pieces[\(i)].rotation 30", original.setting(["pieces", i, "rotation"], to: .number("30")), "schema.value", pose.appending(key: "rotation"))
                add("pieces[\(i)] unknown piece", original.setting(["pieces", i, "piece"], to: .string("circle")), "schema.value", pose.appending(key: "piece"))
                add("pieces[\(i)].x far away", original.setting(["pieces", i, "x"], to: .number("20")), "tangram.out-of-bounds", pose)
                let j = (i + 1) % poses.count
                guard case .object(let other) = poses[j] else { continue }
                // Same anchor and rotation as piece j, neither mirrored: every piece's interior
                // starts at its vertex 0 between its first edge (along the rotation) and the
                // next, so the two are certain to share ground there.
                func unflipped(_ pose: JSONValue) -> JSONValue {
                    guard case .object(let m) = pose else { return pose }
                    return .object(m.filter { $0.key != "flip" })
                }
                var moved = original.setting(["pieces", j], to: unflipped(poses[j]))
                moved = moved.setting(["pieces", i], to: unflipped(poses[i]))
                for key in ["x", "y", "rotation"] {
                    moved = moved.setting(["pieces", i, key], to: other.first { $0.key == key }!.value)
                }
                add("pieces[\(i)] onto pieces[\(j)]", moved, "tangram.overlap", root.appending(key: "pieces").appending(index: max(i, j)))
                let otherPiece = other.first { $0.key == "piece" }!.value
                add("pieces[\(i)] repeats pieces[\(j)]'s id", original.setting(["pieces", i, "piece"], to: otherPiece),
                    "tangram.piece-set", root.appending(key: "pieces").appending(index: max(i, j)))
            }
        }

        if case .array(let rows)? = original.member("givens"), case .number(let sizeText)? = original.member("size") {
            let size = Int(sizeText)!
            for (r, row) in rows.enumerated() {
                guard case .string(let cells) = row else { continue }
                let path = root.appending(key: "givens").appending(index: r)
                add("givens[\(r)] short", original.setting(["givens", r], to: .string(String(cells.dropLast()))), "sudoku.size", path)
                var chars = Array(cells)
                if let empty = chars.firstIndex(of: ".") {
                    chars[empty] = "x"
                    add("givens[\(r)] letter", original.setting(["givens", r], to: .string(String(chars))), "sudoku.value-out-of-range", path, columnOffset: 1 + empty)
                    if let given = Array(cells).first(where: { $0 != "." }) {
                        var conflict = Array(cells)
                        conflict[empty] = given
                        add("givens[\(r)] repeats \(given)", original.setting(["givens", r], to: .string(String(conflict))), "sudoku.given-conflict", path)
                    }
                }
            }
            add("size 5", original.setting(["size"], to: .number("5")), "sudoku.size", root.appending(key: "size"))
            if size < 9, let r = rows.indices.first(where: { if case .string(let c) = rows[$0] { c.contains(".") } else { false } }),
               case .string(let cells) = rows[r] {
                var chars = Array(cells)
                let empty = chars.firstIndex(of: ".")!
                chars[empty] = Character(String(size + 1))
                add("givens[\(r)] digit \(size + 1)", original.setting(["givens", r], to: .string(String(chars))),
                    "sudoku.value-out-of-range", root.appending(key: "givens").appending(index: r), columnOffset: 1 + empty)
            }
        }
        return mutants
    }
}

extension JSONValue {
    /// The value of an object member.
    func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A copy with the value at `path` (keys and indices) replaced.
    func setting(_ path: [any Sendable], to newValue: JSONValue) -> JSONValue {
        guard let first = path.first else { return newValue }
        let rest = Array(path.dropFirst())
        switch (self, first) {
        case (.object(var members), let key as String):
            if let i = members.firstIndex(where: { $0.key == key }) {
                members[i].value = members[i].value.setting(rest, to: newValue)
            }
            return .object(members)
        case (.array(var items), let index as Int):
            items[index] = items[index].setting(rest, to: newValue)
            return .array(items)
        default:
            return self
        }
    }
}
