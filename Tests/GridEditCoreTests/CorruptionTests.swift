import Foundation
import GridEditCore
import GridEditJSON
import GridEditTestSupport
import Testing

/// Every shipped puzzle, corrupted in every way we can name, must be reported with the right
/// rule at the right line and column. Corruptions are applied to the real files, so the test
/// follows the content as it grows.
@Suite struct CorruptionTests {
    typealias Mutant = PuzzleMutants.Mutant

    static let files = ShippedContent.puzzleFiles

    @Test(arguments: files)
    func everyTreeCorruptionIsReportedAtItsValue(file: URL) throws {
        let original = try JSONParser.parse(ShippedContent.bytes(file)).toJSONValue()
        let mutants = PuzzleMutants.tree(of: original)
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
}
