import GridEditCore
import GridEditJSON

/// Shipped puzzles corrupted in every way we can name (the corruption tests, the check cache's
/// tests): each copy says which rule must report it and where.
public enum PuzzleMutants {
    /// A corrupted copy and where its finding must point.
    public struct Mutant: Sendable {
        public var label: String
        public var text: String
        public var rule: String
        /// The JSON path whose value (or key, for unknown keys) the finding must locate.
        public var path: JSONPath
        public var atKey = false
        /// Characters into a string value, for findings about one cell of a Sudoku row.
        public var columnOffset = 0

        public init(label: String, text: String, rule: String, path: JSONPath, atKey: Bool = false, columnOffset: Int = 0) {
            (self.label, self.text, self.rule, self.path, self.atKey, self.columnOffset) = (label, text, rule, path, atKey, columnOffset)
        }
    }

    /// Copies of a shipped puzzle's tree, each corrupted one way we can name, with the rule and
    /// the place its finding must have.
    public static func tree(of original: JSONValue) -> [Mutant] {
        guard case .object(let members) = original else { return [] }
        var mutants: [Mutant] = []
        func add(_ label: String, _ value: JSONValue, _ rule: String, _ path: JSONPath, atKey: Bool = false, columnOffset: Int = 0) {
            mutants.append(Mutant(label: label, text: CanonicalJSONWriter.write(value), rule: rule, path: path,
                                  atKey: atKey, columnOffset: columnOffset))
        }
        let root = JSONPath.root
        for required in ["formatVersion", "kind", "id", "name", "difficulty", "createdAt", "updatedAt"] {
            add("without \(required)", .object(members.filter { $0.key != required }), "schema.required", root)
        }
        add("name is a number", original.setting(["name"], to: .number("5")), "schema.type", root.appending(key: "name"))
        add("difficulty unknown", original.setting(["difficulty"], to: .string("impossible")), "schema.value", root.appending(key: "difficulty"))
        add("id with spaces", original.setting(["id"], to: .string("Bad Id")), "schema.value", root.appending(key: "id"))
        add("bad timestamp", original.setting(["createdAt"], to: .string("yesterday")), "schema.value", root.appending(key: "createdAt"))
        // An impossible time is reported at its first wrong field (month 5, day 8 characters in).
        add("month 13", original.setting(["createdAt"], to: .string("2026-13-45T25:61:61Z")), "schema.value", root.appending(key: "createdAt"), columnOffset: 1 + 5)
        add("30 February", original.setting(["updatedAt"], to: .string("2026-02-30T09:00:00Z")), "schema.value", root.appending(key: "updatedAt"), columnOffset: 1 + 8)
        add("newer format", original.setting(["formatVersion"], to: .number("99")), "format.unsupported-version", root.appending(key: "formatVersion"))
        add("unknown key", .object(members + [.init("nmae", .string("x"))]), "schema.unknown-key", root.appending(key: "nmae"), atKey: true)
        add("unknown kind", original.setting(["kind"], to: .string("crossword")), "schema.value", root.appending(key: "kind"))

        if case .array(let poses)? = original.member("pieces") {
            for i in poses.indices {
                let pose = root.appending(key: "pieces").appending(index: i)
                add("pieces[\(i)].x inexact", original.setting(["pieces", i, "x"], to: .number("0.1")), "schema.exact-number", pose.appending(key: "x"))
                add("pieces[\(i)].y bad text", original.setting(["pieces", i, "y"], to: .string("1+√3")), "schema.exact-number", pose.appending(key: "y"))
                add("pieces[\(i)].rotation 30", original.setting(["pieces", i, "rotation"], to: .number("30")), "schema.value", pose.appending(key: "rotation"))
                add("pieces[\(i)] unknown piece", original.setting(["pieces", i, "piece"], to: .string("circle")), "schema.value", pose.appending(key: "piece"))
                add("pieces[\(i)].x far away", original.setting(["pieces", i, "x"], to: .number("20")), "tangram.out-of-bounds", pose)
                let j = (i + 1) % poses.count
                guard case .object(let other) = poses[j] else { continue }
                // Same anchor and rotation as piece j, neither mirrored: every piece's interior
                // starts at its vertex 0 between its first edge (along the rotation) and the
                // next, so the two are certain to share ground there.
                func unflipped(_ pose: JSONValue) -> JSONValue {
                    guard case .object(let m) = pose else { return pose }
                    return .object(m.filter { $0.key != "flip" })
                }
                var moved = original.setting(["pieces", j], to: unflipped(poses[j]))
                moved = moved.setting(["pieces", i], to: unflipped(poses[i]))
                for key in ["x", "y", "rotation"] {
                    moved = moved.setting(["pieces", i, key], to: other.first { $0.key == key }!.value)
                }
                add("pieces[\(i)] onto pieces[\(j)]", moved, "tangram.overlap", root.appending(key: "pieces").appending(index: max(i, j)))
                let otherPiece = other.first { $0.key == "piece" }!.value
                add("pieces[\(i)] repeats pieces[\(j)]'s id", original.setting(["pieces", i, "piece"], to: otherPiece),
                    "tangram.piece-set", root.appending(key: "pieces").appending(index: max(i, j)))
            }
        }

        if case .array(let rows)? = original.member("givens"), case .number(let sizeText)? = original.member("size") {
            let size = Int(sizeText)!
            for (r, row) in rows.enumerated() {
                guard case .string(let cells) = row else { continue }
                let path = root.appending(key: "givens").appending(index: r)
                add("givens[\(r)] short", original.setting(["givens", r], to: .string(String(cells.dropLast()))), "sudoku.size", path)
                var chars = Array(cells)
                if let empty = chars.firstIndex(of: ".") {
                    chars[empty] = "x"
                    add("givens[\(r)] letter", original.setting(["givens", r], to: .string(String(chars))), "sudoku.value-out-of-range", path, columnOffset: 1 + empty)
                    if let given = Array(cells).first(where: { $0 != "." }) {
                        var conflict = Array(cells)
                        conflict[empty] = given
                        add("givens[\(r)] repeats \(given)", original.setting(["givens", r], to: .string(String(conflict))), "sudoku.given-conflict", path)
                    }
                }
            }
            add("size 5", original.setting(["size"], to: .number("5")), "sudoku.size", root.appending(key: "size"))
            if size < 9, let r = rows.indices.first(where: { if case .string(let c) = rows[$0] { c.contains(".") } else { false } }),
               case .string(let cells) = rows[r] {
                var chars = Array(cells)
                let empty = chars.firstIndex(of: ".")!
                chars[empty] = Character(String(size + 1))
                add("givens[\(r)] digit \(size + 1)", original.setting(["givens", r], to: .string(String(chars))),
                    "sudoku.value-out-of-range", root.appending(key: "givens").appending(index: r), columnOffset: 1 + empty)
            }
        }
        return mutants
    }
}

extension JSONValue {
    /// The value of an object member.
    public func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A copy with the value at `path` (keys and indices) replaced.
    public func setting(_ path: [any Sendable], to newValue: JSONValue) -> JSONValue {
        guard let first = path.first else { return newValue }
        let rest = Array(path.dropFirst())
        switch (self, first) {
        case (.object(var members), let key as String):
            if let i = members.firstIndex(where: { $0.key == key }) {
                members[i].value = members[i].value.setting(rest, to: newValue)
            }
            return .object(members)
        case (.array(var items), let index as Int):
            items[index] = items[index].setting(rest, to: newValue)
            return .array(items)
        default:
            return self
        }
    }
}
