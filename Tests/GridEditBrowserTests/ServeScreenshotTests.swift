import BrowserSupport
import Foundation
import GridEditCore
import GridEditTestSupport
import Testing

/// The serve page at fixed states, against committed references (Tests/Fixtures/browser/serve):
/// the pack view, a tangram after a drop with the piece selected, a sudoku with digits typed and
/// candidates shown. Every state is reached by input alone, from a fixed clock and fixed files,
/// and the page shows no time, port or temporary path, so the pixels are the same on every run.
///
/// With GRIDEDIT_UPDATE_SCREENSHOTS=1 the references are rewritten, and the tangram and sudoku
/// ones are also copied to docs/images (the pictures README.md and docs/serve.md show).
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(3)))
struct ServeScreenshotTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    static var references: ScreenshotReferences { ScreenshotReferences(folder: Fixture.folder.appendingPathComponent("serve")) }

    /// Checks the viewport against reference `name`; when updating and `docsImage` is given,
    /// copies the new reference there too.
    static func check(_ served: ServedEditor, named name: String, docsImage: String? = nil, parkingTheMouse: Bool = true) async throws {
        try await settle(served, parkingTheMouse: parkingTheMouse)
        try record(try await served.browser.screenshot(), named: name, docsImage: docsImage)
    }

    /// Checks one element's picture (a panel) against reference `name`, as ``check`` does the viewport.
    static func checkElement(_ served: ServedEditor, _ selector: String, named name: String, docsImage: String) async throws {
        try await settle(served, parkingTheMouse: true)
        // All of it in the viewport: a screenshot of an element is cut at the viewport's edge.
        try await served.browser.execute("document.querySelector(arguments[0]).scrollIntoView({block: 'start'})", [.string(selector)])
        try record(try await served.browser.element(selector).screenshot(), named: name, docsImage: docsImage)
    }

    /// Every picture loaded; the page's focus ring and the mouse's hover, which would differ with
    /// the last input, parked (not the mouse in the middle of a drag).
    static func settle(_ served: ServedEditor, parkingTheMouse: Bool) async throws {
        try await served.waitForPictures()
        try await served.browser.execute("document.activeElement?.blur()")
        if parkingTheMouse { try await served.browser.perform(Pointer(.mouse).move(to: PagePoint(1, 1))) }
    }

    /// Compares against the reference; when updating and `docsImage` is given, copies the new reference there too.
    static func record(_ png: Data, named name: String, docsImage: String?) throws {
        try references.check(png, named: name)
        if references.updating, let docsImage {
            let target = GridEditBinary.repositoryRoot.appendingPathComponent(docsImage)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: references.referenceFile(name), to: target)
            print("note: refreshed \(target.path)")
        }
    }

    @Test("The pack view: the folder's puzzles as cards, grouped by folder")
    func packView() async throws {
        try await ServedEditor.with(["serve", ".", "--port", "0"], copying: ["puzzles/tangram-starter", "puzzles/sudoku-4x4"],
                                    browser: browser) { served in
            try await browser.waitUntil("serving a folder to open on its puzzles", timeout: 10) {
                try await browser.execute("return document.getElementById('pack').open").bool == true
            }
            try await served.showPack()
            _ = try await browser.waitForElement(#"#cards [data-path="tangram-starter/square.json"]"#, timeout: 10)
            let cards = try await browser.elements("#cards .card")
            #expect(cards.count == 6 + 13, "every puzzle of both packs has a card")
            try await Self.check(served, named: "serve-pack")
        }
    }

    @Test("A tangram after a mouse drop, the dropped piece selected")
    func tangramAfterADrop() async throws {
        try await ServedEditor.with(["serve", "square.json", "--port", "0"], copying: ["puzzles/tangram-starter/square.json"],
                                    browser: browser) { served in
            let model = try SettlingModel(opening: served.work.file("square.json").path)
            // The square pulled out of the figure, up and to the right, so the hole shows.
            let unit = try await TangramFrame.read(from: served).pixelsPerUnit.rounded()
            try await ServeTangramPageTests.drag(.square, byPixels: 2 * unit, -2 * unit, with: .mouse, on: served, model: model)
            try await browser.element(#"[data-piece="square"]"#).click()
            try await browser.waitUntil("the square to be selected") {
                try await self.browser.attribute(of: #"[data-piece="square"]"#, "data-selected") == "true"
            }
            try await Self.check(served, named: "serve-tangram", docsImage: "docs/images/serve-tangram.png")
        }
    }

    @Test("A tangram mid-drag: the piece under the pointer and the dashed ghost where it will land")
    func tangramMidDrag() async throws {
        try await ServedEditor.with(["serve", "square.json", "--port", "0"], copying: ["puzzles/tangram-starter/square.json"],
                                    browser: browser) { served in
            let model = try SettlingModel(opening: served.work.file("square.json").path)
            let unit = try await TangramFrame.read(from: served).pixelsPerUnit
            try await ServeTangramPageTests.hold(.square, byPixels: (2.1 * unit).rounded(), -(1.9 * unit).rounded(), on: served, model: model)
            try await Self.check(served, named: "serve-tangram-drag", docsImage: "docs/images/serve-tangram-drag.png", parkingTheMouse: false)
            try await ServeTangramPageTests.release(on: served)
        }
    }

    @Test("A 9×9 sudoku with a given typed, a cell selected and the candidates shown")
    func sudokuWithDigits() async throws {
        try await ServedEditor.with(["serve", "classic-01.json", "--port", "0"], copying: ["puzzles/sudoku-9x9/classic-01.json"],
                                    browser: browser) { served in
            // The overlay is redrawn on every click, so the cell is found again by name.
            let empty = try #require(try await browser.elements(#"[data-cell][data-given="0"]"#).first)
            let name = try #require(try await empty.attribute("data-cell"))
            let digit = try Self.solutionDigit(of: name, in: served.work.file("classic-01.json").path)
            try await empty.click()
            try await browser.waitUntil("\(name) to be selected") {
                try await self.browser.attribute(of: #"[data-cell="\#(name)"]"#, "aria-selected") == "true"
            }
            try await served.expectingState("a candidate typed") { try await browser.press(digit) }
            try await browser.element(#"[aria-label="Show candidates"]"#).click()
            try await browser.waitUntil("the candidates to show") { try await !self.browser.elements("#overlay .candidate").isEmpty }
            try await Self.check(served, named: "serve-sudoku", docsImage: "docs/images/serve-sudoku.png")
        }
    }

    @Test("A setter's session: marks and colours, a conflict in red, the setter's panel, and an explanation step on the board")
    func sudokuSetter() async throws {
        try await ServedEditor.with(["serve", "classic-01.json", "--port", "0"], copying: ["puzzles/sudoku-9x9/classic-01.json"],
                                    browser: browser) { served in
            let state = try await served.pageState()
            let empty = (state["cells"]?.array ?? []).filter { $0["given"]?.int == 0 }.compactMap { $0["cell"]?.string }
            try #require(empty.count > 12)
            // Working grid: a digit that repeats a given of its row (red), then marks by Shift/Alt and colours.
            try await browser.element(#"[aria-label="Digits go into the working grid"]"#).click()
            let row = try #require(empty.first.map { String($0.split(separator: "c")[0]) })
            let cells = state["cells"]?.array ?? []
            let given = try #require(cells.first { $0["cell"]?.string?.hasPrefix(row + "c") == true && ($0["given"]?.int ?? 0) != 0 }?["given"]?.int)
            try await browser.element(#"[data-cell="\#(empty[0])"]"#).click()
            try await served.expectingState("a conflicting digit") { try await browser.press(String(given)) }
            try await browser.element(#"[data-cell="\#(empty[1])"]"#).click()
            for cell in empty[2...3] {
                let point = try await browser.element(#"[data-cell="\#(cell)"]"#).rect().center
                try await browser.perform([Keyboard().down(Key.control), Pointer(.mouse).move(to: point).down().up()])
                try await browser.perform(Keyboard().up(Key.control))
            }
            for digit in ["1", "5"] {
                try await served.expectingState("Shift-\(digit)") { try await browser.perform(Keyboard().down(Key.shift).press(digit).up(Key.shift)) }
            }
            try await browser.element(#"[data-cell="\#(empty[4])"]"#).click()
            try await served.expectingState("Alt-3") { try await browser.perform(Keyboard().down(Key.alt).press("3").up(Key.alt)) }
            try await served.expectingState("Alt-8") { try await browser.perform(Keyboard().down(Key.alt).press("8").up(Key.alt)) }
            try await browser.element(#"[data-cell="\#(empty[5])"]"#).click()
            try await served.expectingState("V, 4") { try await browser.press("v", "4") }
            try await browser.element(#"[data-cell="\#(empty[6])"]"#).click()
            try await served.expectingState("Z, 6") { try await browser.press("z", "6") }
            try await browser.waitUntil("the analysis", timeout: 30) {
                try await self.browser.attribute(of: "#analysis", "data-analysis") == "ready"
            }
            // The explanation's third step on the board.
            for _ in 0..<3 { try await browser.element("#step-next").click() }
            try await browser.waitUntil("step 3 shown") { try await self.browser.attribute(of: "#step-label", "data-step") == "3" }
            try await Self.check(served, named: "serve-sudoku-setter", docsImage: "docs/images/serve-sudoku-setter.png")
            try await Self.checkElement(served, "#analysis", named: "serve-sudoku-panel", docsImage: "docs/images/serve-sudoku-panel.png")
        }
    }

    @Test("The verifier on the board: the house's second distinct solution drawn over it, and the panel with its numbers")
    func analysisPanel() async throws {
        try await ServedEditor.with(["serve", "house.json", "--port", "0"], copying: ["puzzles/tangram-starter/house.json"],
                                    browser: browser) { served in
            try await browser.waitUntil("the analysis", timeout: 15) {
                try await self.browser.attribute(of: "#analysis", "data-analysis") == "ready"
            }
            #expect(try await browser.attribute(of: "#analysis", "data-distinct-solutions") == "9")
            // The page's own stepper (no edit, no new state): hidden at first, then the first, then the second.
            try await browser.element("#alternative-next").click()
            try await browser.element("#alternative-next").click()
            try await browser.waitUntil("the second solution shown") {
                try await self.browser.attribute(of: "#alternative-label", "data-alternative") == "2"
            }
            try await Self.check(served, named: "serve-analysis-board", docsImage: "docs/images/serve-analysis-board.png")
            try await Self.checkElement(served, "#analysis", named: "serve-analysis", docsImage: "docs/images/serve-analysis.png")
        }
    }

    @Test("The child's view: the outline hint as the renderer draws it, in place of the board")
    func childView() async throws {
        try await ServedEditor.with(["serve", "swan.json", "--port", "0"], copying: ["puzzles/tangram-starter/swan.json"],
                                    browser: browser) { served in
            try await browser.element(#"#view-switch [data-view="outline"]"#).click()
            try await browser.waitUntil("the outline view") { try await served.body("data-view") == "outline" }
            try await Self.check(served, named: "serve-child-view", docsImage: "docs/images/serve-child-view.png")
        }
    }

    @Test("The tray: three pieces taken off the cat wait beside the board, one turned there")
    func tray() async throws {
        try await ServedEditor.with(["serve", "cat.json", "--port", "0"], copying: ["puzzles/tangram-starter/cat.json"],
                                    browser: browser) { served in
            for piece in ["square", "small-2", "parallelogram"] {
                try await served.expectingState("remove \(piece)") {
                    try await browser.execute("window.gridedit.run(arguments[0])", [.string("remove \(piece)")])
                }
            }
            try await browser.element(#"#tray [data-tray-piece="parallelogram"]"#).click()
            try await browser.press("r")
            try await browser.waitUntil("the tray's parallelogram turned") {
                try await self.browser.attribute(of: #"#tray [data-tray-piece="parallelogram"]"#, "data-rotation") != "135"
            }
            try await Self.check(served, named: "serve-tray", docsImage: "docs/images/serve-tray.png")
        }
    }

    @Test("Problems on the board: two overlapping pieces hatched, the finding chosen and its pieces highlighted")
    func overlap() async throws {
        try await ServedEditor.with(["serve", "cat.json", "--port", "0"], copying: ["puzzles/tangram-starter/cat.json"],
                                    browser: browser) { served in
            try await served.expectingState("nudge small-1") {
                try await browser.execute("window.gridedit.run(arguments[0])", [.string("nudge small-1 0.5 0")])
            }
            let finding = try await browser.waitForElement(#"#findings [data-rule="tangram.overlap"]"#, timeout: 10)
            try await finding.click()
            try await browser.waitUntil("the finding's pieces highlighted") { (try await served.body("data-highlighted") ?? "") != "" }
            try await Self.check(served, named: "serve-overlap", docsImage: "docs/images/serve-overlap.png")
        }
    }

    /// The digit the puzzle's stored solution has in `cell` (`r1c2`), so the typed given keeps
    /// the puzzle solvable and the picture shows a sound status.
    static func solutionDigit(of cell: String, in path: String) throws -> String {
        let loaded = try PuzzleStore(root: (path as NSString).deletingLastPathComponent).load(path)
        let sudoku = try #require(loaded.document.puzzle as? SudokuPuzzle)
        let solution = try #require(sudoku.solution, "\(path) stores its solution")
        let parts = cell.dropFirst().split(separator: "c").compactMap { Int($0) }
        return String(solution[parts[0] - 1, parts[1] - 1])
    }
}
