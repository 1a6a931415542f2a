/// JUnit XML, the test-report format every CI system can show: one test case per checked
/// file (class name = its folder), a `<failure>` per file that fails, and every finding in
/// the failure text or, for warnings of a passing file, in `<system-out>`. A shard's report adds
/// the suite's `<properties>`: the `ShardStamp` and the test cases' positions, for `report merge`.
extension CheckReport {
    public func junitReport() -> String {
        let failures = files.filter { !passes($0) }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"gridedit check\" tests=\"\(files.count)\" failures=\"\(failures)\" errors=\"0\">\n"
        xml += "  <testsuite name=\"gridedit check\" tests=\"\(files.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        if let shard { xml += shard.junitProperties(strict: strict, positions: files.compactMap(\.position)) }
        for file in files {
            let folder = FileSystem.folder(of: file.path)
            let name = FileSystem.lastComponent(of: file.path)
            xml += "    <testcase classname=\"\(Self.xmlEscape(folder))\" name=\"\(Self.xmlEscape(name))\""
            let lines = file.findings.map { Self.line(for: $0, in: file.path) }
            if passes(file) && lines.isEmpty {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            if passes(file) {
                xml += "      <system-out>\(Self.xmlEscape(lines.joined(separator: "\n")))</system-out>\n"
            } else {
                let first = file.findings.first { $0.severity == .error } ?? file.findings[0]
                xml += "      <failure message=\"\(Self.xmlEscape("[\(first.rule)] \(first.message)"))\" type=\"\(Self.xmlEscape(first.rule))\">"
                xml += Self.xmlEscape(lines.joined(separator: "\n"))
                xml += "</failure>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
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
