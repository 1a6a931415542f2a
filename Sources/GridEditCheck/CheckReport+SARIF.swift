import GridEditCore
import GridEditJSON

/// SARIF 2.1.0, the static-analysis interchange format that code-scanning dashboards read:
/// one run of the `gridedit` tool, its rules, and one result per finding with its location. A
/// shard's report adds the `ShardStamp` to the run's properties and each result's file position.
extension CheckReport {
    public static let sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

    public func sarifReport(toolVersion: String) -> String { text(.sarif, toolVersion: toolVersion) }

    static func writeSARIF<Files: Sequence<FileReport>>(files: Files, summary: CheckSummary, toolVersion: String,
                                                        to sink: (String) -> Void) {
        let ruleIDs = summary.ruleIDs.sorted()
        let ruleIndex = Dictionary(uniqueKeysWithValues: ruleIDs.enumerated().map { ($1, $0) })
        let rules: [JSONValue] = ruleIDs.map { id in
            .object([
                .init("id", .string(id)),
                .init("shortDescription", .object([.init("text", .string(RuleCatalog.summary(of: id)))])),
                .init("help", .object([.init("text", .string("See the rule table in docs/format.md of the gridedit repository."))])),
            ])
        }
        let results = files.lazy.flatMap { file in file.findings.lazy.map { (file.path, $0, file.position) } }.map { path, finding, position -> JSONValue in
            var region: [JSONValue.Member] = []
            if let location = finding.location {
                region = [.init("startLine", .number(String(location.line))),
                          .init("startColumn", .number(String(location.column)))]
            }
            var physical: [JSONValue.Member] = [
                .init("artifactLocation", .object([.init("uri", .string(uri(path)))])),
            ]
            if !region.isEmpty { physical.append(.init("region", .object(region))) }
            var message = finding.message
            if let jsonPath = finding.path, !jsonPath.components.isEmpty { message = "\(jsonPath): \(message)" }
            return .object([
                .init("ruleId", .string(finding.rule)),
                .init("ruleIndex", .number(String(ruleIndex[finding.rule] ?? 0))),
                .init("level", .string(finding.severity == .error ? "error" : "warning")),
                .init("message", .object([.init("text", .string(message))])),
                .init("locations", .array([.object([.init("physicalLocation", .object(physical))])])),
            ] + (position.map { [.init("properties", .object([.init("position", .number(String($0)))]))] } ?? []))
        }
        let log: JSONValue = .object([
            .init("$schema", .string(sarifSchema)),
            .init("version", .string("2.1.0")),
            .init("runs", .array([.object([
                .init("tool", .object([.init("driver", .object([
                    .init("name", .string("gridedit")),
                    .init("version", .string(toolVersion)),
                    .init("rules", .array(rules)),
                ]))])),
                .init("results", .array([])),
            ] + (summary.shard.map { [.init("properties", .object([.init("gridedit", .object($0.members(strict: summary.strict)))]))] } ?? []))])),
        ])
        CanonicalJSONWriter.writeStreaming(log, arrayAt: JSONPath([.key("runs"), .index(0), .key("results")]), elements: results, to: sink)
    }

    /// A relative URI reference for a path (percent-encoding what URIs cannot hold).
    static func uri(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if c.isASCII && (c.isLetter || c.isNumber || "-._~/".contains(c)) { result.append(c) }
            else { result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) }
        }
        return result
    }
}

extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
