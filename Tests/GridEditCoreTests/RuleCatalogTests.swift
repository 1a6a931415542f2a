import Foundation
import GridEditCore
import GridEditTestSupport
import Testing

/// The rule ids documented in docs/format.md and the one-line summaries reports carry (SARIF)
/// stay the same set, so a new rule cannot ship undocumented.
@Suite struct RuleCatalogTests {
    static func documentedRuleIDs() throws -> Set<String> {
        let text = String(decoding: try Data(contentsOf: GridEditBinary.repositoryRoot.appendingPathComponent("docs/format.md")), as: UTF8.self)
        let table = try #require(text.range(of: "## Rule ids")).upperBound
        return Set(text[table...].split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).prefix { $0 != "`" }.description
        })
    }

    @Test func everyDocumentedRuleHasASummary() throws {
        for id in try Self.documentedRuleIDs().sorted() {
            #expect(RuleCatalog.summary(of: id) != "see docs/format.md", "\(id) has no summary in RuleCatalog")
        }
    }

    @Test func everyRuleOfEveryKindIsDocumented() throws {
        let documented = try Self.documentedRuleIDs()
        #expect(documented.count >= 30)
        let ruleIDs = TangramKind.rules.map { type(of: $0).id } + SudokuKind.rules.map { type(of: $0).id }
            + Pack.rules.map { type(of: $0).id }
        for id in ruleIDs {
            #expect(documented.contains(id), "\(id) is not in docs/format.md")
        }
    }
}
