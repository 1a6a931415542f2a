import GridEditCore
import GridEditLayout

/// The Sudoku cell commands (`set`, `clear`, `given`, `mark`, `unmark`, `paste`, `candidates`,
/// `hint`, `grade`, `explain`).
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

    /// One cell or several joined by commas (`r3c4,r3c5`), each once, in the order given.
    func cells(_ text: String) throws(EditError) -> [Cell] {
        var seen = Set<Cell>()
        var cells: [Cell] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let c = try cell(String(word))
            if seen.insert(c).inserted { cells.append(c) }
        }
        return cells
    }

    func setCell(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireSudoku()
        let cells = try cells(try a.next("a cell like r3c4 (or cells r3c4,r3c5)"))
        let cell = cells[0]
        let text = try a.next("a digit")
        try a.end()
        guard let digit = Int(text) else {
            throw EditError("\"\(text)\" is not a digit; use 1–\(editor.puzzle.size.rawValue) (`clear \(cell)` empties the cell)",
                            rule: SudokuValueOutOfRangeRule.id)
        }
        try perform(cells.count == 1 ? try editor.set(cell, to: digit) : try editor.set(cells, to: digit), on: document)
    }

    func clearCell(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireSudoku()
        let word = try a.next("a cell like r3c4 (or cells r3c4,r3c5), or all")
        try a.end()
        if word == "all" { return try perform(try editor.clearAll(), on: document) }
        let cells = try cells(word)
        try perform(cells.count == 1 ? try editor.clear(cells[0]) : try editor.clear(cells), on: document)
    }

    func given(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireSudoku()
        try refuseOnPlayBoard(document, "givens")
        let cells = try cells(try a.next("a cell like r3c4 (or cells r3c4,r3c5)"))
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
        try perform(try editor.setGiven(cells, to: digit), on: document)
    }

    func mark(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireSudoku()
        let layer = try markLayer(try a.next("corner, centre or colour"))
        let cells = try cells(try a.next("a cell like r3c4 (or cells r3c4,r3c5)"))
        let text = try a.next(layer == .colour ? "a colour 1–9" : "a digit")
        try a.end()
        guard let digit = Int(text) else { throw EditError("\"\(text)\" is not a \(layer == .colour ? "colour (1–9)" : "digit")") }
        try perform(try editor.toggleMark(layer, digit, in: cells), on: document)
    }

    func unmark(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireSudoku()
        let cells = try cells(try a.next("a cell like r3c4 (or cells r3c4,r3c5)"))
        let layers = try a.optional().map { word throws(EditError) in [try markLayer(word)] } ?? []
        try a.end()
        try perform(try editor.clearMarks(layers, in: cells), on: document)
    }

    func markLayer(_ word: String) throws(EditError) -> SudokuCellMarks.Layer {
        switch word.lowercased() {
        case "corner": return .corner
        case "centre", "center": return .centre
        case "colour", "color": return .colour
        default: throw EditError("\"\(word)\" is not a kind of mark: use corner, centre or colour")
        }
    }

    func paste(_ a: inout Arguments) throws(EditError) {
        let (document, editor) = try requireSudoku()
        try refuseOnPlayBoard(document, "a pasted puzzle")
        let text = a.remaining.joined(separator: " ")
        let (grid, source) = try SudokuEditor.pasted(text)
        try perform(try editor.paste(grid, source: source), on: document)
    }

    func grade(_ a: inout Arguments) throws(EditError) {
        try a.end()
        let (document, editor) = try requireSudoku()
        // The words of `gridedit sudoku grade FILE`: TIER HARDEST STEPS SCORE, and what the file says.
        // One puzzle, a designer waiting: the slow techniques on a second thread (the same steps).
        let grade = SudokuGrader.grade(editor.puzzle.givens, explaining: false, twoThreads: true)
        console.say(grade.line(for: document.displayName, fileSays: editor.puzzle.metadata.difficulty), .plain)
    }

    func explain(_ a: inout Arguments) throws(EditError) {
        let (_, editor) = try requireSudoku()
        let explanation = SudokuExplanation(editor.puzzle.givens, twoThreads: true)
        if let word = a.optional() {
            try a.end()
            guard let number = Int(word), explanation.problem == nil, (1...max(1, explanation.grade.steps.count)).contains(number),
                  !explanation.grade.steps.isEmpty else {
                throw EditError(explanation.problem.map { "cannot explain: \($0)" }
                                ?? "there are \(explanation.grade.steps.count) steps; give a number from 1 to \(explanation.grade.steps.count)")
            }
            console.say(explanation.stepLine(number), .plain)
            return
        }
        for line in explanation.lines { console.say(line, .plain) }
        if let problem = explanation.problem { throw EditError("cannot explain: \(problem)") }
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

    /// A play board's givens are the puzzle's: the child enters digits (`set`).
    private func refuseOnPlayBoard(_ document: EditorDocument, _ what: String) throws(EditError) {
        guard document.play != nil else { return }
        throw EditError("\(document.displayName) is a play board: \(what) would change the puzzle being played; `set CELL DIGIT` enters a digit (`play stop` ends the play)")
    }

    func hint(_ a: inout Arguments) throws(EditError) {
        if service.active?.play != nil { return try playHint(&a) }
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
