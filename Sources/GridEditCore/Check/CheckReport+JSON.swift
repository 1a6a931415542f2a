import GridEditJSON

/// The machine-readable report:
/// `{"files":[{"path","kind","findings":[{"rule","severity","line","column","jsonPath","message"}]}],
///   "summary":{"passed","failed"}}`. Line, column and jsonPath are null when unknown.
extension CheckReport {
    public func jsonReport() -> String {
        let fileValues: [JSONValue] = files.map { file in
            .object([
                .init("path", .string(file.path)),
                .init("kind", .string(file.kind)),
                .init("findings", .array(file.findings.map(Self.json))),
            ])
        }
        let root: JSONValue = .object([
            .init("files", .array(fileValues)),
            .init("summary", .object([
                .init("passed", .number(String(passed))),
                .init("failed", .number(String(failed))),
            ])),
        ])
        return CanonicalJSONWriter.write(root)
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
