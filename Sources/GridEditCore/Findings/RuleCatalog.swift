/// Every rule `gridedit check` can report, gathered from the rule types themselves so the list
/// cannot drift from them: the rules met while a file is read, each kind's rules, the pack
/// rules. The full table, with what to do, is docs/format.md (a test keeps the two in step).
public enum RuleCatalog {
    /// Rules reported while files are found and read, before any kind or pack rule runs.
    static let readingRules: [any DocumentedRule.Type] = [
        IOReadRule.self,
        FileOutsideRootRule.self,
        FileNotRegularRule.self,
        FileTooLargeRule.self,
        CheckTimeoutRule.self,
        CheckTooManyFindingsRule.self,
        JSONSyntaxRule.self,
        JSONDuplicateKeyRule.self,
        JSONInvalidUnicodeRule.self,
        JSONTooDeepRule.self,
        JSONNumberRangeRule.self,
        SchemaTypeRule.self,
        SchemaRequiredRule.self,
        SchemaUnknownKeyRule.self,
        SchemaValueRule.self,
        SchemaTooManyItemsRule.self,
        SchemaExactNumberRule.self,
        SchemaUnknownDocumentRule.self,
        FormatUnsupportedVersionRule.self,
        FormatSchemaReferenceRule.self,
    ]

    /// Every rule, in the order of docs/format.md: reading, then each kind's, the packs', the curricula's.
    public static let all: [any DocumentedRule.Type] = {
        var rules = readingRules
        for kind in PuzzleKinds.builtIn { rules += kind.ruleTypes }
        rules.append(MissingManifestRule.self)
        rules += Pack.rules.map { type(of: $0) }
        rules += CurriculumView.rules.map { type(of: $0) }
        return rules
    }()

    /// The rule with this id, if there is one.
    public static func rule(withID id: String) -> (any DocumentedRule.Type)? { byID[id] }

    /// The rule's one-line summary, for reports that describe their rules (SARIF).
    public static func summary(of id: String) -> String {
        byID[id]?.summary ?? "see docs/format.md"
    }

    /// Ids of the rules that run a solver search, which live validation leaves out.
    public static let searchingRuleIDs: Set<String> = Set(all.filter { $0.searches }.map { $0.id })

    private static let byID: [String: any DocumentedRule.Type] =
        Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
}
