import GridEditCore
import GridEditJSON

/// Reads a JSON report of `gridedit check` (`CheckReport.jsonReport`) back into the model.
enum JSONReportReader {
    static func read(_ root: JSONNode, file: String) throws(ReportMerge.Problem) -> CheckReport {
        let json = ReportJSON(file: file)
        var report = CheckReport()
        for node in try json.array(root, "files") {
            var entry = CheckReport.FileReport(path: try json.string(node, "path"), kind: try json.string(node, "kind"), findings: [])
            for finding in try json.array(node, "findings") {
                let line = try json.optionalInt(finding, "line"), column = try json.optionalInt(finding, "column")
                var path: JSONPath?
                if let text = try json.optionalString(finding, "jsonPath") {
                    guard let parsed = JSONPath(description: text) else {
                        throw json.problem(finding["jsonPath"]!, "\(Excerpt.quoted(text)) is not a JSON path as gridedit writes one")
                    }
                    path = parsed
                }
                guard (line == nil) == (column == nil) else { throw json.problem(finding, "line and column must both be numbers or both null") }
                entry.findings.append(Finding(
                    rule: try json.string(finding, "rule"), severity: try json.severity(finding, "severity"),
                    message: try json.string(finding, "message"), path: path,
                    location: line.map { SourceLocation(line: $0, column: column!, offset: 0) }))
            }
            entry.position = try json.optionalInt(node, "position")
            report.files.append(entry)
        }
        if let stamp = root["shard"] {
            report.shard = try json.stamp(stamp)
            report.strict = try json.bool(stamp, "strict")
        }
        return report
    }
}

/// Typed access to a parsed report, with errors that name the file, line:column and JSON path.
struct ReportJSON {
    var file: String

    func problem(_ node: JSONNode, _ message: String) -> ReportMerge.Problem {
        ReportMerge.Problem("\(file):\(node.location): \(node.path): \(message); merge the reports exactly as `gridedit check --shard` wrote them")
    }

    func member(_ node: JSONNode, _ key: String) throws(ReportMerge.Problem) -> JSONNode {
        guard case .object = node.value else { throw problem(node, "expected an object, found \(node.typeName)") }
        guard let value = node[key] else { throw problem(node, "\"\(key)\" is missing") }
        return value
    }

    func array(_ node: JSONNode, _ key: String) throws(ReportMerge.Problem) -> [JSONNode] {
        let value = try member(node, key)
        guard case .array(let items) = value.value else { throw problem(value, "expected an array, found \(value.typeName)") }
        return items
    }

    func string(_ node: JSONNode, _ key: String) throws(ReportMerge.Problem) -> String {
        let value = try member(node, key)
        guard case .string(let text) = value.value else { throw problem(value, "expected a string, found \(value.typeName)") }
        return text
    }

    func bool(_ node: JSONNode, _ key: String) throws(ReportMerge.Problem) -> Bool {
        let value = try member(node, key)
        guard case .bool(let flag) = value.value else { throw problem(value, "expected true or false, found \(value.typeName)") }
        return flag
    }

    func int(_ node: JSONNode, _ key: String) throws(ReportMerge.Problem) -> Int {
        let value = try member(node, key)
        guard case .number(let number) = value.value, let int = number.intValue, int >= 0 else {
            throw problem(value, "expected a whole number of at least 0, found \(value.typeName)")
        }
        return int
    }

    /// Absent or null is nil.
    func optionalInt(_ node: JSONNode, _ key: String) throws(ReportMerge.Problem) -> Int? {
        guard let value = node[key], !value.isNull else { return nil }
        return try int(node, key)
    }

    func optionalString(_ node: JSONNode, _ key: String) throws(ReportMerge.Problem) -> String? {
        guard let value = node[key], !value.isNull else { return nil }
        return try string(node, key)
    }

    func severity(_ node: JSONNode, _ key: String) throws(ReportMerge.Problem) -> Finding.Severity {
        let text = try string(node, key)
        guard let severity = Finding.Severity(rawValue: text) else {
            throw problem(node[key]!, "expected \"error\" or \"warning\", found \(Excerpt.quoted(text))")
        }
        return severity
    }

    /// A `ShardStamp` written by `ShardStamp.members(strict:)`.
    func stamp(_ node: JSONNode) throws(ReportMerge.Problem) -> ShardStamp {
        let text = try string(node, "shard")
        guard let shard = Shard(text) else { throw problem(node["shard"]!, "expected K/N, found \(Excerpt.quoted(text))") }
        return ShardStamp(shard: shard, files: try int(node, "files"), run: try string(node, "run"))
    }
}

extension JSONNode {
    var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}
