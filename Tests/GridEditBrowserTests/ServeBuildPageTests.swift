import BrowserSupport
import Foundation
import GridEditCore
import GridEditGeometry
import GridEditTestSupport
import Testing

/// A designer with nothing but the page: `serve` on an empty folder, a new puzzle from a template
/// in a new pack folder, its details typed in, a Tangram figure built piece by piece with the
/// mouse (select, F, R, drag) or a Sudoku typed cell by cell, Save; then the real
/// `gridedit check` passes on the folder. Every pose the page shows is also worked out by the
/// settling engine in this process (`SettlingModel`), and the figure must come out exactly as
/// the shipped one the test builds towards: input that lands anywhere else fails.
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(4)))
struct ServeBuildPageTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    /// Opens the pack view from the empty page and creates a puzzle from `template`, at `path`
    /// when given (folders are made as needed).
    static func createFromTemplate(_ template: String, path: String?, on served: ServedEditor) async throws {
        #expect(try await served.body("data-kind") == "none")
        try await served.showPack()
        try await choose(template, in: "#new-template", on: served)
        if let path { try await served.browser.element(#"[aria-label="New file, relative to the folder"]"#).sendKeys(path) }
        try await served.expectingState("New from \(template)") {
            try await served.browser.element(#"[aria-label="Create the new puzzle"]"#).click()
        }
        try await served.browser.waitUntil("the pack view to close") { try await !served.browser.element("#pack").isDisplayed() }
    }

    /// Picks `value` in a select as a mouse does: open the list, click the option.
    static func choose(_ value: String, in select: String, on served: ServedEditor) async throws {
        try await served.browser.element(select).click()
        for option in try await served.browser.elements("\(select) option") where try await option.text() == value {
            try await option.click()
            return
        }
        throw LayoutError("\(select) offers no \(value)")
    }

    /// Types the puzzle's name and id into the details panel (Enter commits each).
    static func name(_ name: String, id: String, on served: ServedEditor) async throws {
        for (label, value) in [("Name", name), ("Id", id)] {
            let field = try await served.browser.element(#"#details [aria-label="\#(label)"]"#)
            try await served.browser.execute("document.querySelector('#details [aria-label=\"\(label)\"]').select()")
            try await served.expectingState("the \(label) field") { try await field.sendKeys(value + Key.enter) }
        }
        let meta = try await served.pageState()["document"]?["meta"]
        #expect(meta?["name"]?.string == name && meta?["id"]?.string == id, "\(meta?.compactText ?? "nil")")
    }

    /// A viewport pixel inside `piece` where the page's topmost shape is that piece, so a press
    /// there grabs it and not a neighbour it overlaps: its centroid, or failing that a point
    /// towards one of its corners.
    static func grabPoint(_ piece: TangramPiece, pose: Pose, frame: TangramFrame, on served: ServedEditor) async throws -> PagePoint {
        let centre = TangramFrame.inside(pose)
        var candidates = [centre]
        for t in [0.4, 0.7] {
            for corner in pose.vertices {
                candidates.append((centre.x + t * (corner.x.doubleValue - centre.x), centre.y + t * (corner.y.doubleValue - centre.y)))
            }
        }
        for candidate in candidates {
            let point = frame.pixel(candidate.x, candidate.y)
            let hit = try await served.browser.execute(
                "return document.elementFromPoint(arguments[0], arguments[1])?.dataset?.piece ?? null", [.double(point.x), .double(point.y)])
            if hit.string == piece.rawValue { return point }
        }
        throw LayoutError("no point of \(piece.rawValue) is on top on the page")
    }

    /// Figures with whole, half and √2 coordinates, flipped pieces, pieces meeting edge to edge
    /// and corner to edge.
    @Test("A Tangram built in the page from the template: a shipped figure, exactly, and `gridedit check` passes",
          arguments: ["rectangle", "square", "swan", "cat"])
    func buildATangram(_ figure: String) async throws {
        let target = try savedPoses(GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/tangram-starter/\(figure).json").path)
        try await ServedEditor.with(["serve", "--port", "0"], copying: [], browser: browser) { served in
            try await Self.createFromTemplate("tangram", path: "spring/\(figure).json", on: served)
            #expect(try await served.body("data-kind") == "tangram")
            try await Self.name("My \(figure.capitalized)", id: "my-\(figure)", on: served)

            // The same template, opened by the editor in this process, follows every gesture.
            let template = served.state.file("tangram.json")
            try FileManager.default.copyItem(at: GridEditBinary.repositoryRoot.appendingPathComponent("templates/tangram.json"), to: template)
            let model = try SettlingModel(opening: template.path)

            for goal in target {
                let piece = goal.piece
                let selector = #"[data-piece="\#(piece.rawValue)"]"#
                let frame = try await TangramFrame.read(from: served)
                let grab = try await Self.grabPoint(piece, pose: try model.pose(piece), frame: frame, on: served)
                try await served.browser.perform(Pointer(.mouse).move(to: grab).down().up())
                try await served.browser.waitUntil("\(piece.rawValue) to be selected") {
                    try await served.browser.attribute(of: selector, "data-selected") == "true"
                }
                if try model.pose(piece).flipped != goal.flipped {
                    try await served.expectingState("F on \(piece.rawValue)") { try await served.browser.press("f") }
                    try model.flip(piece)
                }
                var turns = 0
                while try model.pose(piece).rotation != goal.rotation {
                    turns += 1
                    try #require(turns <= 7, "\(piece.rawValue) reaches \(goal.rotation.degrees)° in at most seven turns")
                    try await served.expectingState("R on \(piece.rawValue)") { try await served.browser.press("r") }
                    try model.rotate(piece, by: 45)
                }
                try await ServeTangramPageTests.expectPageAgrees(piece, served: served, model: model)

                // A turn keeps the piece against its neighbours, which may already be its place.
                if try model.pose(piece) == goal { continue }
                // Drag it from where it is to where the shipped figure has it. (The frame is read
                // again: a turn that takes a piece past the play area's edge widens the view.)
                let dragFrame = try await TangramFrame.read(from: served)
                let current = try model.pose(piece)
                let start = try await Self.grabPoint(piece, pose: current, frame: dragFrame, on: served)
                let (from, to) = (TangramFrame.inside(current), TangramFrame.inside(goal))
                let end = start.offset(((to.x - from.x) * dragFrame.pixelsPerUnit).rounded(), ((from.y - to.y) * dragFrame.pixelsPerUnit).rounded())
                try await served.expectingState("dragging \(piece.rawValue)") {
                    // A short way goes out and back, as a hand would: a press that barely moves is a click.
                    if hypot(end.x - start.x, end.y - start.y) < 12 {
                        try await served.browser.perform(Pointer(.mouse).move(to: start).down()
                            .move(to: start.offset(40, 40), duration: .milliseconds(100)).move(to: end, duration: .milliseconds(100)).up())
                    } else {
                        try await served.browser.perform(Pointer(.mouse).drag(from: start, to: end, steps: 10, duration: .milliseconds(200)))
                    }
                }
                let (a, b) = (dragFrame.units(start), dragFrame.units(end))
                try model.drag(piece, dx: b.x - a.x, dy: b.y - a.y)
                try await ServeTangramPageTests.expectPageAgrees(piece, served: served, model: model)
            }
            // The shipped figure, exactly: every pose the same up to one translation of the whole
            // figure, within the grid's snap (the engine puts a figure on the 0.25 grid; some
            // shipped figures sit off it, like the swan at y = 1.75+√2).
            let built = try model.poses
            let shift = built[0].position - target[0].position
            let moved = target.map { Pose(piece: $0.piece, position: $0.position + shift, rotation: $0.rotation, flipped: $0.flipped) }
            #expect(built == moved, "built \(built)\nshipped \(target)")
            #expect(abs(shift.x.doubleValue) <= 0.125 && abs(shift.y.doubleValue) <= 0.125, "the figure moved by \(shift)")

            // The solver's checks run on Validate; the one finding a new figure gets is the
            // difficulty the template left at easy. The designer picks the estimate the finding
            // names in the details, and Validate again finds nothing.
            try await served.expectingState("Validate") { try await served.browser.element(#"[aria-label^="Validate"]"#).click() }
            var estimate = "easy"
            if let finding = try? await served.browser.element(#"#findings [data-rule="tangram.difficulty-mismatch"]"#).text() {
                estimate = String(try #require(finding.firstMatch(of: /the solver estimates (\w+)/)?.1, "\(finding)"))
                try await served.expectingState("Difficulty \(estimate)") { try await Self.choose(estimate, in: "#meta-difficulty", on: served) }
                try await served.expectingState("Validate") { try await served.browser.element(#"[aria-label^="Validate"]"#).click() }
            }
            let findings = try await served.browser.element("#findings").text()
            #expect(findings == "No problems found", "\(findings)")

            try await served.expectingState("Save") { try await served.browser.element(#"[aria-label="Save"]"#).click() }
            let file = served.work.file("spring/\(figure).json").path
            #expect(try savedPoses(file) == built)
            let saved = try PuzzleStore(root: served.work.path).load(file).document.puzzle
            #expect(saved.metadata.name == "My \(figure.capitalized)" && saved.metadata.id == "my-\(figure)" && saved.metadata.difficulty.rawValue == estimate)

            // The puzzle and the pack.json its first save made for the new folder.
            let check = try GridEditBinary.run(["check", "."], in: served.work.url)
            #expect(check.status == 0 && check.stdout.contains("2 passed, 0 failed"), "\(check.stdout)\(check.stderr)")
            #expect(served.process.stderr == "", "\(served.process.stderr)")
        }
    }

    @Test("A Sudoku typed into a blank template: the count goes to one solution, Save as names the file, `gridedit check` passes")
    func buildASudoku() async throws {
        // The givens of a shipped 4×4 (any unique grid would do; this one is known to be).
        let shipped = try ServeSudokuPageTests.givens(GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/sudoku-4x4/mini-01.json").path)
        try await ServedEditor.with(["serve", "--port", "0"], copying: [], browser: browser) { served in
            try await Self.createFromTemplate("sudoku-4x4", path: nil, on: served)
            #expect(try await served.body("data-kind") == "sudoku")
            #expect(try await served.pageState()["document"]?["untitled"]?.bool == true)
            try await Self.name("Morning Mini", id: "morning-mini", on: served)

            // The solver's verdict after each given: several solutions at first, unique once
            // enough are in (this grid has more givens than it needs), and unique from then on.
            let cells = (0..<4).flatMap { r in (0..<4).map { (r, $0) } }.filter { shipped[$0.0, $0.1] != 0 }
            var verdicts: [String] = []
            for cell in cells {
                try await browser.element(#"[data-cell="\#(cellName(cell))"]"#).click()
                try await served.expectingState("typing into \(cellName(cell))") { try await browser.press(String(shipped[cell.0, cell.1])) }
                verdicts.append(try await browser.element("#status").text())
            }
            let unique = verdicts.map { $0 == "solutions: unique" }
            #expect(verdicts.first == "solutions: 2 or more (add givens)" && unique.last == true, "\(verdicts)")
            #expect(unique == unique.sorted { !$0 && $1 }, "once unique, unique from then on: \(verdicts)")
            let findings = try await browser.element("#findings").text()
            #expect(findings == "No problems found", "\(findings)")

            // Save on an untitled puzzle asks for a file, suggesting one from the name.
            try await served.browser.perform(Keyboard().down(Key.control).press("s").up(Key.control))
            let field = try await browser.waitForElement(#"#save-as [aria-label="File name"]"#, timeout: 5)
            #expect(try await field.property("value").string == "morning-mini.json")
            try await browser.execute("document.getElementById('save-as-path').select()")
            try await field.sendKeys("minis/morning-mini.json")
            try await served.expectingState("Save as") { try await browser.element(#"[aria-label="Save to this file"]"#).click() }
            try await browser.waitUntil("the Save as dialog to close") { try await !browser.element("#save-as").isDisplayed() }

            let file = served.work.file("minis/morning-mini.json").path
            let saved = try ServeSudokuPageTests.givens(file)
            #expect(saved == shipped, "saved \(saved.rowStrings)")
            #expect(try await served.pageState()["document"]?["path"]?.string == "minis/morning-mini.json")
            // The puzzle and the pack.json its first save made for the new folder.
            let check = try GridEditBinary.run(["check", "."], in: served.work.url)
            #expect(check.status == 0 && check.stdout.contains("2 passed, 0 failed"), "\(check.stdout)\(check.stderr)")
        }
    }
}
