import GridEditCore
import GridEditLayout

/// The Sudoku cell commands (`set`, `clear`, `given`, `candidates`, `hint`).
extension CommandInterpreter {
    func requireSudoku() throws(EditError) -> (EditorDocument, SudokuEditor) {
        let document = try requireDocument()
        guard let editor = document.sudokuEditor else {
            throw EditError("\(document.displayName) is a \(document.kindName); cell commands need a sudoku")
        }
        return (document, editor)
    }


    func cell(_ text: String) throws(EditError) -> Cell {
        guard let cell = Cell(text: text) else { throw EditError("\"\(text)\" is not a cell: write r3c4 (row 3, column 4)") }
        return cell
    }

    func setCell(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireSudoku()
        let cell = try cell(try a.next("a cell like r3c4"))
        let text = try a.next("a digit")
        try a.end()
        guard let digit = Int(text) else {
            throw EditError("\"\(text)\" is not a digit; use 1–\(editor.puzzle.size.rawValue) (`clear \(cell)` empties the cell)",
                            rule: SudokuValueOutOfRangeRule.id)
        }
        try perform(try editor.set(cell, to: digit), on: document)
    }

    func clearCell(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireSudoku()
        let word = try a.next("a cell like r3c4, or all")
        try a.end()
        try perform(word == "all" ? try editor.clearAll() : try editor.clear(try cell(word)), on: document)
    }

    func given(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireSudoku()
        let cell = try cell(try a.next("a cell like r3c4"))
        let text = try a.next("a digit, or . to remove the given")
        try a.end()
        var digit: Int?
        if text != "." && text != "0" {
            guard let d = Int(text) else {
                throw EditError("\"\(text)\" is not a digit; use 1–\(editor.puzzle.size.rawValue), or . for no given",
                                rule: SudokuValueOutOfRangeRule.id)
            }
            digit = d
        }
        try perform(try editor.setGiven(cell, to: digit), on: document)
    }

    func candidates(_ a: inout Arguments) throws(EditError) {
        let (_, editor) = try requireSudoku()
        if let word = a.optional() {
            try a.end()
            let cell = try cell(word)
            guard let digits = try editor.candidates(cell) else {
                console.say("\(cell) holds \(editor.puzzle.currentState[cell.row, cell.column])", .plain)
                return
            }
            console.say(digits.isEmpty ? "\(cell): no digit fits (a conflict upstream)"
                                       : "\(cell): \(digits.map(String.init).joined(separator: " "))", .plain)
            return
        }
        let all = editor.allCandidates
        guard !all.isEmpty else {
            console.say("every cell is filled", .plain)
            return
        }
        for (cell, digits) in all {
            console.say("\(cell): \(digits.isEmpty ? "none" : digits.map(String.init).joined(separator: " "))", digits.isEmpty ? .warning : .plain)
        }
    }

    func hint(_ a: inout Arguments) throws(EditError) {
        try a.end()
        let (document, editor) = try requireSudoku()
        let hint = editor.hint
        console.say(hint.description, .note)
        guard a.flag("--place") else { return }
        guard let proposal = try editor.placingHint() else {
            throw EditError("this hint places no digit")
        }
        try perform(proposal, on: document)
    }
}
