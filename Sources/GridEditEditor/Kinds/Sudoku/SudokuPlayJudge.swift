import GridEditCore
import GridEditLayout
import GridEditJSON

/// The Sudoku's play mode: the child gets the givens; every digit is judged against the one
/// solution (``SudokuPlay``), and a hint is the grader's next step.
final class SudokuPlayJudge: PlayJudge {
    private(set) var play: SudokuPlay
    private(set) var latest: (cell: SudokuCell, judgement: SudokuPlay.Judgement)?
    /// Each entered cell's judgement when it was entered.
    private var judged: [SudokuCell: SudokuPlay.Judgement] = [:]

    init(play: SudokuPlay) { self.play = play }

    static func start(_ puzzle: any Puzzle) throws(EditError) -> PlayStart {
        guard let sudoku = puzzle as? SudokuPuzzle else { throw EditError("not a Sudoku") }
        let play: SudokuPlay
        do throws(SudokuPlay.StartError) { play = try SudokuPlay(givens: sudoku.givens) } catch {
            throw EditError("\(sudoku.metadata.id) cannot be played: \(error.description)")
        }
        var board = sudoku
        board.currentState = sudoku.givens
        return PlayStart(board: board, judge: SudokuPlayJudge(play: play))
    }

    func observe(_ puzzle: any Puzzle) -> [PlayRecord.Interaction] {
        guard let sudoku = puzzle as? SudokuPuzzle, sudoku.size == play.givens.size else { return [] }
        let n = sudoku.size.rawValue
        var events: [PlayRecord.Interaction] = []
        for index in sudoku.currentState.cells.indices where sudoku.currentState.cells[index] != play.grid.cells[index] {
            let cell = SudokuCell(row: index / n, column: index % n)
            let digit = Int(sudoku.currentState.cells[index])
            guard let judgement = play.enter(digit, at: cell) else { continue }
            if digit == 0 {
                judged[cell] = nil
                events.append(PlayRecord.Interaction(time: 0, kind: .remove, part: cell.description, detail: "cleared"))
            } else {
                judged[cell] = judgement
                latest = (cell, judgement)
                events.append(PlayRecord.Interaction(time: 0, kind: .place, part: cell.description, judgement: judgement.name,
                                                     detail: "\(digit): \(judgement.text)"))
            }
        }
        return events
    }

    func hint(level: Int) -> PlayHint {
        let (text, cells) = play.hint()
        // Level 1 points at the cells; level 2 adds the reasoning; level 3 names the digit too.
        let lines = text.split(separator: "\n").map(String.init)
        let shown: String
        switch level {
        case ...1: shown = cells.isEmpty ? (lines.first ?? text) : "look at \(cells.prefix(4).map(\.description).joined(separator: ", "))"
        case 2: shown = lines.last ?? text
        default: shown = text
        }
        return PlayHint(text: shown, parts: cells.map(\.description))
    }

    var isSolved: Bool { play.isSolved }

    var status: String {
        if isSolved { return "solved" }
        let empty = play.grid.cells.filter { $0 == 0 }.count
        let wrong = judged.values.filter { !$0.isRight }.count
        return "\(empty) cell\(empty == 1 ? "" : "s") to fill" + (wrong > 0 ? ", \(wrong) wrong" : "")
    }

    func pageFields() -> [JSONValue.Member] {
        var fields: [JSONValue.Member] = [
            .init("solved", .bool(isSolved)),
            .init("judgements", .object(judged.keys.sorted().map { cell in
                .init(cell.description, .fields(["judgement": .string(judged[cell]!.name), "text": .string(judged[cell]!.text)]))
            })),
        ]
        if let latest {
            fields.append(.init("latest", .fields(["cell": .string(latest.cell.description), "judgement": .string(latest.judgement.name),
                                                   "text": .string("\(latest.cell): \(latest.judgement.text)")])))
        }
        return fields
    }
}
