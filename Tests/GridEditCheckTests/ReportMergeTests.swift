import Foundation
@testable import GridEditCheck
import GridEditCore
import GridEditJSON
import Testing

/// `ReportMerge`: shards' reports read back and written again equal the whole run's report, and
/// every way a set of reports can be wrong is refused with the file and the place.
@Suite struct ReportMergeTests {
    static let run = "gridedit 0.1.0 check --max-findings 100 --max-file-size 1048576 -- puzzles"

    /// A whole run with what the writers treat specially: no findings, warnings only, errors
    /// with and without a location and a JSON path, a quoted key, a message with a line break and
    /// an escape character, a path with a space and a non-ASCII name.
    static func whole(strict: Bool = false) -> CheckReport {
        var report = CheckReport()
        report.strict = strict
        let at = { (line: Int, column: Int) in SourceLocation(line: line, column: column, offset: 0) }
        report.files = [
            .init(path: "puzzles/a/pack.json", kind: "pack", findings: [
                Finding(rule: "pack.difficulty-order", severity: .warning, message: "b.json is easy but comes after c.json (hard)",
                        path: JSONPath([.key("puzzles"), .index(2)]), location: at(9, 5)),
            ]),
            .init(path: "puzzles/a/b.json", kind: "sudoku", findings: []),
            .init(path: "puzzles/a/c d.json", kind: "tangram", findings: [
                Finding(rule: "tangram.overlap", message: "small-1 overlaps medium (pieces[2]); move one",
                        path: JSONPath([.key("pieces"), .index(3)]), location: at(17, 5)),
                Finding(rule: "schema.unknown-key", severity: .warning, message: "unknown key \"odd key\"",
                        path: JSONPath([.key("meta"), .key("odd key")]), location: at(3, 3)),
            ]),
            .init(path: "puzzles/a/é.json", kind: "unknown", findings: [
                Finding(rule: "json.syntax", message: "line one\nline two \u{1B}[31m", location: at(1, 1)),
            ]),
            .init(path: "puzzles/b/x.json", kind: "sudoku", findings: [
                Finding(rule: "io.read", message: "cannot open the file: permission denied; check its permissions"),
                Finding(rule: "sudoku.conflict", message: "two 5s in row 1", path: JSONPath([.key("givens"), .index(0)]), location: at(12, 16)),
            ]),
            .init(path: "puzzles/b/y.json", kind: "sudoku", findings: [
                Finding(rule: "sudoku.difficulty-mismatch", severity: .warning, message: "recorded easy, graded hard",
                        path: JSONPath([.key("difficulty")]), location: at(6, 17)),
            ]),
            .init(path: "puzzles/b/z.json", kind: "sudoku", findings: []),
        ]
        return report
    }

    /// The whole run split into `count` shards by position (`shardOf`), as `check --shard` does.
    static func shards(of whole: CheckReport, count: Int, run: String = run, shardOf: (Int) -> Int = { $0 }) -> [CheckReport] {
        (1...count).map { k in
            var report = CheckReport()
            report.strict = whole.strict
            report.shard = ShardStamp(shard: Shard("\(k)/\(count)")!, files: whole.files.count, run: run)
            for (position, file) in whole.files.enumerated() where shardOf(position) % count == k - 1 {
                var entry = file
                entry.position = position
                report.files.append(entry)
            }
            return report
        }
    }

    static func inputs(_ reports: [CheckReport], as format: CheckReportFormat) -> [ReportMerge.Input] {
        reports.enumerated().map { index, report in
            .init(path: "shard-\(index + 1).\(format.rawValue)", bytes: Array(ReportMerge.write(report, as: format, toolVersion: "0.1.0").utf8))
        }
    }

    static func refusal(_ inputs: [ReportMerge.Input], as format: CheckReportFormat) -> String {
        do throws(ReportMerge.Problem) {
            _ = try ReportMerge.merge(inputs, format: format)
            return "merged"
        } catch { return error.message }
    }

    @Test(arguments: CheckReportFormat.allCases, [false, true])
    func mergedShardsAreTheWholeRunByteForByte(format: CheckReportFormat, strict: Bool) throws {
        let whole = Self.whole(strict: strict)
        let expected = ReportMerge.write(whole, as: format, toolVersion: "0.1.0")
        for count in [1, 2, 3, 7] {
            // Given in any order.
            let merged = try ReportMerge.merge(Self.inputs(Self.shards(of: whole, count: count).reversed(), as: format), format: format)
            #expect(merged == expected, "\(format) in \(count) shards")
        }
    }

    @Test func aShardsReportNamesItsShardAndPositions() throws {
        let shard = Self.shards(of: Self.whole(), count: 2)[0]
        let json = shard.jsonReport()
        #expect(json.contains("\"position\": 0"))
        #expect(json.contains("\"shard\": \"1/2\"") && json.contains("\"files\": 7") && json.contains("\"run\": \"\(Self.run)\""))
        #expect(shard.junitReport().contains("<property name=\"gridedit.positions\" value=\"0 2 4 6\"/>"))
        #expect(shard.sarifReport(toolVersion: "0.1.0").contains("\"properties\": {\"position\": 2}"))
        // An unsharded report has none of it.
        #expect(!Self.whole().jsonReport().contains("position"))
        #expect(!Self.whole().junitReport().contains("properties"))
        #expect(!Self.whole().sarifReport(toolVersion: "0.1.0").contains("properties"))
    }

    @Test func refusesNothingToMerge() {
        #expect(Self.refusal([], as: .json).contains("no reports to merge"))
    }

    @Test func refusesMixedFormats() {
        let shards = Self.shards(of: Self.whole(), count: 2)
        let inputs = [Self.inputs([shards[0]], as: .json)[0], Self.inputs([shards[1]], as: .sarif)[0]]
        let message = Self.refusal(inputs, as: .json)
        #expect(message.hasPrefix("shard-1.sarif is a SARIF report, and the merged report is JSON"), "\(message)")
    }

    @Test(arguments: CheckReportFormat.allCases)
    func refusesAnUnshardedReport(format: CheckReportFormat) {
        let inputs = Self.inputs([Self.whole()], as: format)
        let message = Self.refusal(inputs, as: format)
        #expect(message.contains("is not the report of one shard: it has no shard stamp"), "\(message)")
    }

    @Test(arguments: CheckReportFormat.allCases)
    func refusesShardsOfDifferentRuns(format: CheckReportFormat) {
        let one = Self.shards(of: Self.whole(), count: 2)
        let other = Self.shards(of: Self.whole(), count: 2, run: Self.run.replacingOccurrences(of: "100", with: "5"))
        let message = Self.refusal(Self.inputs([one[0], other[1]], as: format), as: format)
        #expect(message.contains("shard-2.\(format.rawValue) and shard-1.\(format.rawValue) come from different runs"), "\(message)")
        #expect(message.contains("--max-findings 5 "), "\(message)")

        let strict = Self.shards(of: Self.whole(strict: true), count: 2)
        let strictMessage = Self.refusal(Self.inputs([one[0], strict[1]], as: format), as: format)
        #expect(strictMessage.contains("come from different runs") && strictMessage.contains("--strict"), "\(strictMessage)")
    }

    @Test func refusesShardsOfDifferentShardCounts() {
        let two = Self.shards(of: Self.whole(), count: 2)
        let three = Self.shards(of: Self.whole(), count: 3)
        let message = Self.refusal(Self.inputs([two[0], three[1]], as: .json), as: .json)
        #expect(message.contains("is shard 2/3 of a run of 7 entries") && message.contains("shard 1/2 of 7 entries"), "\(message)")
    }

    @Test(arguments: CheckReportFormat.allCases)
    func refusesTheSameShardTwice(format: CheckReportFormat) {
        let shards = Self.shards(of: Self.whole(), count: 2)
        let inputs = Self.inputs([shards[0], shards[1], shards[0]], as: format)
        let message = Self.refusal(inputs, as: format)
        #expect(message == "shard-1.\(format.rawValue) and shard-3.\(format.rawValue) are both shard 1/2: pass each shard's report once", "\(message)")
    }

    @Test(arguments: CheckReportFormat.allCases)
    func refusesAMissingShard(format: CheckReportFormat) {
        let shards = Self.shards(of: Self.whole(), count: 4)
        let message = Self.refusal(Self.inputs([shards[0], shards[2]], as: format), as: format)
        #expect(message == "shards 2/4, 4/4 of this run are missing (2 of 4 given); pass the reports of all 4 shards", "\(message)")
    }

    @Test(arguments: CheckReportFormat.allCases)
    func refusesOverlappingShards(format: CheckReportFormat) {
        // Entry 2 in both shards (stamped as different shards of one run).
        var shards = Self.shards(of: Self.whole(), count: 2)
        var extra = Self.whole().files[2]
        extra.position = 2
        shards[1].files.insert(extra, at: 1)
        let message = Self.refusal(Self.inputs(shards, as: format), as: format)
        #expect(message.hasPrefix("puzzles/a/c d.json is in both shard-1.\(format.rawValue) and shard-2.\(format.rawValue) (entry 2 of the run): the shards overlap"),
                "\(message)")
    }

    @Test(arguments: [CheckReportFormat.json, .junit])
    func refusesShardsThatDoNotAddUpToTheRun(format: CheckReportFormat) {
        var shards = Self.shards(of: Self.whole(), count: 2)
        shards[1].files.removeLast()
        let message = Self.refusal(Self.inputs(shards, as: format), as: format)
        #expect(message == "the shards list 6 entries and the run had 7: a report was cut short or edited", "\(message)")
    }

    @Test(arguments: CheckReportFormat.allCases)
    func refusesPositionsOutOfOrder(format: CheckReportFormat) {
        var shards = Self.shards(of: Self.whole(), count: 2)
        shards[0].files.swapAt(0, 1)
        let message = Self.refusal(Self.inputs(shards, as: format), as: format)
        #expect(message.contains("has no position, or one out of order or beyond the run's 7 entries"), "\(message)")
    }

    @Test func refusesMalformedJSONWithItsLineAndColumn() {
        let input = ReportMerge.Input(path: "bad.json", bytes: Array("{\"files\": [,]}".utf8))
        let message = Self.refusal([input], as: .json)
        #expect(message.hasPrefix("bad.json:1:12: "), "\(message)")
    }

    @Test func refusesAValueOfTheWrongTypeWithItsJSONPath() {
        var text = Self.inputs([Self.shards(of: Self.whole(), count: 2)[0]], as: .json)[0]
        text.bytes = Array(String(decoding: text.bytes, as: UTF8.self)
            .replacingOccurrences(of: "\"severity\": \"warning\"", with: "\"severity\": \"notice\"").utf8)
        let message = Self.refusal([text], as: .json)
        #expect(message.hasPrefix("shard-1.json:") && message.contains(": files[0].findings[0].severity: expected \"error\" or \"warning\", found \"notice\""),
                "\(message)")

        let sarif = ReportMerge.Input(path: "x.sarif", bytes: Array("{\"runs\": [{\"tool\": {\"driver\": {\"version\": 1}}}]}".utf8))
        let sarifMessage = Self.refusal([sarif], as: .sarif)
        #expect(sarifMessage.hasPrefix("x.sarif:1:") && sarifMessage.contains("runs[0].tool.driver.version: expected a string, found number"),
                "\(sarifMessage)")
    }

    @Test func refusesMalformedJUnitWithItsLine() {
        let shard = Self.shards(of: Self.whole(), count: 2)[0]
        var lines = shard.junitReport().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = lines.firstIndex { $0.hasPrefix("    <testcase ") }!
        lines[index] = "    <testcase name=\"b.json\"/>"
        let input = ReportMerge.Input(path: "j.xml", bytes: Array(lines.joined(separator: "\n").utf8))
        let message = Self.refusal([input], as: .junit)
        #expect(message.hasPrefix("j.xml:\(index + 1): expected <testcase classname=\"…\" name=\"…\">"), "\(message)")

        let notAReport = ReportMerge.Input(path: "n.xml", bytes: Array("hello".utf8))
        #expect(Self.refusal([notAReport], as: .junit) == "n.xml: not a report of gridedit check (neither JSON, SARIF nor JUnit XML)")
    }

    /// A report edited so that it still reads (a summary count changed, a finding's message
    /// changed in SARIF's rule table) is refused at the first line that differs.
    @Test(arguments: CheckReportFormat.allCases)
    func refusesAnEditedReportAtItsFirstDifferingLine(format: CheckReportFormat) {
        var input = Self.inputs([Self.shards(of: Self.whole(), count: 2)[0]], as: format)[0]
        let text = String(decoding: input.bytes, as: UTF8.self)
        let (old, new) = switch format {
        case .json: ("\"passed\": ", "\"passed\": 9")
        case .junit: ("tests=\"4\"", "tests=\"5\"")
        case .sarif: ("\"text\": \"The pack's", "\"text\": \"Edited: the pack's")
        }
        #expect(text.contains(old))
        let edited = text.replacingOccurrences(of: old, with: new)
        input.bytes = Array(edited.utf8)
        let line = edited.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(new) }! + 1
        let message = Self.refusal([input], as: format)
        #expect(message.hasPrefix("shard-1.\(format.rawValue):\(line): not what gridedit check writes"), "\(message)")
    }

    @Test func formatsFromFileNames() {
        #expect(CheckReportFormat(fileName: "out/merged.json") == .json)
        #expect(CheckReportFormat(fileName: "check.sarif") == .sarif)
        #expect(CheckReportFormat(fileName: "check.SARIF.json") == .sarif)
        #expect(CheckReportFormat(fileName: "junit.xml") == .junit)
        #expect(CheckReportFormat(fileName: "report.txt") == nil)
    }

    @Test func jsonPathsReadBackFromTheirDescription() {
        for path in [JSONPath(), JSONPath([.key("pieces"), .index(3), .key("rotation")]), JSONPath([.index(0)]),
                     JSONPath([.key("meta"), .key("odd \"key\"\n")]), JSONPath([.key("9lives")])] {
            #expect(JSONPath(description: path.description) == path, "\(path)")
        }
        for text in ["", "pieces..x", "pieces[x]", "$.pieces", "pieces[\"x\"", "[0]"] {
            #expect(JSONPath(description: text) == nil, "\(text)")
        }
    }
}
