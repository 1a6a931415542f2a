import BrowserSupport
import Foundation
import GridEditCore
import GridEditGeometry
import GridEditTestSupport
import Testing

/// The tangram editor of `gridedit serve` driven in chromium as a designer drives it: a card of
/// the pack view opens the puzzle, the mouse and a finger drag the square, a key and the wheel
/// turn it, Save writes it. Every expected pose comes from `SettlingModel`, the same gestures
/// applied to the same file by the editor in this process.
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(3)))
struct ServeTangramPageTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    static let pack = "puzzles/tangram-starter"

    /// Drags `piece` from a point inside it by (dx, dy) whole pixels with `kind`, applies the
    /// same drag (in the units the page sends) to the model, and waits for the server's state.
    static func drag(_ piece: TangramPiece, byPixels dx: Double, _ dy: Double, with kind: Pointer.Kind,
                     on served: ServedEditor, model: SettlingModel) async throws {
        let frame = try await TangramFrame.read(from: served)
        let inside = TangramFrame.inside(try model.pose(piece))
        let start = frame.pixel(inside.x, inside.y), end = start.offset(dx, dy)
        try await served.expectingState("a \(kind) drag of \(piece.rawValue)") {
            try await served.browser.perform(Pointer(kind).drag(from: start, to: end, steps: 8, duration: .milliseconds(160)))
        }
        let (from, to) = (frame.units(start), frame.units(end))
        try model.drag(piece, dx: to.x - from.x, dy: to.y - from.y)
    }

    /// Presses `piece` with the mouse and moves it by (dx, dy) whole pixels without letting go,
    /// then waits until the page has drawn the ghost for that last position (no ghost request
    /// waiting or in flight). The button stays down until ``release(on:)``. (The mouse, because
    /// chromedriver lifts a touch at the end of each action sequence.)
    static func hold(_ piece: TangramPiece, byPixels dx: Double, _ dy: Double, on served: ServedEditor, model: SettlingModel) async throws {
        let frame = try await TangramFrame.read(from: served)
        let inside = TangramFrame.inside(try model.pose(piece))
        let start = frame.pixel(inside.x, inside.y)
        var mouse = Pointer(.mouse).move(to: start).down()
        for step in 1...8 { mouse = mouse.move(to: start.offset(dx * Double(step) / 8, dy * Double(step) / 8), duration: .milliseconds(20)) }
        try await served.browser.perform([mouse], holding: true)
        try await served.browser.waitUntil("the ghost of \(piece.rawValue) for the pointer's last position", timeout: 10) {
            try await served.browser.execute("""
                const t = window.gridedit.tangram;
                return !!document.querySelector('#overlay .ghost') && !t.ghostBusy && t.ghostWanted == null
                """).bool == true
        }
    }

    /// Lets go of the button ``hold`` pressed; waits for the drop's state.
    static func release(on served: ServedEditor) async throws {
        try await served.expectingState("the drop") { try await served.browser.perform(Pointer(.mouse).up()) }
    }

    /// The corners of a polygon of the overlay, in SVG units.
    static func corners(_ selector: String, on served: ServedEditor) async throws -> [[Double]] {
        let points = try await served.browser.attribute(of: selector, "points") ?? ""
        return points.split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } }
    }

    @Test("While a piece is dragged, the ghost shows exactly where it lands")
    func ghostShowsTheLanding() async throws {
        try await ServedEditor.with(["serve", "square.json", "--port", "0"], copying: [Self.pack + "/square.json"], browser: browser) { served in
            let model = try SettlingModel(opening: served.work.file("square.json").path)
            let before = try await Self.corners(#"[data-piece="small-1"]"#, on: served)
            // Up and right by a little over two units: the piece leaves the figure and snaps.
            let unit = try await TangramFrame.read(from: served).pixelsPerUnit
            try await Self.hold(.small1, byPixels: (2.1 * unit).rounded(), -(1.93 * unit).rounded(), on: served, model: model)
            let ghost = try await Self.corners(#"#overlay [data-ghost="small-1"]"#, on: served)
            #expect(try await served.browser.attribute(of: #"[data-piece="small-1"]"#, "class")?.contains("dragging") == true)
            try await Self.release(on: served)
            let landed = try await Self.corners(#"[data-piece="small-1"]"#, on: served)
            #expect(landed != before, "the piece moved")
            #expect(ghost.count == landed.count && zip(ghost, landed).allSatisfy { g, l in zip(g, l).allSatisfy { abs($0 - $1) < 0.01 } },
                    "ghost \(ghost), landed \(landed)")
            #expect(try await served.browser.elements("#overlay .ghost").isEmpty, "the ghost is gone after the drop")
        }
    }

    /// The page lists exactly the model's pose for `piece` (exact coordinates, rotation).
    static func expectPageAgrees(_ piece: TangramPiece, served: ServedEditor, model: SettlingModel,
                                 sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let shown = try pagePiece(piece.rawValue, in: try await served.pageState())
        let expected = try model.pose(piece)
        #expect(shown.x == expected.position.x.description && shown.y == expected.position.y.description
                && shown.rotation == expected.rotation.degrees, "page \(shown), engine \(expected)", sourceLocation: sourceLocation)
        let polygon = try await served.browser.element(#"[data-piece="\#(piece.rawValue)"]"#)
        #expect(try await polygon.attribute("data-rotation") == String(expected.rotation.degrees), sourceLocation: sourceLocation)
    }

    @Test("Mouse and touch drags, a key turn and a wheel turn, then Save: the file holds the settling engine's poses")
    func dragTurnAndSave() async throws {
        try await ServedEditor.with(["serve", "tangram-starter", "--port", "0"], copying: [Self.pack], browser: browser) { served in
            try await served.openFromPack("square.json")
            #expect(try await served.body("data-kind") == "tangram")
            let model = try SettlingModel(opening: served.work.file("tangram-starter/square.json").path)
            let original = try model.pose(.square)

            // One unit to the right, in whole pixels (the page draws 1 unit as `pixelsPerUnit` pixels).
            let unit = try await TangramFrame.read(from: served).pixelsPerUnit.rounded()
            try await Self.drag(.square, byPixels: unit, 0, with: .mouse, on: served, model: model)
            try await Self.expectPageAgrees(.square, served: served, model: model)
            #expect(try model.pose(.square) != original, "the drop moved the square")

            // A finger, by an amount that is no whole number of units.
            try await Self.drag(.square, byPixels: -37, 23, with: .touch, on: served, model: model)
            try await Self.expectPageAgrees(.square, served: served, model: model)

            // A click selects the square; R turns it 45° counter-clockwise; the wheel turns it back
            // the other way (down is clockwise).
            try await served.browser.element(#"[data-piece="square"]"#).click()
            try await served.browser.waitUntil("the square to be selected") {
                try await served.browser.attribute(of: #"[data-piece="square"]"#, "data-selected") == "true"
            }
            try await served.expectingState("R") { try await served.browser.press("r") }
            try model.rotate(.square, by: 45)
            try await Self.expectPageAgrees(.square, served: served, model: model)
            let square = try await served.browser.element(#"[data-piece="square"]"#)
            try await served.expectingState("the wheel") { try await served.browser.scroll(square, deltaY: 100) }
            try model.rotate(.square, by: -45)
            try await Self.expectPageAgrees(.square, served: served, model: model)

            try await served.expectingState("Save") { try await served.browser.element(#"[aria-label="Save"]"#).click() }
            let saved = try savedPoses(served.work.file("tangram-starter/square.json").path)
            let expected = try model.poses
            #expect(saved == expected, "saved \(saved)\nengine \(expected)")
            #expect(served.process.stderr == "", "\(served.process.stderr)")
        }
    }

    @Test("Undo and Redo, with the buttons and with Ctrl-Z / Ctrl-Y, walk the page through the same poses")
    func undoAndRedo() async throws {
        try await ServedEditor.with(["serve", "square.json", "--port", "0"], copying: [Self.pack + "/square.json"], browser: browser) { served in
            let model = try SettlingModel(opening: served.work.file("square.json").path)
            let start = try model.pose(.square)
            try await Self.drag(.square, byPixels: 45, -30, with: .mouse, on: served, model: model)
            let dragged = try model.pose(.square)
            try await served.browser.element(#"[data-piece="square"]"#).click()
            try await served.expectingState("R") { try await served.browser.press("r") }
            try model.rotate(.square, by: 45)
            let turned = try model.pose(.square)
            #expect(Set([start, dragged, turned]).count == 3, "three different poses to walk through")

            func expectSquare(_ pose: Pose, _ what: String) async throws {
                let shown = try pagePiece("square", in: try await served.pageState())
                #expect((shown.x, shown.y, shown.rotation) == (pose.position.x.description, pose.position.y.description, pose.rotation.degrees), "\(what)")
                #expect(try await served.browser.attribute(of: #"[data-piece="square"]"#, "data-rotation") == String(pose.rotation.degrees), "\(what)")
            }
            let undo = try await served.browser.element(#"[aria-label="Undo"]"#)
            let redo = try await served.browser.element(#"[aria-label="Redo"]"#)
            try await served.expectingState("the Undo button") { try await undo.click() }
            try await expectSquare(dragged, "Undo undoes the turn")
            try await served.expectingState("Ctrl-Z") { try await served.browser.perform(Keyboard().down(Key.control).press("z").up(Key.control)) }
            try await expectSquare(start, "Ctrl-Z undoes the drag")
            #expect(try await undo.property("disabled").bool == true, "nothing left to undo")
            try await served.expectingState("the Redo button") { try await redo.click() }
            try await expectSquare(dragged, "Redo redoes the drag")
            try await served.expectingState("Ctrl-Y") { try await served.browser.perform(Keyboard().down(Key.control).press("y").up(Key.control)) }
            try await expectSquare(turned, "Ctrl-Y redoes the turn")
            #expect(try await redo.property("disabled").bool == true, "nothing left to redo")
        }
    }
}

/// The viewport of the serve page tests: wide enough for the board (640 px) and the side panel.
enum PageSize {
    static var options: Browser.Options { Browser.Options(width: 1100, height: 780) }
}
