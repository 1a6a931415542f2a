import GridEditJSON

/// The machine-readable report:
/// `{"files":[{"path","kind","findings":[{"rule","severity","line","column","jsonPath","message"}]}],
///   "summary":{"passed","failed"}}`. Line, column and jsonPath are null when unknown.
extension CheckReport {
    public func jsonReport() -> String { text(.json) }

    static func writeJSON<Files: Sequence<FileReport>>(files: Files, summary: CheckSummary, to sink: (String) -> Void) {
        let document: JSONValue = .object([
            .init("files", .array([])),
            .init("summary", .object([
                .init("passed", .number(String(summary.passed))),
                .init("failed", .number(String(summary.failed))),
            ])),
        ])
        let values = files.lazy.map { file -> JSONValue in
            .object([
                .init("path", .string(file.path)),
                .init("kind", .string(file.kind)),
                .init("findings", .array(file.findings.map(json))),
            ])
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
