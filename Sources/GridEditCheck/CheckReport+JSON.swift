import GridEditCore
import GridEditJSON

/// The machine-readable report:
/// `{"files":[{"path","kind","findings":[{"rule","severity","line","column","jsonPath","message"}]}],
///   "summary":{"passed","failed"}}`. Line, column and jsonPath are null when unknown. A shard's
/// report adds each file's `position` and a `shard` object (`ShardStamp`) for `report merge`.
extension CheckReport {
    public func jsonReport() -> String { text(.json) }

    static func writeJSON<Files: Sequence<FileReport>>(files: Files, summary: CheckSummary, to sink: (String) -> Void) {
        var members: [JSONValue.Member] = [
            .init("files", .array([])),
            .init("summary", .object([
                .init("passed", .number(String(summary.passed))),
                .init("failed", .number(String(summary.failed))),
            ])),
        ]
        if let shard = summary.shard { members.append(.init("shard", .object(shard.members(strict: summary.strict)))) }
        let document: JSONValue = .object(members)
        let values = files.lazy.map { file -> JSONValue in
            .object([
                .init("path", .string(file.path)),
                .init("kind", .string(file.kind)),
                .init("findings", .array(file.findings.map(json))),
            ] + (file.position.map { [.init("position", .number(String($0)))] } ?? []))
        }
        CanonicalJSONWriter.writeStreaming(document, arrayAt: JSONPath([.key("files")]), elements: values, to: sink)
    }

    static func json(_ finding: Finding) -> JSONValue {
        .object([
            .init("rule", .string(finding.rule)),
            .init("severity", .string(finding.severity.rawValue)),
            .init("line", finding.location.map { .number(String($0.line)) } ?? .null),
            .init("column", finding.location.map { .number(String($0.column)) } ?? .null),
            .init("jsonPath", finding.path.map { .string($0.description) } ?? .null),
            .init("message", .string(finding.message)),
        ])
    }
}

extension ShardStamp {
    /// The stamp as JSON members (the JSON report's `shard`, SARIF's `run.properties.gridedit`).
    func members(strict: Bool) -> [JSONValue.Member] {
        [.init("shard", .string(shard.description)), .init("files", .number(String(files))),
         .init("strict", .bool(strict)), .init("run", .string(run))]
    }
}
