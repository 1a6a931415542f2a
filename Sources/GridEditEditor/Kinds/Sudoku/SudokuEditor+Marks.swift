import GridEditCore
import GridEditJSON
import GridEditLayout

/// A cell's working marks, as a setter makes them in SudokuPad: corner pencil marks, centre
/// pencil marks and colours (1–9, the page's palette). Kept in ``EditorState/marks`` under the
/// cell's name as `{"corner":[1,5],"centre":[2,3],"colours":[4]}` (empty lists left out), never
/// in the puzzle file.
public struct SudokuCellMarks: Sendable, Hashable {
    public enum Layer: String, Sendable, CaseIterable {
        case corner, centre, colour

        /// The key in the stored form.
        var key: String { self == .colour ? "colours" : rawValue }
    }

    public var corner: [Int] = []
    public var centre: [Int] = []
    public var colours: [Int] = []

    public init(corner: [Int] = [], centre: [Int] = [], colours: [Int] = []) {
        self.corner = corner
        self.centre = centre
        self.colours = colours
    }

    /// Reads the stored form; anything it does not know is left out.
    public init(_ value: JSONValue?) {
        guard case .object(let members)? = value else { return }
        func digits(_ key: String) -> [Int] {
            guard case .array(let items)? = members.first(where: { $0.key == key })?.value else { return [] }
            return items.compactMap { if case .number(let n) = $0 { return Int(n) } else { return nil } }
        }
        corner = digits("corner")
        centre = digits("centre")
        colours = digits("colours")
    }

    public subscript(layer: Layer) -> [Int] {
        get {
            switch layer {
            case .corner: corner
            case .centre: centre
            case .colour: colours
            }
        }
        set {
            let sorted = Array(Set(newValue)).sorted()
            switch layer {
            case .corner: corner = sorted
            case .centre: centre = sorted
            case .colour: colours = sorted
            }
        }
    }

    public var isEmpty: Bool { corner.isEmpty && centre.isEmpty && colours.isEmpty }

    /// The stored form; nil when there are no marks.
    public var value: JSONValue? {
        guard !isEmpty else { return nil }
        let members = Layer.allCases.filter { !self[$0].isEmpty }.map { layer in
            JSONValue.Member(layer.key, .array(self[layer].map { .int($0) }))
        }
        return .object(members)
    }
}

extension SudokuEditor {
    /// The marks of a cell.
    public func marks(of cell: Cell) -> SudokuCellMarks {
        SudokuCellMarks(marks[cell.description])
    }

    /// Toggles `digit` in one layer of marks over a selection, as SudokuPad does: when every
    /// cell that can take the mark has it, it goes from all of them; otherwise it is added to
    /// all of them. Pencil marks skip cells that hold a digit (a given or an entry); colours go
    /// on any cell. Colours are 1–9 whatever the grid's size.
    public func toggleMark(_ layer: SudokuCellMarks.Layer, _ digit: Int, in cells: [Cell]) throws(EditError) -> Proposal {
        let top = layer == .colour ? 9 : n
        guard (1...top).contains(digit) else {
            throw EditError("\(layer.rawValue) marks are 1–\(top); \(digit) is not one")
        }
        var targets: [Cell] = []
        for cell in cells {
            let i = try index(cell)
            if layer == .colour || puzzle.currentState.cells[i] == 0 { targets.append(cell) }
        }
        guard !targets.isEmpty else {
            throw EditError("\(Self.list(cells)) \(cells.count == 1 ? "holds a digit" : "all hold digits"): pencil marks go in empty cells")
        }
        let removing = targets.allSatisfy { marks(of: $0)[layer].contains(digit) }
        let changes: [Change] = targets.compactMap { cell in
            var after = marks(of: cell)
            after[layer] = removing ? after[layer].filter { $0 != digit } : after[layer] + [digit]
            let change = Change.marks(part: cell.description, before: marks[cell.description], after: after.value)
            return change.isEmpty ? nil : change
        }
        let what = layer == .colour ? "colour \(digit)" : "\(layer.rawValue) \(digit)"
        return Proposal(command: EditCommand(label: "\(removing ? "remove" : "add") \(what) \(removing ? "from" : "in") \(Self.list(targets))",
                                             changes: changes))
    }

    /// Clears the marks of `layers` (every layer when empty) in the selected cells.
    public func clearMarks(_ layers: [SudokuCellMarks.Layer], in cells: [Cell]) throws(EditError) -> Proposal {
        let layers = layers.isEmpty ? SudokuCellMarks.Layer.allCases : layers
        var changes: [Change] = []
        for cell in cells {
            _ = try index(cell)
            var after = marks(of: cell)
            for layer in layers { after[layer] = [] }
            let change = Change.marks(part: cell.description, before: marks[cell.description], after: after.value)
            if !change.isEmpty { changes.append(change) }
        }
        let what = layers.count == SudokuCellMarks.Layer.allCases.count ? "marks" : layers.map { "\($0.rawValue) marks" }.joined(separator: " and ")
        guard !changes.isEmpty else { throw EditError("\(Self.list(cells)) \(cells.count == 1 ? "has" : "have") no \(what) to clear") }
        return Proposal(command: EditCommand(label: "clear the \(what) of \(Self.list(cells))", changes: changes))
    }

    /// Replaces the puzzle's givens with `grid` (a pasted line or link), in one edit: every cell
    /// becomes the pasted given or empty, entered digits and marks go.
    public func paste(_ grid: SudokuGrid, source: String) throws(EditError) -> Proposal {
        guard grid.size == puzzle.size else {
            throw EditError("the pasted \(source) is a \(grid.size.rawValue)×\(grid.size.rawValue) puzzle and this grid is \(n)×\(n); "
                + "open or create a \(grid.size.rawValue)×\(grid.size.rawValue) puzzle (new sudoku-\(grid.size.rawValue)x\(grid.size.rawValue)) and paste there")
        }
        var changes: [Change] = []
        for i in grid.cells.indices {
            let after = CellValue(given: grid.cells[i], digit: grid.cells[i])
            let before = value(at: i)
            if before != after { changes.append(change(i, before, after)) }
        }
        for part in marks.keys.sorted() { changes.append(.marks(part: part, before: marks[part], after: nil)) }
        guard !changes.isEmpty else { throw EditError("the pasted \(source) is the puzzle already open") }
        let givens = grid.cells.filter { $0 != 0 }.count
        return Proposal(command: EditCommand(label: "paste \(source) (\(givens) givens)", changes: changes))
    }

    /// Reads what a setter pastes: a puzzle line (16, 36 or 81 cells), or a SudokuPad or
    /// f-puzzles link (or their JSON). The second value names it for messages.
    public static func pasted(_ text: String) throws(EditError) -> (grid: SudokuGrid, source: String) {
        let trimmed = text.trimming(" \t\r\n")
        if trimmed.hasPrefix("{") || trimmed.contains("://") {
            do {
                let content = try SudokuLinks.decode(trimmed)
                let source = trimmed.hasPrefix("{") ? "puzzle JSON" : trimmed.contains("f-puzzles.com") ? "f-puzzles link" : "SudokuPad link"
                return (content.givens, source)
            } catch {
                throw EditError("cannot paste this link: \(error.message)")
            }
        }
        // Read as the batch line interface reads a line: fields after the puzzle (a rating) are
        // ignored; nothing but blanks and comments is nothing to paste.
        guard let line = SudokuBatch.parse(Array(trimmed.utf8)).lines.first else {
            throw EditError("nothing to paste: copy a puzzle line (81 characters, . for empty) or a SudokuPad or f-puzzles link")
        }
        switch line.puzzle {
        case .success(let grid):
            return (grid, "\(grid.cells.count)-cell line")
        case .failure(let error):
            throw EditError("cannot paste this: \(error.description); paste a puzzle line (16, 36 or 81 cells, digits and . for empty) or a SudokuPad or f-puzzles link")
        }
    }
}

