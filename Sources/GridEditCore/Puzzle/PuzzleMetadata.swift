import GridEditJSON

/// How hard a puzzle is for a child; the same scale for every kind.
public enum Difficulty: String, Sendable, Hashable, CaseIterable, Comparable {
    case easy, medium, hard, expert

    public static func < (a: Difficulty, b: Difficulty) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The fields every puzzle has, whatever its kind.
public struct PuzzleMetadata: Sendable, Hashable {
    public var id: String
    public var name: String
    public var difficulty: Difficulty
    /// RFC 3339 UTC timestamps, kept as text so they round-trip byte for byte.
    public var createdAt: String
    public var updatedAt: String
    public var author: String?
    public var description: String?
    public var tags: [String]
    /// Tags are for filtering in the app; a handful is plenty, and the bound keeps a file of
    /// repeated tags to one finding.
    public static let maxTags = 64

    public init(id: String, name: String, difficulty: Difficulty, createdAt: String, updatedAt: String,
                author: String? = nil, description: String? = nil, tags: [String] = []) {
        self.id = id
        self.name = name
        self.difficulty = difficulty
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.author = author
        self.description = description
        self.tags = tags
    }

    /// Stands in while a file's own metadata could not be read.
    static let placeholder = PuzzleMetadata(id: "untitled", name: "Untitled", difficulty: .easy,
                                            createdAt: "1970-01-01T00:00:00Z", updatedAt: "1970-01-01T00:00:00Z")

    /// Ids are lower-case letters and digits joined by single dashes (`classic-square`).
    public static func isValidID(_ id: String) -> Bool {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        return !id.isEmpty && parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, the one timestamp form the files use, naming a real date and time.
    public static func isValidTimestamp(_ text: String) -> Bool { timestampProblem(text) == nil }

    /// Why `text` is not a timestamp the files may hold, or nil when it is one.
    ///
    /// The digits must name a real moment: month 01–12, a day the month has (29 February only in
    /// leap years), hour 00–23, minute and second 00–59. `offset` is the character where the
    /// wrong field starts, so a finding can point at it; nil when the whole text has the wrong
    /// shape. Checked by hand rather than with Foundation's ISO 8601 parser, which accepts
    /// other forms (offsets, fractions) and would still need the shape check.
    public static func timestampProblem(_ text: String) -> (message: String, offset: Int?)? {
        let chars = Array(text.utf8)
        let shape = (message: "is not a UTC time like \"2026-11-22T09:30:00Z\"", offset: Int?.none)
        guard chars.count == 20 else { return shape }
        let pattern = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
        for (c, p) in zip(chars, pattern) {
            if p == UInt8(ascii: "d") { guard (48...57).contains(c) else { return shape } }
            else if c != p { return shape }
        }
        func number(_ offset: Int, _ count: Int) -> Int {
            chars[offset..<offset + count].reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        let year = number(0, 4), month = number(5, 2), day = number(8, 2)
        let hour = number(11, 2), minute = number(14, 2), second = number(17, 2)
        guard (1...12).contains(month) else { return ("has month \(month); a month is 01 to 12", 5) }
        let days = daysIn(month: month, year: year)
        guard (1...days).contains(day) else {
            return ("has day \(day), but that month has \(days) days", 8)
        }
        guard hour < 24 else { return ("has hour \(hour); an hour is 00 to 23", 11) }
        guard minute < 60 else { return ("has minute \(minute); a minute is 00 to 59", 14) }
        guard second < 60 else { return ("has second \(second); a second is 00 to 59", 17) }
        return nil
    }

    /// Days in a month of the Gregorian calendar (February has 29 in leap years: every fourth
    /// year, but not whole centuries unless divisible by 400).
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
