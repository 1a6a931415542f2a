import GridEditCore
import GridEditJSON

/// `gridedit report merge` without the terminal: the JSON, JUnit or SARIF reports that the
/// shards of one `gridedit check --shard K/N` run wrote, read back into one `CheckReport` and
/// written again by the same writer `check` uses, so the merged report has the bytes an
/// unsharded run writes. Nothing is spliced as text.
///
/// Each shard's report carries a `ShardStamp` (which shard, how many entries the whole run has,
/// the version and options) and every entry's position in the whole run. Reports of different
/// runs, the same shard twice, a missing shard and anything that does not read back to exactly
/// its own bytes are refused with the file, the place and what to do.
public enum ReportMerge {
    /// Why the reports cannot be merged. `file` is the report it is about, when one is.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// A report as a shard wrote it: where it was read from and its bytes.
    public struct Input: Sendable {
        public var path: String
        public var bytes: [UInt8]
        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// One shard's report read back, with its format and (SARIF) the tool version it names.
    struct ShardReport {
        var path: String
        var format: CheckReportFormat
        var report: CheckReport
        var stamp: ShardStamp
        var toolVersion: String
    }

    /// The merged report's text in `format`.
    public static func merge(_ inputs: [Input], format: CheckReportFormat) throws(Problem) -> String {
        guard !inputs.isEmpty else { throw Problem("no reports to merge: name the reports of every shard") }
        var shards: [ShardReport] = []
        for input in inputs {
            let shard = try read(input)
            guard shard.format == format else {
                throw Problem("\(input.path) is a \(shard.format.title) report, and the merged report is \(format.title): "
                              + "merge the reports of one format (each shard writes --format json, --junit and --sarif separately)")
            }
            shards.append(shard)
        }
        return try combine(shards, format: format)
    }

    /// Reads one report: its format from its first bytes, then the model, then checks that the
    /// same writer gives back exactly these bytes (a report edited by hand, cut short or written
    /// by another tool is refused rather than merged into something gridedit never wrote).
    static func read(_ input: Input) throws(Problem) -> ShardReport {
        let file = input.path
        var read: (format: CheckReportFormat, report: CheckReport, toolVersion: String)
        let first = input.bytes.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }
        if first == UInt8(ascii: "<") {
            read = (.junit, try JUnitReportReader.read(input.bytes, file: file), "")
        } else if first == UInt8(ascii: "{") {
            let root: JSONNode
            do throws(JSONSyntaxError) { root = try JSONParser.parse(input.bytes) } catch {
                throw Problem("\(file):\(error.location): \(error.message)")
            }
            if root["runs"] != nil {
                let (report, version) = try SARIFReportReader.read(root, file: file)
                read = (.sarif, report, version)
            } else {
                read = (.json, try JSONReportReader.read(root, file: file), "")
            }
        } else {
            throw Problem("\(file): not a report of gridedit check (neither JSON, SARIF nor JUnit XML)")
        }
        guard let stamp = read.report.shard else {
            throw Problem("\(file) is not the report of one shard: it has no shard stamp (\(read.format.stampPlace)); "
                          + "merge the reports that `gridedit check --shard K/N` wrote, with this version of gridedit")
        }
        if read.format == .sarif, let version = stamp.run.split(separator: " ").dropFirst().first, version != read.toolVersion {
            throw Problem("\(file): the tool version \(read.toolVersion) is not the one in the shard stamp (\(stamp.run)); the report was edited")
        }
        var previous = -1
        for entry in read.report.files {
            guard let position = entry.position, position > previous, position < stamp.files else {
                throw Problem("\(file): \(Excerpt.escaped(entry.path)) has no position, or one out of order or beyond the run's \(stamp.files) entries; "
                              + "the report was edited")
            }
            previous = position
        }
        let again = Array(write(read.report, as: read.format, toolVersion: read.toolVersion).utf8)
        if again != input.bytes {
            let line = firstDifferingLine(again, input.bytes)
            throw Problem("\(file):\(line): not what gridedit check writes for the findings read from this report "
                          + "(edited, cut short, or written by another tool); merge the reports exactly as `gridedit check --shard` wrote them")
        }
        return ShardReport(path: file, format: read.format, report: read.report, stamp: stamp, toolVersion: read.toolVersion)
    }

    /// Checks that the shards make up one whole run, then puts their entries back in order.
    static func combine(_ shards: [ShardReport], format: CheckReportFormat) throws(Problem) -> String {
        let first = shards[0]
        var byIndex: [Int: String] = [:]
        for shard in shards {
            if shard.stamp.run != first.stamp.run || shard.report.strict != first.report.strict {
                throw Problem("\(shard.path) and \(first.path) come from different runs:\n"
                              + "  \(shard.path): \(describe(shard))\n  \(first.path): \(describe(first))\n"
                              + "merge the shards of one run (the same gridedit version, paths and options)")
            }
            if shard.stamp.shard.count != first.stamp.shard.count || shard.stamp.files != first.stamp.files {
                throw Problem("\(shard.path) is shard \(shard.stamp.shard) of a run of \(shard.stamp.files) entries, and \(first.path) "
                              + "shard \(first.stamp.shard) of \(first.stamp.files) entries: merge the shards of one run "
                              + "(checked with the same --shard K/N count on the same tree)")
            }
            if let other = byIndex[shard.stamp.shard.index] {
                throw Problem("\(other) and \(shard.path) are both shard \(shard.stamp.shard): pass each shard's report once")
            }
            byIndex[shard.stamp.shard.index] = shard.path
        }
        let count = first.stamp.shard.count
        let missing = (1...count).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            let names = missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ") + (missing.count > 10 ? ", …" : "")
            throw Problem("shard\(missing.count == 1 ? "" : "s") \(names) of this run \(missing.count == 1 ? "is" : "are") missing "
                          + "(\(shards.count) of \(count) given); pass the reports of all \(count) shards")
        }

        var entries: [(position: Int, file: CheckReport.FileReport, shard: String)] = []
        for shard in shards { entries += shard.report.files.map { ($0.position!, $0, shard.path) } }
        entries.sort { $0.position < $1.position }
        for (a, b) in zip(entries, entries.dropFirst()) where a.position == b.position {
            let both = [a.shard, b.shard].sorted()
            throw Problem("\(Excerpt.escaped(b.file.path)) is in both \(both[0]) and \(both[1]) (entry \(a.position) of the run): "
                          + "the shards overlap; merge the shards of one run")
        }
        // JSON and JUnit list every entry; SARIF only those with findings.
        if format != .sarif && entries.count != first.stamp.files {
            throw Problem("the shards list \(entries.count) entries and the run had \(first.stamp.files): a report was cut short or edited")
        }

        var merged = CheckReport()
        merged.strict = first.report.strict
        merged.files = entries.map {
            var file = $0.file
            file.position = nil
            return file
        }
        return write(merged, as: format, toolVersion: first.toolVersion)
    }

    /// The writer `gridedit check` uses for each format.
    public static func write(_ report: CheckReport, as format: CheckReportFormat, toolVersion: String) -> String {
        switch format {
        case .json: report.jsonReport()
        case .junit: report.junitReport()
        case .sarif: report.sarifReport(toolVersion: toolVersion)
        }
    }

    static func describe(_ shard: ShardReport) -> String {
        shard.stamp.run + (shard.report.strict ? " --strict" : "")
    }

    /// The 1-based number of the first line where two texts differ.
    static func firstDifferingLine(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var line = 1
        for (x, y) in zip(a, b) {
            if x != y { return line }
            if x == 0x0A { line += 1 }
        }
        return line
    }
}

/// The report formats `gridedit report merge` reads and writes.
public enum CheckReportFormat: String, Sendable, CaseIterable {
    case json, junit, sarif

    /// From a file name: `.json` is JSON, `.sarif` (or `.sarif.json`) SARIF, `.xml` JUnit.
    public init?(fileName: String) {
        let name = fileName.lowercased()
        if name.hasSuffix(".sarif") || name.hasSuffix(".sarif.json") { self = .sarif }
        else if name.hasSuffix(".json") { self = .json }
        else if name.hasSuffix(".xml") { self = .junit }
        else { return nil }
    }

    var title: String {
        switch self {
        case .json: "JSON"
        case .junit: "JUnit XML"
        case .sarif: "SARIF"
        }
    }

    /// Where a shard's report keeps its stamp, for the message about a report without one.
    var stampPlace: String {
        switch self {
        case .json: "no top-level \"shard\""
        case .junit: "no gridedit.shard property"
        case .sarif: "no runs[0].properties.gridedit"
        }
    }
}
