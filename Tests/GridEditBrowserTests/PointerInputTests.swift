import BrowserSupport
import Foundation
import Testing

/// Real chromium input through WebDriver actions: the page must receive trusted pointer events
/// of the right pointer type, at the right places, in the right order. The square starts at
/// board (10, 10), 60 px wide, and the board at viewport (20, 20): its centre is at (60, 60).
@Suite(.serialized, .whenBrowserInstalled, .browserSession, .timeLimit(.minutes(2)))
struct PointerInputTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    @Test func aMouseDragMovesThePieceWithMousePointerEvents() async throws {
        try await browser.openPointerLab()
        let square = try await browser.element(#"[data-piece="square"]"#)
        #expect(try await square.rect() == PageRect(x: 30, y: 30, width: 60, height: 60))

        try await browser.drag(square, by: 80, 80, with: .mouse, steps: 8)

        #expect(try await square.attribute("data-x") == "90")
        #expect(try await square.attribute("data-y") == "90")
        let all = try await browser.labLog(["pointerdown", "pointermove", "pointerup", "pointercancel"])
        #expect(all.allSatisfy { $0.pointerType == "mouse" }, "\(all)")
        // A mouse is always somewhere: it moves onto the piece before it presses.
        #expect(all.first?.type == "pointermove" && all.first?.point.map { [$0.0, $0.1] } == [60, 60], "\(all)")
        let events = Array(all.drop { $0.type != "pointerdown" })
        #expect(events.first?.type == "pointerdown" && events.last?.type == "pointerup", "\(events)")
        #expect(events.first?.point.map { [$0.0, $0.1] } == [60, 60])
        #expect(events.last?.point.map { [$0.0, $0.1] } == [140, 140])
        let moves = events.filter { $0.type == "pointermove" }.compactMap(\.x)
        #expect(moves.count >= 8, "\(events)")
        #expect(moves == moves.sorted(), "moves go one way: \(moves)")
        #expect(!events.contains { $0.type == "pointercancel" })
    }

    @Test func aTouchDragMovesThePieceWithTouchPointerAndTouchEvents() async throws {
        try await browser.openPointerLab()
        let square = try await browser.element(#"[data-piece="square"]"#)

        try await browser.drag(square, by: 160, 80, with: .touch, steps: 10)

        #expect(try await square.attribute("data-x") == "170")
        #expect(try await square.attribute("data-y") == "90")
        let pointers = try await browser.labLog(["pointerdown", "pointermove", "pointerup", "pointercancel"])
        #expect(pointers.allSatisfy { $0.pointerType == "touch" && $0.isPrimary == true }, "\(pointers)")
        #expect(pointers.map(\.type).first == "pointerdown" && pointers.map(\.type).last == "pointerup", "\(pointers)")
        #expect(pointers.last?.point.map { [$0.0, $0.1] } == [220, 140])
        let touches = try await browser.labLog(["touchstart", "touchmove", "touchend", "touchcancel"]).map(\.type)
        #expect(touches.first == "touchstart" && touches.last == "touchend" && touches.contains("touchmove"), "\(touches)")
    }

    @Test func twoFingersMoveAtOnceAsTwoTouchPointers() async throws {
        try await browser.openPointerLab()
        // A twist: two fingers on the board turning about its centre (180, 140), in the same ticks.
        let first = Pointer(.touch, id: "finger1").move(to: PagePoint(120, 140)).down()
            .move(to: PagePoint(180, 80), duration: .milliseconds(150)).up()
        let second = Pointer(.touch, id: "finger2").move(to: PagePoint(240, 140)).down()
            .move(to: PagePoint(180, 200), duration: .milliseconds(150)).up()
        try await browser.perform(first, second)

        let downs = try await browser.labLog(["pointerdown"])
        #expect(downs.count == 2 && Set(downs.compactMap(\.pointerId)).count == 2, "\(downs)")
        #expect(downs.map(\.isPrimary) == [true, false], "\(downs)")
        let ups = try await browser.labLog(["pointerup"]).compactMap(\.point).map { [$0.0, $0.1] }
        #expect(Set(ups) == [[180, 80], [180, 200]])
        let maxTouches = try await browser.labLog(["touchstart", "touchmove"]).compactMap { $0.node["touches"]?.int }.max()
        #expect(maxTouches == 2)
    }

    @Test func theWheelOverThePieceTurnsItEitherWay() async throws {
        try await browser.openPointerLab()
        let square = try await browser.element(#"[data-piece="square"]"#)

        try await browser.scroll(square, deltaY: 100)
        try await browser.waitUntil("the square to turn to 45°") { try await square.attribute("data-rotation") == "45" }
        try await browser.scroll(square, deltaY: -100)
        try await browser.waitUntil("the square to turn back to 0°") { try await square.attribute("data-rotation") == "0" }

        let wheels = try await browser.labLog(["wheel"])
        #expect(wheels.map { $0.node["deltaY"]?.double } == [100, -100], "\(wheels)")
        #expect(wheels.allSatisfy { $0.point.map { [$0.0, $0.1] } == [60, 60] && $0.target == "square" }, "\(wheels)")
    }

    @Test func keysTurnThePieceAndTypeDigitsIntoTheSelectedCell() async throws {
        try await browser.openPointerLab()
        try await browser.element(#"[data-cell="r2c3"]"#).click()
        try await browser.press("7", Key.arrowRight, "4", Key.arrowDown, Key.arrowLeft, "9", "r", "r", "R")

        #expect(try await browser.element(#"[data-cell="r2c3"]"#).text() == "7")
        #expect(try await browser.element(#"[data-cell="r2c4"]"#).text() == "4")
        #expect(try await browser.element(#"[data-cell="r3c3"]"#).text() == "9")
        #expect(try await browser.attribute(of: #"[data-piece="square"]"#, "data-rotation") == "45")
        let keys = try await browser.labLog(["keydown"]).compactMap { $0.node["key"]?.string }
        #expect(keys == ["7", "ArrowRight", "4", "ArrowDown", "ArrowLeft", "9", "r", "r", "R"])

        // A held modifier: Ctrl stays down across the next key.
        try await browser.perform(Keyboard().down(Key.control).press("z").up(Key.control))
        let last = try await browser.labLog(["keydown"]).last
        #expect(last?.node["key"]?.string == "z" && last?.node["ctrlKey"]?.bool == true, "\(String(describing: last))")

        try await browser.element(#"[aria-label="Undo"]"#).click()
        #expect(try await browser.element(#"[data-cell="r3c3"]"#).text() == "")
    }
}
