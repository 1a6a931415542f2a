import GridEditCore
import GridEditJSON

// A toy puzzle kind that lives only in the tests: the proof that `PuzzleKind` is the whole table a
// kind must provide. Nothing outside this folder knows it; `MarkGridKindTests` registers it with
// one line, then checks, edits, undoes, journals, recovers and saves it through the same code
// paths as the shipped kinds.
//
// A mark grid is a small grid of cells that are marked (`#`) or blank (`.`):
//
//     {"formatVersion": 1, "kind": "mark-grid", …, "rows": ["#.", ".#"]}

/// A mark grid: rows of `#` and `.` of equal length.
struct MarkGrid: Puzzle {
    typealias Kind = MarkGridKind
    typealias State = [[Bool]]

    var metadata: PuzzleMetadata
    /// `true` where a cell is marked, top row first.
    var currentState: [[Bool]]

    /// Complete when every row has a mark.
    var isCompleted: Bool { currentState.allSatisfy { $0.contains(true) } }
}

enum MarkGridKind: PuzzleKind {
    static let name = "mark-grid"
    static let keys = ["rows"]
    static let rules: [any Rule<MarkGrid>] = [BlankRowRule()]

    static func decode(_ object: ObjectReader, metadata: PuzzleMetadata, context: DecodeContext) -> MarkGrid? {
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

    static func encodeFields(_ puzzle: MarkGrid) -> [JSONValue.Member] {
        [.init("rows", .array(puzzle.currentState.map { .string(String($0.map { $0 ? "#" : "." })) }))]
    }

    static func summary(_ puzzle: MarkGrid) -> String { "\(puzzle.currentState.count) rows" }

    /// Parts are cells `r1c1`…; a marked cell's value is `true`, a blank one has none.
    static func part(_ name: String, of puzzle: MarkGrid) throws(PuzzlePartError) -> JSONValue? {
        let (r, c) = try cell(name, in: puzzle)
        return puzzle.currentState[r][c] ? .bool(true) : nil
    }

    static func setPart(_ name: String, to value: JSONValue?, in puzzle: inout MarkGrid) throws(PuzzlePartError) {
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
struct BlankRowRule: Rule {
    static let id = "mark-grid.blank-row"
    static let summary = "A row of the mark grid has no mark."
    static let severity = Finding.Severity.warning

    func check(_ puzzle: MarkGrid) -> [Finding] {
        puzzle.currentState.enumerated().filter { !$0.element.contains(true) }.map {
            finding("row \($0.offset + 1) has no mark", at: JSONPath.root.appending(key: "rows").appending(index: $0.offset))
        }
    }
}
