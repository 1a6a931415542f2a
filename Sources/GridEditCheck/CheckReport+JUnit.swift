import GridEditCore
/// JUnit XML, the test-report format every CI system can show: one test case per checked
/// file (class name = its folder), a `<failure>` per file that fails, and every finding in
/// the failure text or, for warnings of a passing file, in `<system-out>`. A shard's report adds
/// the suite's `<properties>`: the `ShardStamp` and the test cases' positions, for `report merge`.
extension CheckReport {
    public func junitReport() -> String { text(.junit) }

    static func writeJUnit<Files: Sequence<FileReport>>(files: Files, summary: CheckSummary, to sink: (String) -> Void) {
        let (count, failures) = (summary.files, summary.failed)
        sink("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        sink("<testsuites name=\"gridedit check\" tests=\"\(count)\" failures=\"\(failures)\" errors=\"0\">\n")
        sink("  <testsuite name=\"gridedit check\" tests=\"\(count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n")
        // A shard's positions go first, so the files are gone through twice (a spool can be).
        if let shard = summary.shard { sink(shard.junitProperties(strict: summary.strict, positions: files.compactMap(\.position))) }
        for file in files {
            let folder = FileSystem.folder(of: file.path)
            let name = FileSystem.lastComponent(of: file.path)
            var xml = "    <testcase classname=\"\(xmlEscape(folder))\" name=\"\(xmlEscape(name))\""
            let lines = file.findings.map { $0.line(in: file.path) }
            let passes = summary.passes(file)
            if passes && lines.isEmpty {
                sink(xml + "/>\n")
                continue
            }
            xml += ">\n"
            if passes {
                xml += "      <system-out>\(xmlEscape(lines.joined(separator: "\n")))</system-out>\n"
            } else {
                let first = file.findings.first { $0.severity == .error } ?? file.findings[0]
                xml += "      <failure message=\"\(xmlEscape("[\(first.rule)] \(first.message)"))\" type=\"\(xmlEscape(first.rule))\">"
                xml += xmlEscape(lines.joined(separator: "\n"))
                xml += "</failure>\n"
            }
            sink(xml + "    </testcase>\n")
        }
        sink("  </testsuite>\n</testsuites>\n")
    }

    /// Escapes text for XML content and attributes; drops characters XML 1.0 cannot hold.
    static func xmlEscape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\t", "\r": result += "&#\(scalar.value);"
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { result += "\u{FFFD}" }
                else { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}

extension ShardStamp {
    static let junitPropertyNames = ["gridedit.shard", "gridedit.files", "gridedit.strict", "gridedit.run", "gridedit.positions"]

    func junitProperties(strict: Bool, positions: [Int]) -> String {
        let values = [shard.description, String(files), String(strict), run, positions.map(String.init).joined(separator: " ")]
        var xml = "    <properties>\n"
        for (name, value) in zip(Self.junitPropertyNames, values) {
            xml += "      <property name=\"\(name)\" value=\"\(CheckReport.xmlEscape(value))\"/>\n"
        }
        return xml + "    </properties>\n"
    }
}
