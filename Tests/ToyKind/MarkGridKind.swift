import GridEditCore
import GridEditJSON

// A toy puzzle kind that lives only in the tests: the proof that `PuzzleKind` (the file half) and
// `KindEditing` (the editor half, MarkGridEditing.swift) are the whole table a kind must provide.
// Nothing outside this folder knows it; the tests register it with one line
// (`EditingKinds.register(MarkGridEditing.self)`), then check, edit, undo, journal, recover and
// save it, in the REPL's language and in the page, through the same code paths as the shipped
// kinds.
//
// A mark grid is a small grid of cells that are marked (`#`) or blank (`.`):
//
//     {"formatVersion": 1, "kind": "mark-grid", …, "rows": ["#.", ".#"]}

/// A mark grid: rows of `#` and `.` of equal length.
public struct MarkGrid: Puzzle {
    public typealias Kind = MarkGridKind
    public typealias State = [[Bool]]

    public var metadata: PuzzleMetadata
    /// `true` where a cell is marked, top row first.
    public var currentState: [[Bool]]

    /// Complete when every row has a mark.
    public var isCompleted: Bool { currentState.allSatisfy { $0.contains(true) } }
}

public enum MarkGridKind: PuzzleKind {
    public static let name = "mark-grid"
    public static let keys = ["rows"]
    public static let rules: [any Rule<MarkGrid>] = [BlankRowRule()]

    public static func decode(_ object: ObjectReader, metadata: PuzzleMetadata, context: DecodeContext) -> MarkGrid? {
        guard let node = object.required("rows"), let items = context.array(node) else { return nil }
        var rows: [[Bool]] = []
        for item in items {
            guard let text = context.string(item) else { continue }
            guard !text.isEmpty, text.allSatisfy({ $0 == "#" || $0 == "." }), text.count == (items.first.flatMap(context.string)?.count ?? 0) else {
                context.report(SchemaValueRule.self, "a row is `#` and `.` only, as long as the first row", at: item)
                continue
            }
            rows.append(text.map { $0 == "#" })
        }
        guard !context.hasErrors, !rows.isEmpty else { return nil }
        return MarkGrid(metadata: metadata, currentState: rows)
    }

    public static func encodeFields(_ puzzle: MarkGrid) -> [JSONValue.Member] {
        [.init("rows", .array(puzzle.currentState.map { .string(String($0.map { $0 ? "#" : "." })) }))]
    }

    public static func summary(_ puzzle: MarkGrid) -> String { "\(puzzle.currentState.count) rows" }

    /// Parts are cells `r1c1`…; a marked cell's value is `true`, a blank one has none.
    public static func part(_ name: String, of puzzle: MarkGrid) throws(PuzzlePartError) -> JSONValue? {
        let (r, c) = try cell(name, in: puzzle)
        return puzzle.currentState[r][c] ? .bool(true) : nil
    }

    public static func setPart(_ name: String, to value: JSONValue?, in puzzle: inout MarkGrid) throws(PuzzlePartError) {
        let (r, c) = try cell(name, in: puzzle)
        guard value == nil || value == .bool(true) else { throw PuzzlePartError("\(name) is marked (true) or blank (no value)") }
        puzzle.currentState[r][c] = value != nil
    }

    private static func cell(_ name: String, in puzzle: MarkGrid) throws(PuzzlePartError) -> (Int, Int) {
        let digits = name.dropFirst().split(separator: "c")
        guard name.hasPrefix("r"), digits.count == 2, let r = Int(digits[0]), let c = Int(digits[1]),
              puzzle.currentState.indices.contains(r - 1), puzzle.currentState[0].indices.contains(c - 1) else {
            throw PuzzlePartError("no cell \(name)")
        }
        return (r - 1, c - 1)
    }
}

/// A row with no mark: allowed, but a hint that the grid is unfinished.
public struct BlankRowRule: Rule {
    public static let id = "mark-grid.blank-row"
    public static let summary = "A row of the mark grid has no mark."
    public static let severity = Finding.Severity.warning

    public init() {}

    public func check(_ puzzle: MarkGrid) -> [Finding] {
        puzzle.currentState.enumerated().filter { !$0.element.contains(true) }.map {
            finding("row \($0.offset + 1) has no mark", at: JSONPath.root.appending(key: "rows").appending(index: $0.offset))
        }
    }
}
