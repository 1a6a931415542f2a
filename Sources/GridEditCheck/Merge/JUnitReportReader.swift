import GridEditCore
import GridEditJSON

/// Reads a JUnit report of `gridedit check` (`CheckReport.junitReport`) back into the model.
///
/// It reads the layout that writer produces, line by line (every element on its own line, line
/// breaks inside text written as `&#10;`), not XML at large. Findings come back from their
/// compiler-style lines; a finding's JSON path stays part of its message, except for the one the
/// `<failure>` names, whose own message is known: the writer gives back the same bytes.
enum JUnitReportReader {
    static func read(_ bytes: [UInt8], file: String) throws(ReportMerge.Problem) -> CheckReport {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var number = 0
        func problem(_ message: String) -> ReportMerge.Problem {
            ReportMerge.Problem("\(file):\(number): \(message); merge the reports exactly as `gridedit check --shard` wrote them")
        }
        func next() throws(ReportMerge.Problem) -> Substring {
            guard number < lines.count else { throw problem("the report ends early") }
            number += 1
            return lines[number - 1]
        }
        func expect(_ prefix: String) throws(ReportMerge.Problem) -> Substring {
            let line = try next()
            guard line.hasPrefix(prefix) else { throw problem("expected a line starting \(Excerpt.quoted(prefix)), found \(Excerpt.quoted(String(line)))") }
            return line
        }

        var report = CheckReport()
        _ = try expect("<?xml ")
        _ = try expect("<testsuites ")
        _ = try expect("  <testsuite ")
        var properties: [String: String] = [:]
        var line = try next()
        if line == "    <properties>" {
            while true {
                line = try next()
                if line == "    </properties>" { break }
                guard line.hasPrefix("      <property "), let attributes = Self.attributes(line),
                      let name = attributes["name"], let value = attributes["value"] else {
                    throw problem("expected <property name=\"…\" value=\"…\"/>")
                }
                properties[name] = value
            }
            line = try next()
        }
        while line.hasPrefix("    <testcase ") {
            guard let attributes = Self.attributes(line), let folder = attributes["classname"], let name = attributes["name"] else {
                throw problem("expected <testcase classname=\"…\" name=\"…\">")
            }
            let path = folder == "." ? name : FileSystem.join(folder, name)
            var entry = CheckReport.FileReport(path: path, kind: "unknown", findings: [])
            if !line.hasSuffix("/>") {
                let body = try next()
                if body.hasPrefix("      <system-out>"), body.hasSuffix("</system-out>") {
                    let text = Self.unescape(body.dropFirst("      <system-out>".count).dropLast("</system-out>".count))
                    entry.findings = try Self.findings(text, path: path, problem: problem)
                } else if body.hasPrefix("      <failure "), let close = body.firstRange(of: ">"), body.hasSuffix("</failure>"),
                          let failure = Self.attributes(body[..<close.upperBound]), let message = failure["message"], let rule = failure["type"] {
                    let text = Self.unescape(body[close.upperBound...].dropLast("</failure>".count))
                    entry.findings = try Self.findings(text, path: path, problem: problem)
                    try Self.restoreFirstFailure(in: &entry.findings, rule: rule, message: message, problem: problem)
                } else {
                    throw problem("expected <system-out> or <failure> in the test case")
                }
                _ = try expect("    </testcase>")
            }
            report.files.append(entry)
            line = try next()
        }
        guard line == "  </testsuite>" else { throw problem("expected <testcase> or </testsuite>") }
        _ = try expect("</testsuites>")

        // gridedit.shard, .files, .strict, .run and .positions, as `ShardStamp.junitProperties` writes them.
        let names = ShardStamp.junitPropertyNames
        if let shard = properties[names[0]] {
            guard let parsed = Shard(shard), let files = properties[names[1]].flatMap({ Int($0) }),
                  let strict = properties[names[2]].flatMap({ Bool($0) }), let run = properties[names[3]],
                  let positionText = properties[names[4]] else {
                number = 4
                throw problem("the gridedit.* properties of a shard are incomplete")
            }
            let positions = positionText.split(separator: " ").map { Int($0) }
            guard positions.count == report.files.count, positions.allSatisfy({ $0 != nil }) else {
                number = 4
                throw problem("gridedit.positions lists \(positions.count) positions for \(report.files.count) test cases")
            }
            for index in report.files.indices { report.files[index].position = positions[index] }
            report.shard = ShardStamp(shard: parsed, files: files, run: run)
            report.strict = strict
        }
        return report
    }

    /// The findings of `Finding.line(in:)` lines: `PATH[:LINE:COL]: SEVERITY: [RULE] TEXT`.
    static func findings(_ text: String, path: String, problem: (String) -> ReportMerge.Problem) throws(ReportMerge.Problem) -> [Finding] {
        let place = Excerpt.escaped(path)
        var findings: [Finding] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix(place) else { throw problem("a finding does not start with its test case's path \(Excerpt.quoted(place))") }
            var rest = line.dropFirst(place.count)
            var location: SourceLocation?
            let numbers = rest.dropFirst().split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            if rest.hasPrefix(":"), numbers.count == 3, let row = Int(numbers[0]), let column = Int(numbers[1]), numbers[2].hasPrefix(" ") {
                location = SourceLocation(line: row, column: column, offset: 0)
                rest = numbers[2]
            } else {
                guard rest.hasPrefix(":") else { throw problem("expected \":\" after the path in a finding") }
                rest = rest.dropFirst()
            }
            let severity: Finding.Severity
            if rest.hasPrefix(" error: [") { severity = .error; rest = rest.dropFirst(" error: [".count) }
            else if rest.hasPrefix(" warning: [") { severity = .warning; rest = rest.dropFirst(" warning: [".count) }
            else { throw problem("expected \"error: [\" or \"warning: [\" in a finding") }
            guard let close = rest.firstRange(of: "] ") else { throw problem("expected \"] \" after the rule id in a finding") }
            findings.append(Finding(rule: String(rest[..<close.lowerBound]), severity: severity,
                                    message: String(rest[close.upperBound...]), location: location))
        }
        return findings
    }

    /// The `<failure>` quotes the first error (or, under --strict, the first finding) with its
    /// own message: that finding gets it back, and its JSON path from its line.
    static func restoreFirstFailure(in findings: inout [Finding], rule: String, message: String,
                                    problem: (String) -> ReportMerge.Problem) throws(ReportMerge.Problem) {
        guard !findings.isEmpty, message.hasPrefix("[\(rule)] ") else { throw problem("the <failure> does not name a finding of the test case") }
        let index = findings.firstIndex { $0.severity == .error } ?? 0
        let own = String(message.dropFirst("[\(rule)] ".count))
        let text = findings[index].message
        // The line is `[JSON PATH: ]MESSAGE`, escaped; try without a path, then at each ": ".
        if let raw = original(of: own, escapedAs: Substring(text)) {
            findings[index].message = raw
            return
        }
        var searched = text.startIndex
        while let separator = text[searched...].firstRange(of: ": ") {
            if let path = JSONPath(description: String(text[..<separator.lowerBound])), !path.components.isEmpty,
               let raw = original(of: own, escapedAs: text[separator.upperBound...]) {
                findings[index].message = raw
                findings[index].path = path
                return
            }
            searched = separator.upperBound
        }
        throw problem("the <failure> message is not the one of the test case's first error")
    }

    /// The message whose XML attribute form is `attribute` and whose `Excerpt.escaped` form is
    /// `escaped`: the attribute keeps line breaks and tabs but turns other control characters
    /// into U+FFFD, which the escaped form names (`\u{1B}`). Nil when they do not agree.
    static func original(of attribute: String, escapedAs escaped: Substring) -> String? {
        var raw = ""
        var rest = escaped.unicodeScalars[...]
        for scalar in attribute.unicodeScalars {
            if scalar == "\u{FFFD}", rest.first != "\u{FFFD}" {
                // A control character: `\u{X}` in the line, or U+FFFE/U+FFFF as they are.
                if let first = rest.first, first == "\u{FFFE}" || first == "\u{FFFF}" {
                    raw.unicodeScalars.append(first)
                    rest = rest.dropFirst()
                    continue
                }
                guard rest.starts(with: "\\u{".unicodeScalars), let close = rest.firstIndex(of: "}"),
                      let value = UInt32(String(String.UnicodeScalarView(rest[rest.index(rest.startIndex, offsetBy: 3)..<close])), radix: 16),
                      let control = Unicode.Scalar(value) else { return nil }
                raw.unicodeScalars.append(control)
                rest = rest[rest.index(after: close)...]
                continue
            }
            let form = Excerpt.escaped(String(scalar)).unicodeScalars
            guard rest.starts(with: form) else { return nil }
            raw.unicodeScalars.append(scalar)
            rest = rest.dropFirst(form.count)
        }
        return rest.isEmpty ? raw : nil
    }

    /// The attributes of one tag, `name="value"`, with entities decoded; nil when malformed.
    static func attributes(_ tag: Substring) -> [String: String]? {
        var result: [String: String] = [:]
        var rest = tag.drop { $0 == " " }.drop { $0 != " " }
        while true {
            rest = rest.drop { $0 == " " }
            if rest.isEmpty || rest == "/>" || rest == ">" { return result }
            guard let equals = rest.firstRange(of: "=\"") else { return nil }
            let name = String(rest[..<equals.lowerBound])
            let valueStart = equals.upperBound
            guard let end = rest[valueStart...].firstIndex(of: "\"") else { return nil }
            result[name] = unescape(rest[valueStart..<end])
            rest = rest[rest.index(after: end)...]
        }
    }

    /// Undoes `CheckReport.xmlEscape`: the five named entities and `&#N;`.
    static func unescape(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                if entity.hasPrefix("#"), let value = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(value) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += rest[amp...semicolon]
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
