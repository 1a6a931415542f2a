import Foundation
import GridEditCore
import GridEditTestSupport
import Testing

/// Rules own their ids, as swift-format's do: every id belongs to exactly one rule type, in a file
/// named after it, with a one-line summary; the table in docs/format.md lists exactly the
/// catalogue's ids with the same severities, so a new rule cannot ship undocumented and a
/// retired one cannot linger in the docs.
@Suite struct RuleCatalogTests {
    /// The rows of the rule table in docs/format.md: id → severity.
    static func documentedRules() throws -> [String: String] {
        let text = String(decoding: try Data(contentsOf: GridEditBinary.repositoryRoot.appendingPathComponent("docs/format.md")), as: UTF8.self)
        let table = try #require(text.range(of: "## Rule ids")).upperBound
        var rules: [String: String] = [:]
        for line in text[table...].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            let id = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            #expect(rules[id] == nil, "\(id) appears twice in docs/format.md")
            rules[id] = cells[1]
        }
        return rules
    }

    static var ids: [String] { RuleCatalog.all.map { $0.id } }

    /// The Swift sources, by file name, read once.
    static let sources: [(name: String, text: String)] = {
        let root = GridEditBinary.repositoryRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            // Sources/Support holds the tests' and benchmarks' workloads, which name the ids they expect.
            .filter { !$0.path.contains("/Sources/Support/") } ?? []
        return files.map { ($0.lastPathComponent, String(decoding: (try? Data(contentsOf: $0)) ?? Data(), as: UTF8.self)) }
    }()

    @Test func everyIDIsUnique() {
        var seen: [String: String] = [:]
        for rule in RuleCatalog.all {
            #expect(seen[rule.id] == nil, "\(rule) and \(seen[rule.id] ?? "") share the id \(rule.id)")
            seen[rule.id] = "\(rule)"
        }
        #expect(Self.ids.count >= 40)
    }

    @Test func docsListExactlyTheCatalogueWithItsSeverities() throws {
        let documented = try Self.documentedRules()
        for rule in RuleCatalog.all {
            #expect(documented[rule.id] == rule.severity.rawValue,
                    "\(rule.id) (\(rule.severity.rawValue)) is not in docs/format.md's rule table with that severity")
        }
        let stale = Set(documented.keys).subtracting(Self.ids)
        #expect(stale.isEmpty, "docs/format.md lists rules no type owns: \(stale.sorted())")
    }

    @Test func everyRuleHasAOneLineSummary() {
        for rule in RuleCatalog.all {
            #expect(!rule.summary.isEmpty && !rule.summary.contains("\n") && rule.summary.hasSuffix("."), "\(rule.id): \(rule.summary)")
            #expect(RuleCatalog.summary(of: rule.id) == rule.summary)
        }
        #expect(RuleCatalog.summary(of: "no.such-rule") == "see docs/format.md")
    }

    /// `tangram.piece-set` is `PieceSetRule`, `schema.value` is `SchemaValueRule`: the type is
    /// named after the id, whole or without its prefix, so one can be found from the other.
    @Test func typeNamesAgreeWithIDs() {
        func camel(_ words: Substring) -> String {
            words.split(whereSeparator: { $0 == "-" || $0 == "." }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
        for rule in RuleCatalog.all {
            let name = "\(rule)"
            #expect(name.hasSuffix("Rule"), "\(name)")
            let stem = name.dropLast(4).lowercased()
            let whole = camel(Substring(rule.id)).lowercased()
            let short = camel(rule.id.split(separator: ".", maxSplits: 1).last ?? "").lowercased()
            #expect(stem == whole || stem == short, "\(name) does not match its id \(rule.id)")
        }
    }

    /// No id string appears outside its rule: everything else reports through the rule type.
    @Test func noIDLiteralOutsideItsRule() throws {
        try #require(Self.sources.count > 100, "Sources not found")
        for rule in RuleCatalog.all {
            let literal = "\"\(rule.id)\""
            let holders = Self.sources.filter { $0.text.contains(literal) }.map(\.name)
            #expect(holders == ["\(rule).swift"], "\(rule.id) is written in \(holders.sorted()), not only in \(rule).swift")
        }
    }

    @Test func onlyTheSolverRulesSearch() {
        #expect(RuleCatalog.searchingRuleIDs == ["tangram.unsolvable", "tangram.difficulty-mismatch", "sudoku.difficulty-mismatch"])
        #expect(TangramKind.rules(searching: true).map { type(of: $0).id } == ["tangram.unsolvable", "tangram.difficulty-mismatch"])
        #expect(TangramKind.rules(searching: false).count + 2 == TangramKind.rules.count)
        // Grading is a search too: the hardest puzzles need forcing nets (issue 33's panel shows the tier live).
        #expect(SudokuKind.rules(searching: true).map { type(of: $0).id } == ["sudoku.difficulty-mismatch"])
        #expect(SudokuKind.rules(searching: false).count + 1 == SudokuKind.rules.count)
    }

    @Test func everyKindAndPackRuleIsCatalogued() {
        let catalogued = Set(Self.ids)
        let ruleIDs = TangramKind.ruleTypes.map { $0.id } + SudokuKind.ruleTypes.map { $0.id } + Pack.rules.map { type(of: $0).id }
        for id in ruleIDs {
            #expect(catalogued.contains(id), "\(id) is not in RuleCatalog.all")
        }
    }
}
