import Foundation
import GridEditCore
import GridEditJSON
import Testing

/// `createdAt` and `updatedAt` must name a real UTC date and time, not only look like one: a
/// file saying "2026-13-45T25:61:61Z" is refused at the field that is wrong.
@Suite struct TimestampTests {
    /// A 4×4 Sudoku whose line 8 is `  "createdAt": "<createdAt>",`: the string's first
    /// character is at column 17, so its month is at column 22, its day at 25, its hour at 28.
    static func puzzle(createdAt: String) -> [UInt8] {
        Array("""
        {
          "$schema": "../../schemas/puzzle.schema.json",
          "formatVersion": 1,
          "kind": "sudoku",
          "id": "mini-01",
          "name": "Mini 1",
          "difficulty": "easy",
          "createdAt": "\(createdAt)",
          "updatedAt": "2026-11-22T09:00:00Z",
          "size": 4,
          "givens": ["..23", "3.4.", ".134", ".312"],
          "solution": ["1423", "3241", "2134", "4312"]
        }

        """.utf8)
    }

    static func findings(createdAt: String) -> [Finding] {
        DocumentLoader.load(puzzle(createdAt: createdAt), isManifest: false).findings
    }

    @Test func aRealTimeIsAccepted() {
        #expect(Self.findings(createdAt: "2026-11-22T09:00:00Z").isEmpty)
    }

    @Test("an impossible time is a schema.value finding at its first wrong field")
    func impossibleTime() throws {
        let findings = Self.findings(createdAt: "2026-13-45T25:61:61Z")
        try #require(findings.count == 1, "\(findings)")
        let finding = findings[0]
        #expect(finding.rule == "schema.value")
        #expect(finding.severity == .error)
        #expect(finding.location?.line == 8)
        #expect(finding.location?.column == 22)
        #expect(finding.path == JSONPath.root.appending(key: "createdAt"))
        #expect(finding.message == "\"2026-13-45T25:61:61Z\" has month 13; a month is 01 to 12")
    }

    @Test("each field out of range is reported at its own column", arguments: [
        ("2026-02-30T09:00:00Z", 25, "has day 30, but that month has 28 days"),
        ("2025-02-29T09:00:00Z", 25, "has day 29, but that month has 28 days"),
        ("2100-02-29T09:00:00Z", 25, "has day 29, but that month has 28 days"),
        ("2026-04-31T09:00:00Z", 25, "has day 31, but that month has 30 days"),
        ("2026-11-00T09:00:00Z", 25, "has day 0, but that month has 30 days"),
        ("2026-00-22T09:00:00Z", 22, "has month 0; a month is 01 to 12"),
        ("2026-11-22T24:00:00Z", 28, "has hour 24; an hour is 00 to 23"),
        ("2026-11-22T09:60:00Z", 31, "has minute 60; a minute is 00 to 59"),
        ("2026-11-22T09:00:60Z", 34, "has second 60; a second is 00 to 59"),
    ])
    func fieldOutOfRange(text: String, column: Int, words: String) throws {
        let findings = Self.findings(createdAt: text)
        try #require(findings.count == 1, "\(findings)")
        #expect(findings[0].rule == "schema.value")
        #expect(findings[0].location?.line == 8)
        #expect(findings[0].location?.column == column, "\(text)")
        #expect(findings[0].message == "\"\(text)\" \(words)")
    }

    @Test("a wrong shape is reported at the value, as before")
    func wrongShape() throws {
        let findings = Self.findings(createdAt: "2026-11-22 09:00:00")
        try #require(findings.count == 1, "\(findings)")
        #expect(findings[0].rule == "schema.value")
        #expect(findings[0].location?.line == 8)
        #expect(findings[0].location?.column == 16)
    }

    @Test("leap days: every fourth year, not whole centuries unless divisible by 400")
    func leapDays() {
        for valid in ["2024-02-29T00:00:00Z", "2000-02-29T12:00:00Z", "1600-02-29T23:59:59Z",
                      "2026-12-31T23:59:59Z", "2026-01-01T00:00:00Z", "2026-06-30T00:00:00Z"] {
            #expect(PuzzleMetadata.isValidTimestamp(valid), "\(valid)")
        }
        for invalid in ["2026-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-09-31T00:00:00Z",
                        "2026-13-45T25:61:61Z", "2026-11-22T09:00:00+01:00", "2026-11-22T09:00:00.5Z"] {
            #expect(!PuzzleMetadata.isValidTimestamp(invalid), "\(invalid)")
        }
    }
}
