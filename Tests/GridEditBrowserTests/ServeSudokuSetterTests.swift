import BrowserSupport
import Foundation
import GridEditCore
import GridEditJSON
import GridEditTestSupport
import Testing

/// A setter's session in `gridedit serve`, in chromium, with SudokuPad's keys: published puzzles
/// typed into a blank 9×9 by keyboard and by multi-select, with the panel's tier, score and
/// hardest technique compared with the real `gridedit sudoku grade` of the saved file; marks and
/// colours through undo, redo, a reload and a journal recovery after `kill -9`; paste of a line
/// and of both kinds of link; the "open in" links read back by `gridedit sudoku import`.
///
/// Expected values come from the CLI binary or from the test's own brute force
/// (`BruteForceSudoku`), never from the page's code.
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(8)))
struct ServeSudokuSetterTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    static let sample = "tdoku_puzzles2_17_clue.txt"
    static let hardSample = "norvig_top95.txt"

    /// One published puzzle per tier, picked in a seeded order from the shared sets and graded by
    /// the CLI: easy, medium and hard from the 17-clue list, expert from Norvig's top 95.
    static func puzzlesAcrossTiers() throws -> [(line: String, tier: String)] {
        var generator = SplitMix64(seed: 33)
        var lines = try SharedSudokuData.lines(sample, limit: 400).shuffled(using: &generator).prefix(120).map { $0 }
        lines += try SharedSudokuData.lines(hardSample).shuffled(using: &generator).prefix(20)
        let graded = try GridEditBinary.run(["sudoku", "grade", "-"], input: lines.joined(separator: "\n") + "\n")
        #expect(graded.status == 0, "\(graded.stderr)")
        var picked: [String: String] = [:]
        for (line, grade) in zip(lines, graded.stdout.split(separator: "\n").map(String.init)) {
            let tier = String(grade.split(separator: " ")[0])
            if picked[tier] == nil { picked[tier] = line }
        }
        return ["easy", "medium", "hard", "expert"].compactMap { tier in picked[tier].map { ($0, tier) } }
    }

    @Test("Published puzzles typed into a blank 9×9 (keyboard, then multi-select): the panel's tier, score and hardest equal `gridedit sudoku grade` of the saved file",
          .sharedSudokuData(sample, hardSample))
    func typedPuzzlesGradeAsTheCLI() async throws {
        let puzzles = try Self.puzzlesAcrossTiers()
        #expect(puzzles.count >= 3, "tiers found: \(puzzles.map(\.tier))")
        try await ServedEditor.with(["serve", "--port", "0"], copying: [], browser: browser) { served in
            for (index, puzzle) in puzzles.enumerated() {
                let path = "setter/typed-\(index + 1).json"
                if index == 0 {
                    try await ServeBuildPageTests.createFromTemplate("sudoku-9x9", path: path, on: served)
                } else {
                    try await served.showPack()
                    try await ServeBuildPageTests.choose("sudoku-9x9", in: "#new-template", on: served)
                    let field = try await browser.element(#"[aria-label="New file, relative to the folder"]"#)
                    try await browser.execute("document.getElementById('new-path').value = ''")
                    try await field.sendKeys(path)
                    try await served.expectingState("New \(path)") { try await browser.element(#"[aria-label="Create the new puzzle"]"#).click() }
                    try await browser.waitUntil("the pack view to close") { try await !browser.element("#pack").isDisplayed() }
                }
                let grid = try SudokuGrid(line: puzzle.line)
                if index % 2 == 0 {
                    try await Self.typeByKeyboard(grid, on: served)
                } else {
                    try await Self.typeByMultiSelect(grid, on: served)
                }
                // The page shows exactly the givens typed.
                let shown = try await browser.execute("return [...document.querySelectorAll('[data-cell]')].map((c) => c.dataset.given === '0' ? '.' : c.dataset.given).join('')").string
                #expect(shown == grid.line, "\(path): the page shows \(shown ?? "nil")")
                try await served.expectingState("Ctrl-S") { try await browser.perform(Keyboard().down(Key.control).press("s").up(Key.control)) }
                let panel = try await Self.readyPanel(on: served)

                let graded = try GridEditBinary.run(["sudoku", "grade", path], in: served.work.url)
                #expect(graded.status == 0, "\(graded.stderr)")
                // `setter/typed-1.json: hard x-wing 61 1240 (file says easy)`
                let fields = try #require(Self.gradeFields(graded.stdout))
                #expect(panel["tier"] == fields[0], "\(path): page \(panel), CLI \(graded.stdout)")
                #expect(panel["hardest"] == fields[1], "\(path): page \(panel), CLI \(graded.stdout)")
                #expect(panel["steps"] == fields[2], "\(path): page \(panel), CLI \(graded.stdout)")
                #expect(panel["score"] == fields[3], "\(path): page \(panel), CLI \(graded.stdout)")
                #expect(panel["solutions"] == "1")
                #expect(fields[0] == puzzle.tier)
            }
        }
    }

    /// Clicks r1c1, then walks the grid in reading order with the arrow keys (Right along a row,
    /// Down and Left back at its end) typing each given's digit.
    static func typeByKeyboard(_ grid: SudokuGrid, on served: ServedEditor) async throws {
        let browser = served.browser
        try await browser.element(#"[data-cell="r1c1"]"#).click()
        var keys: [String] = []
        for r in 0..<9 {
            let columns = r % 2 == 0 ? Array(0..<9) : Array((0..<9).reversed())
            for (k, c) in columns.enumerated() {
                if grid[r, c] != 0 { keys.append(String(grid[r, c])) }
                if k < 8 { keys.append(r % 2 == 0 ? Key.arrowRight : Key.arrowLeft) }
            }
            if r < 8 { keys.append(Key.arrowDown) }
        }
        let before = try await served.stateVersion
        var keyboard = Keyboard()
        for key in keys { keyboard = keyboard.press(key) }
        try await browser.perform(keyboard)
        let givens = grid.cells.filter { $0 != 0 }.count
        try await browser.waitUntil("all \(givens) givens typed", timeout: 60) {
            let count = try await browser.execute("return window.gridedit.state.cells.filter((c) => c.given).length").int
            return count == givens
        }
        try await served.waitForState(after: before, "typing the givens", timeout: 90)
    }

    /// For each digit: a click on its first cell and Ctrl-clicks on the others, then the digit
    /// once: every cell of the selection becomes that given in one edit.
    static func typeByMultiSelect(_ grid: SudokuGrid, on served: ServedEditor) async throws {
        let browser = served.browser
        for digit in 1...9 {
            let cells = grid.cells.indices.filter { grid.cells[$0] == UInt8(digit) }.map { "r\($0 / 9 + 1)c\($0 % 9 + 1)" }
            guard let first = cells.first else { continue }
            try await browser.element(#"[data-cell="\#(first)"]"#).click()
            for cell in cells.dropFirst() {
                let point = try await browser.element(#"[data-cell="\#(cell)"]"#).rect().center
                try await browser.perform([Keyboard().down(Key.control), Pointer(.mouse).move(to: point).down().up()])
                try await browser.perform(Keyboard().up(Key.control))
            }
            let selection = try await served.body("data-selection")?.split(separator: " ").map(String.init) ?? []
            #expect(Set(selection) == Set(cells), "digit \(digit): selected \(selection), wanted \(cells)")
            let before = try await served.stateVersion
            try await browser.press(String(digit))
            try await served.waitForState(after: before, "digit \(digit) on \(cells.count) cells", timeout: 90)
            let label = try await served.pageState()["document"]?["undo"]?.string
            #expect(label == "given \(cells.count <= 3 ? cells.joined(separator: ", ") : "\(cells.count) cells") = \(digit)", "one edit: \(label ?? "nil")")
        }
    }

    /// The words after the colon of `gridedit sudoku grade`'s first line. (Written out step by
    /// step: as one optional chain inside `#require` it took the compiler 5.7 s to type-check.)
    static func gradeFields(_ stdout: String) -> [String]? {
        guard let first: Substring = stdout.split(separator: "\n").first,
              let afterColon: Substring = first.split(separator: ":").last else { return nil }
        return afterColon.split(separator: " ").map { String($0) }
    }

    /// The panel once its analysis is ready: each number by its data-* name.
    static func readyPanel(on served: ServedEditor) async throws -> [String: String] {
        try await served.browser.waitUntil("the analysis panel to be ready", timeout: 120) {
            try await served.browser.attribute(of: "#analysis", "data-analysis") == "ready"
        }
        let node = try await served.browser.execute("return {...document.getElementById('analysis').dataset}")
        var panel: [String: String] = [:]
        for key in ["solutions", "tier", "score", "hardest", "steps", "symmetry", "redundant", "givens", "suggested"] {
            if let value = node[key]?.string { panel[key] = value }
        }
        return panel
    }

    // MARK: marks

    @Test("Corner and centre marks and colours: drag-select, Shift/Alt digits and colour mode; they survive undo/redo, a reload and a recovery after kill -9, and never reach the file")
    func marksSurvive() async throws {
        try await ServedEditor.with(["serve", "classic-01.json", "--port", "0"], copying: ["puzzles/sudoku-9x9/classic-01.json"], browser: browser) { served in
            let file = served.work.file("classic-01.json").path
            let original = try String(contentsOfFile: file, encoding: .utf8)
            let state = try await served.pageState()
            let empty = (state["cells"]?.array ?? []).filter { $0["given"]?.int == 0 }.compactMap { $0["cell"]?.string }
            // Three empty cells of one row, dragged over with the mouse.
            func free(_ r: Int, _ columns: [Int]) -> Bool { columns.allSatisfy { empty.contains("r\(r)c\($0)") } }
            let spans = (1...9).flatMap { r in [[1, 2, 3], [4, 5, 6], [7, 8, 9]].map { (r, $0) } }
            let (row, columns) = try #require(spans.first { free($0.0, $0.1) })
            let cells = columns.map { "r\(row)c\($0)" }
            let start = try await browser.element(#"[data-cell="\#(cells[0])"]"#).rect().center
            let end = try await browser.element(#"[data-cell="\#(cells[2])"]"#).rect().center
            try await browser.perform(Pointer(.mouse).drag(from: start, to: end, steps: 12))
            #expect(try await served.body("data-selection")?.split(separator: " ").map(String.init).sorted() == cells.sorted())

            try await served.expectingState("Shift-4") { try await browser.perform(Keyboard().down(Key.shift).press("4").up(Key.shift)) }
            try await served.expectingState("Shift-7") { try await browser.perform(Keyboard().down(Key.shift).press("7").up(Key.shift)) }
            try await served.expectingState("Alt-2") { try await browser.perform(Keyboard().down(Key.alt).press("2").up(Key.alt)) }
            try await served.expectingState("V, 3") { try await browser.press("v", "3") }
            #expect(try await browser.attribute(of: "#sudoku-tools", "data-entry-mode") == "colour")
            let expected = ["corner": "4 7", "centre": "2", "colours": "3"]
            try await expectMarks(cells, expected)

            // One edit each: undo takes the colour back, redo restores it.
            try await served.expectingState("Ctrl-Z") { try await browser.perform(Keyboard().down(Key.control).press("z").up(Key.control)) }
            try await expectMarks(cells, ["corner": "4 7", "centre": "2", "colours": nil])
            try await served.expectingState("Ctrl-Y") { try await browser.perform(Keyboard().down(Key.control).press("y").up(Key.control)) }
            try await expectMarks(cells, expected)

            // Shift-4 again on all three takes it out of all (SudokuPad's toggle).
            try await served.expectingState("Z, Shift-4") { try await browser.perform(Keyboard().press("z").down(Key.shift).press("4").up(Key.shift)) }
            try await expectMarks(cells, ["corner": "7", "centre": "2", "colours": "3"])
            let now = ["corner": "7", "centre": "2", "colours": "3"]

            try await served.load()
            try await expectMarks(cells, now)
            let edits = try await served.pageState()["document"]?["edits"]?.int
            #expect(try await browser.attribute(of: "#caption", "data-edits") == edits.map(String.init), "the caption's number")

            // kill -9: the journal has every mark; the next session recovers them.
            served.process.signal(SIGKILL)
            _ = try await served.process.waitForExit(seconds: 10)
            #expect(try String(contentsOfFile: file, encoding: .utf8) == original, "marks never reach the puzzle file")
            try await ServedEditor.with(["edit", "--serve", "--port", "0"], copying: [], browser: browser,
                                        folders: (served.work, served.state)) { again in
                let mark = again.process.stdout.count
                try await again.expectingState("recover") { again.process.type("open --recover classic-01.json") }
                _ = try await again.process.waitForOutput("recovered", after: mark)
                try await self.expectMarks(cells, now)
                again.process.type("quit --force")
                _ = try? await again.process.waitForExit(seconds: 20)
            }
        }
    }

    func expectMarks(_ cells: [String], _ expected: [String: String?]) async throws {
        for cell in cells {
            let element = try await browser.element(#"[data-cell="\#(cell)"]"#)
            for (layer, value) in expected {
                let shown = try await element.attribute("data-\(layer)")
                #expect(shown == value, "\(cell) \(layer): \(shown ?? "none"), wanted \(value ?? "none")")
            }
        }
    }

    // MARK: conflicts and paste

    @Test("A digit that repeats a given is red on the board; paste of a line, an f-puzzles link and a SudokuPad link fills the grid; the open-in links import back")
    func conflictsPasteAndLinks() async throws {
        try await ServedEditor.with(["serve", "classic-01.json", "--port", "0"], copying: ["puzzles/sudoku-9x9/classic-01.json"], browser: browser) { served in
            let state = try await served.pageState()
            let cells = state["cells"]?.array ?? []
            // An empty cell and a digit a given of its row already holds.
            func conflicting(_ c: JSONNode) -> (String, Int)? {
                guard c["given"]?.int == 0, let name = c["cell"]?.string else { return nil }
                let row = String(name.split(separator: "c")[0]) + "c"
                for other in cells {
                    guard let otherName = other["cell"]?.string, otherName.hasPrefix(row), let given = other["given"]?.int, given != 0 else { continue }
                    return (name, given)
                }
                return nil
            }
            let found = cells.compactMap { conflicting($0) }.first
            let (cell, digit) = try #require(found)
            try await browser.element(#"[data-cell="\#(cell)"]"#).click()
            try await served.expectingState("a conflicting given") { try await browser.press(String(digit)) }
            #expect(try await browser.attribute(of: #"[data-cell="\#(cell)"]"#, "data-conflict") == "true")
            let red = try await browser.execute("return getComputedStyle(document.querySelector('#overlay text.digit.conflict')).fill").string
            #expect(red == "rgb(200, 30, 30)", "\(red ?? "nil")")
            try await served.expectingState("Backspace") { try await browser.press(Key.backspace) }
            #expect(try await browser.attribute(of: #"[data-cell="\#(cell)"]"#, "data-conflict") == nil)

            // The links the page offers, read back by the CLI.
            let pad = try #require(try await browser.attribute(of: "#open-sudokupad", "href"))
            let fp = try #require(try await browser.attribute(of: "#open-fpuzzles", "href"))
            #expect(pad.hasPrefix("https://sudokupad.app/") && fp.hasPrefix("https://www.f-puzzles.com/?load="))
            let givens = try ServeSudokuPageTests.givens(served.work.file("classic-01.json").path)
            for (name, link) in [("pad", pad), ("fp", fp)] {
                let out = try GridEditBinary.run(["sudoku", "import", link, "-o", "imported-\(name)"], in: served.work.url)
                #expect(out.status == 0, "\(out.stderr)")
                let files = try FileManager.default.contentsOfDirectory(atPath: served.work.file("imported-\(name)").path).filter { $0 != "pack.json" }
                let imported = try ServeSudokuPageTests.givens(served.work.file("imported-\(name)/\(try #require(files.first))").path)
                #expect(imported == givens, "\(name) link round trip")
            }

            // Paste: a line, then an f-puzzles link, then a SudokuPad link, each through Ctrl-V.
            var generator = SplitMix64(seed: 9)
            let lines = try SharedSudokuData.lines(Self.hardSample).shuffled(using: &generator).prefix(3).map { $0 }
            let links = [lines[0], try Self.link(lines[1], format: .fpuzzles), try Self.link(lines[2], format: .sudokupad)]
            for (text, line) in zip(links, lines) {
                try await served.expectingState("Ctrl-V of \(text.prefix(40))") { try await self.pasteWithKeyboard(text) }
                let shown = try await browser.execute("return [...document.querySelectorAll('[data-cell]')].map((c) => c.dataset.given === '0' ? '.' : c.dataset.given).join('')").string
                #expect(shown == line, "pasted \(text.prefix(40))…: \(shown ?? "nil")")
            }
            // One edit: undo brings the previous puzzle back.
            try await served.expectingState("Ctrl-Z") { try await browser.perform(Keyboard().down(Key.control).press("z").up(Key.control)) }
            let back = try await browser.execute("return [...document.querySelectorAll('[data-cell]')].map((c) => c.dataset.given === '0' ? '.' : c.dataset.given).join('')").string
            #expect(back == lines[1])
        }
    }

    @Test("On the board: every cell's data-true-candidates equals the brute force's over all solutions of a pasted multi-solution grid; data-redundant marks exactly the removable givens",
          .sharedSudokuData("tdoku_puzzles7_serg_benchmark.txt"))
    func trueCandidatesAndRedundantOnTheBoard() async throws {
        var generator = SplitMix64(seed: 34)
        let lines = try SharedSudokuData.lines("tdoku_puzzles7_serg_benchmark.txt", limit: 500).shuffled(using: &generator)
        let few = lines.first { (BruteForceSudoku($0)?.count(limit: 300) ?? 300) < 300 }
        let line = try #require(few)
        let solutions = try #require(BruteForceSudoku(line)).solutions(limit: 300)
        try await ServedEditor.with(["serve", "classic-01.json", "--port", "0"], copying: ["puzzles/sudoku-9x9/classic-01.json"], browser: browser) { served in
            // The shipped puzzle first: its redundant givens.
            _ = try await Self.readyPanel(on: served)
            let givens = try ServeSudokuPageTests.givens(served.work.file("classic-01.json").path).line
            for (i, c) in givens.enumerated() where c != "." {
                var without = Array(givens)
                without[i] = "."
                let removable = try #require(BruteForceSudoku(String(without))).count(limit: 2) == 1
                let cell = "r\(i / 9 + 1)c\(i % 9 + 1)"
                #expect(try await browser.attribute(of: #"[data-cell="\#(cell)"]"#, "data-redundant") == (removable ? "true" : nil), "\(cell)")
            }
            // A grid with several solutions, pasted with Ctrl-V; True candidates on.
            try await served.expectingState("Ctrl-V") { try await self.pasteWithKeyboard(line) }
            let panel = try await Self.readyPanel(on: served)
            #expect(panel["solutions"] == String(solutions.count))
            try await browser.element(#"[aria-label="Show true candidates (digits some solution has)"]"#).click()
            let shown = try await browser.execute("""
                return [...document.querySelectorAll('[data-cell]')].map((c) => [c.dataset.cell, c.dataset.trueCandidates || ''])
                """)
            var checked = 0
            for item in shown.array ?? [] {
                guard let cell = item.array?[0].string, let text = item.array?[1].string else { continue }
                let rc = cell.dropFirst().split(separator: "c").compactMap { Int($0) }
                let i = (rc[0] - 1) * 9 + rc[1] - 1
                guard line[line.index(line.startIndex, offsetBy: i)] == "." else { continue }
                let expected = Set(solutions.map { $0[i] }).sorted().map(String.init).joined(separator: " ")
                #expect(text == expected, "\(cell): page \(text), brute force \(expected)")
                checked += 1
            }
            #expect(checked == line.filter { $0 == "." }.count)
            #expect(try await browser.elements("#overlay .candidate").count > 0, "the true candidates are drawn")
        }
    }

    static func link(_ line: String, format: SudokuLinkFormat) throws -> String {
        SudokuLinks.link(for: SudokuLinkContent(givens: try SudokuGrid(line: line)), format: format)
    }

    /// Puts `text` on the clipboard as a user does (typed into a field, selected, Ctrl-C), then
    /// focuses the board and presses Ctrl-V.
    func pasteWithKeyboard(_ text: String) async throws {
        try await browser.execute("""
            const t = document.createElement('textarea'); t.id = 'test-clipboard'; t.style.position = 'fixed'; t.style.top = '0';
            document.body.appendChild(t); t.value = arguments[0]; t.focus(); t.select();
            """, [.string(text)])
        try await browser.perform(Keyboard().down(Key.control).press("c").up(Key.control))
        try await browser.execute("document.getElementById('test-clipboard').remove(); document.getElementById('overlay').focus()")
        try await browser.perform(Keyboard().down(Key.control).press("v").up(Key.control))
    }
}
