import BrowserSupport
import Foundation
import GridEditCore
import GridEditTestSupport
import Testing

/// The sudoku editor of `gridedit serve` in chromium: a click picks a cell, digits go into the
/// givens, arrows move the selection (wrapping at the edges), Backspace clears a given, Ctrl-S
/// saves. The expected grid is the file's own givens with the typed edits applied here.
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(3)))
struct ServeSudokuPageTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    static func givens(_ path: String) throws -> SudokuGrid {
        let loaded = try PuzzleStore(root: (path as NSString).deletingLastPathComponent).load(path)
        guard let sudoku = loaded.document.puzzle as? SudokuPuzzle else { throw LayoutError("\(path) is not a sudoku") }
        return sudoku.givens
    }

    @Test("Click a cell, type digits, move with the arrows, clear a given, save: the file holds exactly those givens")
    func typeAndSave() async throws {
        try await ServedEditor.with(["serve", "mini-01.json", "--port", "0"], copying: ["puzzles/sudoku-4x4/mini-01.json"], browser: browser) { served in
            let path = served.work.file("mini-01.json").path
            let before = try Self.givens(path)
            #expect(try await served.body("data-kind") == "sudoku")
            let empty = (0..<4).flatMap { r in (0..<4).map { (r, $0) } }.filter { before[$0.0, $0.1] == 0 }
            let first = try #require(empty.first, "the puzzle has an empty cell")

            // The keys, and the cell each one acts on, worked out from the grid: a digit in the
            // first empty cell, → and a digit, ↓ ↓ and Backspace on the given there.
            var expected = Array(repeating: Array(repeating: UInt8(0), count: 4), count: 4)
            for r in 0..<4 { for c in 0..<4 { expected[r][c] = before[r, c] } }
            try await browser.element(#"[data-cell="\#(cellName(first))"]"#).click()
            try await browser.waitUntil("the clicked cell to be selected") {
                try await self.browser.attribute(of: #"[data-cell="\#(cellName(first))"]"#, "aria-selected") == "true"
            }
            /// The smallest digit that repeats nothing in the cell's row and column so far.
            func fitting(_ cell: (Int, Int)) throws -> Int {
                try #require((1...4).first { d in (0..<4).allSatisfy { Int(expected[cell.0][$0]) != d && Int(expected[$0][cell.1]) != d } })
            }
            let digit = try fitting(first)
            try await served.expectingState("typing \(digit)") { try await browser.press(String(digit)) }
            expected[first.0][first.1] = UInt8(digit)

            let right = (first.0, (first.1 + 1) % 4)
            #expect(before[right.0, right.1] == 0, "the cell right of it is empty too")
            let second = try fitting(right)
            try await served.expectingState("→ and \(second)") { try await browser.press(Key.arrowRight, String(second)) }
            expected[right.0][right.1] = UInt8(second)
            #expect(try await browser.attribute(of: #"[data-cell="\#(cellName(right))"]"#, "aria-selected") == "true")

            let down = ((right.0 + 2) % 4, right.1)
            #expect(before[down.0, down.1] != 0, "two cells below it is a given, for Backspace to clear")
            try await served.expectingState("↓ ↓ and Backspace") { try await browser.press(Key.arrowDown, Key.arrowDown, Key.backspace) }
            expected[down.0][down.1] = 0
            #expect(try await browser.attribute(of: #"[data-cell="\#(cellName(down))"]"#, "aria-selected") == "true")

            // The page shows every given as the server has it.
            for r in 0..<4 {
                for c in 0..<4 {
                    let given = try await browser.attribute(of: #"[data-cell="\#(cellName((r, c)))"]"#, "data-given")
                    #expect((given.flatMap(Int.init) ?? 0) == Int(expected[r][c]), "\(cellName((r, c))): \(given ?? "nil")")
                }
            }

            try await served.expectingState("Ctrl-S") { try await browser.perform(Keyboard().down(Key.control).press("s").up(Key.control)) }
            let saved = try Self.givens(path)
            #expect((0..<4).map { r in (0..<4).map { saved[r, $0] } } == expected, "saved \(saved.rowStrings)")
            #expect(saved != before)
        }
    }
}
