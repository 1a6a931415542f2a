import Foundation
import GridEditCore
import GridEditJSON
import GridEditTestSupport
import Testing

/// `gridedit playtest report` over a folder of generated play records: the numbers it prints
/// (text and JSON) are the ones worked out here from the records' own fields, a file that is not
/// a record is named with its line and column and left out, and the chart is a real PNG.
@Suite("gridedit playtest report") struct PlaytestCommandTests {
    /// Seeded records: a few puzzles, plays solved or not, with wrong placements and hints.
    static func records(seed: UInt64) -> [PlayRecord] {
        var random = SplitMix64(seed: seed)
        let pieces = TangramPiece.allCases.map(\.rawValue)
        var list: [PlayRecord] = []
        for puzzle in ["cat", "house", "swan", "classic-01"] {
            for play in 0..<Int.random(in: 3...8, using: &random) {
                let kind = puzzle.hasPrefix("classic") ? "sudoku" : "tangram"
                var time = 0.0
                var interactions: [PlayRecord.Interaction] = []
                for _ in 0..<Int.random(in: 4...14, using: &random) {
                    time += Double(Int.random(in: 1...40, using: &random)) / 4
                    let part = kind == "sudoku" ? "r\(Int.random(in: 1...9, using: &random))c\(Int.random(in: 1...9, using: &random))"
                        : pieces[Int.random(in: 0..<pieces.count, using: &random)]
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0..<5:
                        interactions.append(.init(time: time, kind: .place, part: part, judgement: kind == "sudoku" ? "right" : "fits",
                                                  k: kind == "sudoku" ? nil : 1, n: kind == "sudoku" ? nil : 2, detail: "ok"))
                    case 5..<8:
                        let wrong = kind == "sudoku" ? ["wrong", "conflicts"] : ["fits-elsewhere", "fits-no-solution", "overlaps", "outside"]
                        interactions.append(.init(time: time, kind: .place, part: part, judgement: wrong.randomElement(using: &random)!,
                                                  detail: "no"))
                    case 8: interactions.append(.init(time: time, kind: .remove, part: part, detail: "taken back"))
                    default: interactions.append(.init(time: time, kind: .hint, part: part, level: Int.random(in: 1...3, using: &random), detail: "try"))
                    }
                }
                let solved = Bool.random(using: &random)
                list.append(PlayRecord(id: "\(puzzle)-\(play)", activityId: puzzle, kind: kind, source: nil,
                                       startTime: "2026-11-28T10:00:00Z", endTime: "2026-11-28T10:05:00Z", completed: solved,
                                       durationSeconds: time, interactions: interactions))
            }
        }
        return list
    }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    @Test("The report's numbers are the records' own: plays, solved, median time, wrong placements, hints, most misplaced")
    func numbers() throws {
        let folder = try TemporaryFolder()
        let records = Self.records(seed: 34)
        for record in records { try folder.write(CanonicalJSONWriter.write(record.json), to: "\(record.id).json") }
        try folder.write("{\"formatVersion\": 1,\n  \"id\": 7}", to: "broken.json")
        let run = try GridEditBinary.run(["playtest", "report", folder.path, "--json", "--chart", folder.file("chart.png").path])
        #expect(run.status == 1, "a file that is not a record makes the exit status 1")
        #expect(run.stderr.contains("broken.json:2:9: error: [schema.type] id: expected a string"), "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let puzzles = try #require(json["puzzles"] as? [[String: Any]])
        #expect(puzzles.map { $0["activityId"] as! String } == ["cat", "classic-01", "house", "swan"])
        for entry in puzzles {
            let id = entry["activityId"] as! String
            let mine = records.filter { $0.activityId == id }
            let solved = mine.filter(\.completed)
            let wrong = mine.map { $0.interactions.filter { $0.kind == .place && !["fits", "right", "solved"].contains($0.judgement!) }.count }
            let hints = mine.map { $0.interactions.filter { $0.kind == .hint }.count }
            #expect(entry["plays"] as? Int == mine.count, "\(id)")
            #expect(entry["solved"] as? Int == solved.count, "\(id)")
            if solved.isEmpty {
                #expect(entry["medianSeconds"] is NSNull)
            } else {
                let median = try #require(entry["medianSeconds"] as? Double)
                #expect(abs(median - Self.median(solved.map(\.durationSeconds))) < 0.001, "\(id)")
            }
            #expect(entry["medianErrors"] as? Double == Self.median(wrong.map(Double.init)), "\(id)")
            #expect(entry["medianHints"] as? Double == Self.median(hints.map(Double.init)), "\(id)")
            #expect(entry["errors"] as? Int == wrong.reduce(0, +), "\(id)")
            var counts: [String: Int] = [:]
            for record in mine {
                for i in record.interactions where i.kind == .place && !["fits", "right", "solved"].contains(i.judgement!) { counts[i.part, default: 0] += 1 }
            }
            let top = counts.values.max() ?? 0
            let misplaced = try #require(entry["misplaced"] as? [[String: Any]])
            #expect(misplaced.first.map { $0["count"] as! Int } == (top == 0 ? nil : top), "\(id)")
            #expect(misplaced.count == counts.count)
        }
        let png = try Data(contentsOf: folder.file("chart.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "the chart is a PNG")
        // The table says the same numbers.
        let text = try GridEditBinary.run(["playtest", "report", folder.path])
        let catLine = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("cat ") })
        let cat = records.filter { $0.activityId == "cat" }
        #expect(catLine.split(separator: " ", omittingEmptySubsequences: true)[1] == "\(cat.count)")
        // A folder that is not one.
        let missing = try GridEditBinary.run(["playtest", "report", folder.file("nowhere").path])
        #expect(missing.status == 2 && missing.stderr.contains("not a folder"))
    }
}
