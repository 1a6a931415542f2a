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

    /// `YYYY-MM-DDTHH:MM:SSZ`, the one timestamp form the files use.
    public static func isValidTimestamp(_ text: String) -> Bool {
        let chars = Array(text.utf8)
        guard chars.count == 20 else { return false }
        let pattern = Array("dddd-dd-ddTdd:dd:ddZ".utf8)
        for (c, p) in zip(chars, pattern) {
            if p == UInt8(ascii: "d") { guard (48...57).contains(c) else { return false } }
            else if c != p { return false }
        }
        return true
    }
}
