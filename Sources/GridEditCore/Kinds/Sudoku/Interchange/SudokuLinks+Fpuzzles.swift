import GridEditJSON

/// Reads f-puzzles' JSON: `size`, `grid` (rows of cell objects), `title`, `author`, `ruleset`,
/// `solution`, and one key per kind of constraint (`killercage`, `thermometer`, `arrow`, …).
///
/// Only a classic grid is read. A constraint key with content, a cell's `region` other than its
/// standard box, cell colours or given pencil marks are refused by name; digits a solver typed
/// (a `value` without `given`) and their pencil marks are progress, not the puzzle, and are left out.
enum FpuzzlesReader {
    /// Keys that hold no constraint: metadata and f-puzzles' own solver settings.
    static let plainKeys: Set<String> = ["size", "grid", "title", "author", "ruleset", "solution",
                                         "disabledlogic", "truecandidatesoptions", "version"]
    /// Cell keys that record a solver's progress rather than the puzzle.
    static let progressCellKeys: Set<String> = ["value", "given", "centerPencilMarks", "cornerPencilMarks", "candidates"]

    static func read(_ root: JSONNode) throws(SudokuLinkError) -> SudokuLinkContent {
        guard let sizeValue = root["size"], case .number(let number) = sizeValue.value, let side = number.intValue else {
            throw SudokuLinkError("the f-puzzles data has no whole-number \"size\"")
        }
        guard let size = SudokuSize(rawValue: side) else { throw SudokuLinks.sizeProblem(side) }
        guard case .object(let members) = root.value else { throw SudokuLinkError("the f-puzzles data is not an object") }
        let extra = members.filter { !plainKeys.contains($0.key) && !isEmpty($0.value) && !isMetadataOnly($0) }.map(\.key)
        if !extra.isEmpty {
            throw SudokuLinkError("the puzzle has constraints beyond classic Sudoku (\(extra.joined(separator: ", "))); "
                + "gridedit imports classic 4×4, 6×6 and 9×9 grids only, so keep this puzzle in f-puzzles or remove them there")
        }

        guard let gridNode = root["grid"], case .array(let rows) = gridNode.value, rows.count == side else {
            throw SudokuLinkError("the f-puzzles \"grid\" must be \(side) rows of \(side) cells for size \(side)")
        }
        var cells: [UInt8] = []
        for (row, rowNode) in rows.enumerated() {
            guard case .array(let rowCells) = rowNode.value, rowCells.count == side else {
                throw SudokuLinkError("row \(row + 1) of the f-puzzles \"grid\" does not have \(side) cells")
            }
            for (column, cell) in rowCells.enumerated() {
                cells.append(try digit(of: cell, row: row, column: column, size: size))
            }
        }
        let givens = SudokuGrid(size: size, cells: cells)!
        var metadata: [String: String] = [:]
        if let cages = root["cage"], case .array(let list) = cages.value {
            for cage in list { if let (key, value) = SCLReader.metadataCage(cage) { metadata[key] = value } }
        }
        return SudokuLinkContent(givens: givens, solution: try solution(root["solution"], size: size),
                                 title: text(root["title"]) ?? metadata["title"], author: text(root["author"]) ?? metadata["author"])
    }

    /// SudokuPad's tools keep metadata in f-puzzles' `cage` list as cells-less cages
    /// (`{"value": "title: …"}`); a `cage` list of only those holds no constraint.
    static func isMetadataOnly(_ member: JSONMember) -> Bool {
        guard member.key == "cage", case .array(let cages) = member.value.value else { return false }
        return cages.allSatisfy { SCLReader.metadataCage($0) != nil }
    }

    /// The given digit of one cell (0 when it has none), refusing what a classic grid lacks.
    static func digit(of cell: JSONNode, row: Int, column: Int, size: SudokuSize) throws(SudokuLinkError) -> UInt8 {
        let name = cellName((row, column))
        guard case .object(let members) = cell.value else {
            throw SudokuLinkError("cell \(name) of the f-puzzles \"grid\" is a \(cell.typeName), not an object")
        }
        for member in members where !progressCellKeys.contains(member.key) {
            if member.key == "region" {
                if case .number(let n) = member.value.value,
                   n.intValue == SudokuGrid(size: size).box(row: row, column: column) { continue }
                throw SudokuLinkError("cell \(name) is moved into another region: irregular (jigsaw) regions are not "
                    + "classic Sudoku, and gridedit imports classic grids only")
            }
            if isEmpty(member.value) { continue }
            let what = ["c", "cArray", "highlight"].contains(member.key) ? "a colour" : "\"\(member.key)\""
            throw SudokuLinkError("cell \(name) has \(what), which a classic Sudoku does not have; remove it in f-puzzles "
                + "and export the link again")
        }
        guard cell["given"].map({ if case .bool(true) = $0.value { true } else { false } }) == true else { return 0 }
        guard let valueNode = cell["value"], case .number(let n) = valueNode.value, let value = n.intValue,
              (1...size.rawValue).contains(value) else {
            throw SudokuLinkError("cell \(name) is marked given but its \"value\" is not a digit 1–\(size.rawValue)")
        }
        return UInt8(value)
    }

    /// f-puzzles writes the solution as an array of digits (or strings); SudokuPad also accepts a string.
    static func solution(_ node: JSONNode?, size: SudokuSize) throws(SudokuLinkError) -> SudokuGrid? {
        guard let node else { return nil }
        var digits: [Int?] = []
        switch node.value {
        case .null: return nil
        case .string(let s): digits = s.map { $0.wholeNumberValue }
        case .array(let items):
            for item in items {
                switch item.value {
                case .number(let n): digits.append(n.intValue)
                case .string(let s): digits.append(Int(s))
                default: digits.append(nil)
                }
            }
        default:
            throw SudokuLinkError("the f-puzzles \"solution\" is a \(node.typeName); expected a list of digits")
        }
        return try SudokuLinks.solutionGrid(digits, size: size, where: "the f-puzzles \"solution\"")
    }

    static func text(_ node: JSONNode?) -> String? {
        guard let node, case .string(let s) = node.value else { return nil }
        let trimmed = String(s.trimmingWhitespace())
        return trimmed.isEmpty ? nil : trimmed
    }

    /// `[]`, `{}`, `false`, `null` and `""`: present but holding nothing.
    static func isEmpty(_ node: JSONNode) -> Bool {
        switch node.value {
        case .null, .bool(false): true
        case .array(let items): items.isEmpty
        case .object(let members): members.isEmpty
        case .string(let s): s.isEmpty
        default: false
        }
    }
}
