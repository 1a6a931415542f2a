import GridEditCore
import GridEditJSON

/// Reads a SARIF log of `gridedit check` (`CheckReport.sarifReport`) back into the model. SARIF
/// lists findings, not files, so the report holds only the files with findings; a result's
/// message is kept whole (its JSON path prefix included), which the writer gives back unchanged.
enum SARIFReportReader {
    static func read(_ root: JSONNode, file: String) throws(ReportMerge.Problem) -> (CheckReport, version: String) {
        let json = ReportJSON(file: file)
        let runs = try json.array(root, "runs")
        guard runs.count == 1, let run = runs.first else {
            throw json.problem(try json.member(root, "runs"), "expected the one run gridedit writes, found \(runs.count)")
        }
        let driver = try json.member(try json.member(run, "tool"), "driver")
        let version = try json.string(driver, "version")
        var report = CheckReport()
        for result in try json.array(run, "results") {
            let level = try json.string(result, "level")
            guard let severity = Finding.Severity(rawValue: level) else {
                throw json.problem(result["level"]!, "expected \"error\" or \"warning\", found \(Excerpt.quoted(level))")
            }
            let locations = try json.array(result, "locations")
            guard locations.count == 1 else { throw json.problem(result["locations"]!, "expected one location") }
            let physical = try json.member(locations[0], "physicalLocation")
            let uri = try json.string(try json.member(physical, "artifactLocation"), "uri")
            guard let path = Self.path(fromURI: uri) else {
                throw json.problem(try json.member(physical, "artifactLocation"), "\(Excerpt.quoted(uri)) is not a percent-encoded path")
            }
            var location: SourceLocation?
            if let region = physical["region"] {
                location = SourceLocation(line: try json.int(region, "startLine"), column: try json.int(region, "startColumn"), offset: 0)
            }
            let finding = Finding(rule: try json.string(result, "ruleId"), severity: severity,
                                  message: try json.string(try json.member(result, "message"), "text"), location: location)
            let position = try result["properties"].map { (properties) throws(ReportMerge.Problem) in try json.int(properties, "position") }
            if let last = report.files.last, last.position == position, last.path == path {
                report.files[report.files.count - 1].findings.append(finding)
            } else {
                var entry = CheckReport.FileReport(path: path, kind: "unknown", findings: [finding])
                entry.position = position
                report.files.append(entry)
            }
        }
        if let properties = run["properties"] {
            let stamp = try json.member(properties, "gridedit")
            report.shard = try json.stamp(stamp)
            report.strict = try json.bool(stamp, "strict")
        }
        return (report, version)
    }

    /// Undoes `CheckReport.uri`: `%XX` back to bytes, which must be UTF-8.
    static func path(fromURI uri: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = uri.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
