import Foundation
import GridEditCheck
import GridEditCore
import GridEditJSON

/// `gridedit report merge` on the reports of 16 shards: a synthetic run of `entries` files (one
/// in 10 with a warning, one in 50 with an error, located, with JSON paths, as a real pack
/// tree's report has them) split by `Shard` as `check --shard K/16` splits it, each shard's
/// report written by the writers `check` uses; then the merge of each format, timed (best of 3)
/// and compared with the unsharded report.
enum MergeBenchmark {
    static func run(entries: Int) throws {
        // Rule ids from the catalogue (an id's literal lives only in its rule's file).
        let warningRule = RuleCatalog.all.first { $0.severity == .warning }!.id
        let errorRule = RuleCatalog.all.first { $0.severity == .error }!.id
        var whole = CheckReport()
        for i in 0..<entries {
            var findings: [Finding] = []
            if i % 10 == 3 {
                findings.append(Finding(rule: warningRule, severity: .warning, message: "recorded easy, graded hard",
                                        path: JSONPath([.key("difficulty")]), location: SourceLocation(line: 6, column: 17, offset: 0)))
            }
            if i % 50 == 7 {
                findings.append(Finding(rule: errorRule, message: "unknown key \"extra\"; remove it",
                                        path: JSONPath([.key("extra")]), location: SourceLocation(line: 12, column: 3, offset: 0)))
            }
            whole.files.append(.init(path: String(format: "puzzles/pack-%04d/p-%07d.json", i / 1000, i), kind: "sudoku", findings: findings))
        }
        let count = 16
        let run = "gridedit bench check -- puzzles"
        let shards: [CheckReport] = (1...count).map { k in
            let shard = Shard("\(k)/\(count)")!
            var report = CheckReport()
            report.shard = ShardStamp(shard: shard, files: entries, run: run)
            for (position, file) in whole.files.enumerated() where shard.contains(file.path) {
                var entry = file
                entry.position = position
                report.files.append(entry)
            }
            return report
        }
        print("merge: \(count) shard reports of a run of \(entries) files (\(entries / 10) warnings, \(entries / 50) errors), best of 3")
        for format in CheckReportFormat.allCases {
            let inputs = shards.enumerated().map { index, report in
                ReportMerge.Input(path: "shard-\(index + 1)", bytes: Array(ReportMerge.write(report, as: format, toolVersion: "bench").utf8))
            }
            let bytes = inputs.reduce(0) { $0 + $1.bytes.count }
            var merged = ""
            let seconds = try measure(repeats: 3) { merged = try ReportMerge.merge(inputs, format: format) }
            let same = merged == ReportMerge.write(whole, as: format, toolVersion: "bench")
            print(String(format: "  %-6@ %8.1f MB in   %.3f s   %.0f files/s   %@", format.rawValue as NSString, Double(bytes) / 1e6,
                         seconds, Double(entries) / seconds, same ? "same bytes as unsharded" : "DIFFERS from unsharded"))
        }
    }
}
