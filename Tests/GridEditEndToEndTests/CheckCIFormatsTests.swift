import Foundation
import GridEditTestSupport
import Testing

/// `gridedit check` as CI runs it: annotations, JUnit and SARIF reports checked against their
/// schemas, parallel and sharded runs, strictness and time limits.
@Suite("gridedit check for CI") struct CheckCIFormatsTests {
    /// A copy of the shipped packs with 12 broken files and 11 unlisted ones planted in the
    /// 4×4 pack, one with characters that annotations must escape.
    static func plantedPack() throws -> TemporaryFolder {
        let scratch = try TemporaryFolder()
        try FileManager.default.copyItem(at: Repository.puzzles, to: scratch.file("puzzles"))
        let mini = try Repository.text("puzzles/sudoku-4x4/mini-01.json")
        for i in 1...12 {
            try scratch.write(mini.replacingOccurrences(of: "\"size\": 4", with: "\"size\": 4, \"50%,x:y\": \(i)"),
                              to: "puzzles/sudoku-4x4/broken-\(String(format: "%02d", i)).json")
        }
        return scratch
    }

    static let fixtures = GridEditBinary.repositoryRoot.appendingPathComponent("Tests/Fixtures/schemas")

    @Test("github: 10 annotations per kind, a notice for the rest, escaped, then the text report")
    func githubAnnotations() throws {
        let scratch = try Self.plantedPack()
        let output = try GridEditBinary.run(["check", "puzzles", "--format", "github"], in: scratch.url)
        #expect(output.status == 1)
        let errors = output.lines.filter { $0.hasPrefix("::error ") }
        let warnings = output.lines.filter { $0.hasPrefix("::warning ") }
        #expect(errors.count == 10)
        // Each broken file is also unlisted: 12 warnings, 10 shown.
        #expect(warnings.count == 10)
        #expect(output.lines.contains("::notice title=gridedit check::2 more errors not shown as annotations (GitHub shows 10 per kind); see the full list below"))
        #expect(output.lines.contains("::notice title=gridedit check::2 more warnings not shown as annotations (GitHub shows 10 per kind); see the full list below"))
        let first = try #require(errors.first)
        #expect(first.hasPrefix("::error file=puzzles/sudoku-4x4/broken-01.json,line=13,col=14,title=[schema.unknown-key]::\"50%25%2Cx%3Ay\": unknown key") == false)
        #expect(first.hasPrefix("::error file=puzzles/sudoku-4x4/broken-01.json,line=12,col=14,title=[schema.unknown-key]::"))
        // Message text escapes % only; properties escape , and : too.
        #expect(first.contains("unknown key \"50%25,x:y\""))
        // The full text report follows, with every finding.
        #expect(output.lines.filter { $0.contains(": error: [schema.unknown-key]") }.count == 12)
        #expect(output.lines.last == "\(jsonFiles(under: scratch.file("puzzles")).count - 12) passed, 12 failed")
    }

    @Test("JUnit and SARIF files are written alongside the report and match their schemas")
    func junitAndSarif() throws {
        let scratch = try Self.plantedPack()
        let output = try GridEditBinary.run(["check", "puzzles", "--junit", "out/report.xml", "--sarif", "out/report.sarif"],
                                            in: scratch.url)
        // The out/ folder does not exist: the reports cannot be written, nothing partial is left.
        #expect(output.status == 2)
        #expect(output.stderr.contains("out/report.xml: cannot save"))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out").path))

        try FileManager.default.createDirectory(at: scratch.file("out"), withIntermediateDirectories: true)
        let again = try GridEditBinary.run(["check", "puzzles", "--junit", "out/report.xml", "--sarif", "out/report.sarif"],
                                           in: scratch.url)
        #expect(again.status == 1)
        let findingLines = again.lines.filter { $0.contains(": error: [") || $0.contains(": warning: [") }

        // JUnit: valid against the schema, one test case per file, one failure per failed file.
        let xmllint = try run("/usr/bin/env", ["xmllint", "--noout", "--schema", Self.fixtures.appendingPathComponent("junit.xsd").path,
                                               scratch.file("out/report.xml").path])
        #expect(xmllint.status == 0, "\(xmllint.stderr)")
        let xml = try scratch.read("out/report.xml")
        let fileCount = jsonFiles(under: scratch.file("puzzles")).count
        #expect(xml.contains("<testsuites name=\"gridedit check\" tests=\"\(fileCount)\" failures=\"12\" errors=\"0\">"))
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 12)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == fileCount)

        // SARIF: valid against the SARIF 2.1.0 constraints, one result per finding.
        let validation = try run("/usr/bin/env", ["python3", "-c", """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); log = json.load(open(sys.argv[2]))
            jsonschema.Draft202012Validator(schema).validate(log)
            results = log["runs"][0]["results"]; rules = log["runs"][0]["tool"]["driver"]["rules"]
            assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results)
            print(len(results))
            """, Self.fixtures.appendingPathComponent("sarif-2.1.0-subset.schema.json").path, scratch.file("out/report.sarif").path])
        #expect(validation.status == 0, "\(validation.stderr)")
        #expect(validation.stdout == "\(findingLines.count)\n")
    }

    @Test("a shard's JUnit and SARIF reports, with their shard stamp, match the schemas too")
    func shardReportsMatchTheSchemas() throws {
        let scratch = try Self.plantedPack()
        let output = try GridEditBinary.run(["check", "puzzles", "--shard", "1/2", "--junit", "shard.xml", "--sarif", "shard.sarif"],
                                            in: scratch.url)
        #expect(output.status == 1)
        #expect(try scratch.read("shard.xml").contains("<property name=\"gridedit.shard\" value=\"1/2\"/>"))
        #expect(try scratch.read("shard.sarif").contains("\"shard\": \"1/2\""))
        let xmllint = try run("/usr/bin/env", ["xmllint", "--noout", "--schema", Self.fixtures.appendingPathComponent("junit.xsd").path,
                                               scratch.file("shard.xml").path])
        #expect(xmllint.status == 0, "\(xmllint.stderr)")
        let validation = try run("/usr/bin/env", ["python3", "-c", """
            import json, sys, jsonschema
            jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))
            """, Self.fixtures.appendingPathComponent("sarif-2.1.0-subset.schema.json").path, scratch.file("shard.sarif").path])
        #expect(validation.status == 0, "\(validation.stderr)")
    }

    @Test("the report is identical whatever --jobs is")
    func jobsDoNotChangeTheReport() throws {
        let scratch = try Self.plantedPack()
        let one = try GridEditBinary.run(["check", "puzzles", "--jobs", "1", "--format", "json"], in: scratch.url)
        for jobs in ["2", "3", "8"] {
            let many = try GridEditBinary.run(["check", "puzzles", "--jobs", jobs, "--format", "json"], in: scratch.url)
            #expect(many.stdout == one.stdout, "--jobs \(jobs)")
            #expect(many.status == one.status)
        }
    }

    @Test("shards cover every file exactly once", arguments: [1, 2, 3, 5])
    func shardsPartitionTheFiles(count: Int) throws {
        let scratch = try Self.plantedPack()
        let all = try GridEditBinary.run(["check", "puzzles", "--format", "json"], in: scratch.url)
        let allPaths = try Self.paths(all.stdout)
        var seen: [String] = []
        for k in 1...count {
            let shard = try GridEditBinary.run(["check", "puzzles", "--format", "json", "--shard", "\(k)/\(count)"], in: scratch.url)
            seen += try Self.paths(shard.stdout)
        }
        #expect(seen.sorted() == allPaths.sorted())
        #expect(Set(seen).count == seen.count)
    }

    @Test("--strict fails on warnings")
    func strictMode() throws {
        let scratch = try TemporaryFolder()
        try FileManager.default.copyItem(at: Repository.puzzles, to: scratch.file("puzzles"))
        try scratch.write(try Repository.text("puzzles/sudoku-4x4/mini-01.json").replacingOccurrences(of: "\"id\": \"mini-01\"", with: "\"id\": \"extra\""),
                          to: "puzzles/sudoku-4x4/extra.json")
        let relaxed = try GridEditBinary.run(["check", "puzzles/sudoku-4x4"], in: scratch.url)
        #expect(relaxed.status == 0)
        #expect(relaxed.lines.last == "8 passed, 0 failed")
        let strict = try GridEditBinary.run(["check", "puzzles/sudoku-4x4", "--strict"], in: scratch.url)
        #expect(strict.status == 1)
        #expect(strict.lines.last == "7 passed, 1 failed")
    }

    @Test("a file that takes too long is reported as check.timeout")
    func timeout() throws {
        let scratch = try TemporaryFolder()
        // A 9×9 puzzle's uniqueness search and grading take milliseconds, far beyond a
        // microsecond; extra tags (up to the most a puzzle may have) add to it. (Files over the
        // size limit, or with more tags, are refused before any check runs.)
        let tags = (0..<60).map { "\"t\($0)\"" }.joined(separator: ", ")
        let mini = try Repository.text("puzzles/sudoku-9x9/classic-08.json")
        try scratch.write(mini.replacingOccurrences(of: "\"tags\": [", with: "\"tags\": [\(tags), "), to: "big.json")
        let output = try GridEditBinary.run(["check", "big.json", "--timeout-per-puzzle", "0.000001"], in: scratch.url)
        #expect(output.status == 1)
        #expect(output.lines.first == "big.json: error: [check.timeout] checking this file took longer than 1e-06 s; raise --timeout-per-puzzle or simplify the puzzle")
        let relaxed = try GridEditBinary.run(["check", "big.json", "--timeout-per-puzzle", "60"], in: scratch.url)
        #expect(relaxed.status == 0)
    }

    @Test("bad CI options are usage errors", arguments: [
        ["--shard", "0/2"], ["--shard", "3/2"], ["--shard", "x"], ["--jobs", "0"], ["--timeout-per-puzzle", "-1"],
    ])
    func badOptions(options: [String]) throws {
        let output = try GridEditBinary.run(["check", "puzzles"] + options)
        #expect(output.status == 64)
        #expect(output.stderr.hasPrefix("Error: "))
    }

    static func paths(_ json: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        return (object["files"] as! [[String: Any]]).map { $0["path"] as! String }
    }

    func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }
}
