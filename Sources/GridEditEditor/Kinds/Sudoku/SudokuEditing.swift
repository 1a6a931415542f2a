import GridEditCore
import Synchronization
import GridEditLayout
import GridEditGeometry
import GridEditJSON

/// The Sudoku's editor entry: givens and entries in the status, the boxed grid in the terminal,
/// the cells laid over the page's drawing with their candidates, and the next hint.
public enum SudokuEditing: KindEditing {
    public static let kindName = SudokuKind.name

    public static func summary(of document: EditorDocument) -> String {
        guard let s = document.puzzle as? SudokuPuzzle else { return document.puzzle.summary }
        return "\(s.size.rawValue)×\(s.size.rawValue), \(s.givens.cells.filter { $0 != 0 }.count) givens"
    }

    public static func play(_ puzzle: any Puzzle, hint: String?) throws(EditError) -> PlayStart {
        if let hint { throw EditError("a Sudoku is played from its givens; --hint \(hint) is for tangrams") }
        return try SudokuPlayJudge.start(puzzle)
    }

    public static func status(of document: EditorDocument) -> [String] {
        if let play = document.play { return ["play: " + play.judge.status] }
        guard let s = document.puzzle as? SudokuPuzzle else { return [] }
        let givens = s.givens.cells.filter { $0 != 0 }.count
        let empty = s.currentState.cells.filter { $0 == 0 }.count
        return ["\(s.size.rawValue)×\(s.size.rawValue): \(givens) givens, \(s.enteredCells.count) entered, \(empty) empty",
                s.solutionSummary]
    }

    public static func textView(of document: EditorDocument, colour: Bool) -> StyledText {
        guard let s = document.puzzle as? SudokuPuzzle else { return StyledText() }
        return SudokuTextView(puzzle: s, colour: colour).text()
    }

    public static func pageFields(of document: EditorDocument, frame: ScreenTransform, palette: PagePalette) -> [JSONValue.Member] {
        guard let sudoku = document.puzzle as? SudokuPuzzle else { return [] }
        // The "open in" links carry the givens as they are now (`sudoku export --format …` of the saved file).
        // A stored solution the givens no longer agree with is left out (the link would check against it).
        var content = SudokuLinkContent(sudoku)
        if let solution = content.solution,
           zip(sudoku.givens.cells, solution.cells).contains(where: { $0 != 0 && $0 != $1 }) { content.solution = nil }
        var fields: [JSONValue.Member] = [
            .init("frame", .fields(["left": .double(frame.originX), "top": .double(frame.originY), "cell": .double(frame.scaleX),
                                    "n": .int(sudoku.size.rawValue)])),
            .init("cells", .array(cells(sudoku, marks: document.state.marks))),
            .init("status", .string(document.play.map { "play: " + $0.judge.status } ?? sudoku.solutionSummary)),
            // With digits entered, the grader's hint for them (worked out here, remembered per
            // grid); with none, the page shows the explanation's first steps from the analysis,
            // so a pasted puzzle costs no search on the edit path.
            .init("links", .fields(["sudokupad": .string(SudokuLinks.link(for: content, format: .sudokupad)),
                                    "fpuzzles": .string(SudokuLinks.link(for: content, format: .fpuzzles))])),
        ]
        if sudoku.currentState != sudoku.givens { fields.append(.init("hint", .string(hint(sudoku)))) }
        return fields
    }

    /// The grader's hint for the working grid, remembered by givens and entries: a state is built
    /// more than once for one grid (when the analysis comes in, say), and on a hard puzzle the
    /// hint is a search (tens of milliseconds, up to seconds for the hardest).
    static func hint(_ sudoku: SudokuPuzzle) -> String {
        let key = sudoku.givens.line + sudoku.currentState.line
        if let known = hints.withLock({ $0.first { $0.key == key }?.text }) { return known }
        let text = SudokuEditor(puzzle: sudoku).hint.description
        hints.withLock { memo in
            memo.append((key, text))
            if memo.count > 16 { memo.removeFirst() }
        }
        return text
    }

    private static let hints = Mutex<[(key: String, text: String)]>([])

    /// A finding's cells, as its message names them (`r3c4`).
    public static func parts(of finding: Finding, in document: EditorDocument) -> [String] {
        var seen = Set<String>()
        return finding.message.split { !$0.isLetter && !$0.isNumber }.map(String.init)
            .filter { Cell(text: $0) != nil && seen.insert($0).inserted }
    }

    /// Each cell: its given or entered digit, whether it conflicts with another in a unit (drawn
    /// red), its candidates (empty cells) and its working marks.
    private static func cells(_ sudoku: SudokuPuzzle, marks: [String: JSONValue]) -> [JSONValue] {
        let editor = SudokuEditor(puzzle: sudoku)
        let n = sudoku.size.rawValue
        let conflicting = sudoku.currentState.conflictingCells
        var result: [JSONValue] = []
        for r in 0..<n {
            for c in 0..<n {
                let given = Int(sudoku.givens[r, c])
                let digit = Int(sudoku.currentState[r, c])
                var members: [JSONValue.Member] = [
                    .init("cell", .string("r\(r + 1)c\(c + 1)")), .init("given", .int(given)), .init("digit", .int(given == 0 ? digit : 0)),
                ]
                if conflicting.contains(r * n + c) { members.append(.init("conflict", .bool(true))) }
                if digit == 0, let candidates = try? editor.candidates(Cell(row: r, column: c)) {
                    members.append(.init("candidates", .array(candidates.map(JSONValue.int))))
                }
                if let cellMarks = SudokuCellMarks(marks["r\(r + 1)c\(c + 1)"]).value { members.append(.init("marks", cellMarks)) }
                result.append(.object(members))
            }
        }
        return result
    }
}

/// The terminal view of a Sudoku: a boxed grid, givens bold, entries coloured, conflicts red.
struct SudokuTextView {
    let puzzle: SudokuPuzzle
    let colour: Bool

    func text() -> StyledText {
        let size = puzzle.size
        let n = size.rawValue
        let grid = puzzle.currentState
        let conflicting = grid.conflictingCells
        let boxWidth = size.boxColumns * 2 + 1
        func rule(_ left: String, _ middle: String, _ right: String) -> [StyledText.Run] {
            [.init("    " + left + Array(repeating: String(repeating: "─", count: boxWidth), count: n / size.boxColumns)
                .joined(separator: middle) + right)]
        }
        var header = "     "
        for c in 0..<n {
            header += " \(c + 1)"
            if c % size.boxColumns == size.boxColumns - 1 && c < n - 1 { header += "  " }
        }
        var out: [[StyledText.Run]] = [[.init(header, .dim)], rule("┌", "┬", "┐")]
        for r in 0..<n {
            var line = StyledLine(String(repeating: " ", count: 2 - String(r + 1).count))
            line.append(String(r + 1), .dim)
            line += "  │"
            for c in 0..<n {
                let i = r * n + c
                let digit = grid.cells[i]
                line += " "
                if digit == 0 {
                    line.append("·", .dim)
                } else if conflicting.contains(i) {
                    line.append(String(digit), TextStyle(foreground: TextStyle.Colour.brightWhite, background: TextStyle.Colour.red, bold: true))
                } else if puzzle.isGiven(i) {
                    line.append(String(digit), .bold)
                } else {
                    line.append(String(digit), TextStyle(foreground: TextStyle.Colour.cyan))
                }
                if c % size.boxColumns == size.boxColumns - 1 { line += " │" }
            }
            out.append(line.runs)
            if r % size.boxRows == size.boxRows - 1 && r < n - 1 { out.append(rule("├", "┼", "┤")) }
        }
        out.append(rule("└", "┴", "┘"))
        if !colour && !puzzle.enteredCells.isEmpty {
            out.append([.init("  entered: " + puzzle.enteredCells.map { cellName(($0 / n, $0 % n)) }.joined(separator: " "))])
        }
        return StyledText(lines: out)
    }
}
