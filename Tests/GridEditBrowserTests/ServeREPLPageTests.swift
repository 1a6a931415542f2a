import BrowserSupport
import Foundation
import GridEditCore
import GridEditTestSupport
import Testing

/// `gridedit edit FILE --serve`: the REPL on standard input and the page in chromium share one
/// session. A drag in the page is reported by the REPL and seen by its `show`; the REPL's
/// `move`, `rotate` and `undo` repaint the page; the REPL's `save` writes what both agree on.
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(3)))
struct ServeREPLPageTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    @Test("A drag in the page appears in the REPL; the REPL's move, rotate and undo appear in the page")
    func replAndPageInStep() async throws {
        try await ServedEditor.with(["edit", "square.json", "--serve", "--port", "0"], copying: ["puzzles/tangram-starter/square.json"],
                                    browser: browser) { served in
            let repl = served.process
            let model = try SettlingModel(opening: served.work.file("square.json").path)

            // Page → REPL: the drop is announced with the engine's exact pose, and `show` lists it.
            try await ServeTangramPageTests.drag(.square, byPixels: 52, 31, with: .mouse, on: served, model: model)
            let dropped = try model.pose(.square)
            let at = "(\(dropped.position.x), \(dropped.position.y))"
            try await repl.waitForOutput("browser: move square to \(at)")
            var mark = repl.stdout.count
            repl.type("show")
            try await repl.waitForOutput("  Q square \(at) \(dropped.rotation.degrees)°", after: mark)

            // REPL → page: each command repaints the page with the engine's pose.
            try await served.expectingState("the REPL's move") { repl.type("move square 6 6") }
            try model.move(.square, to: "6", "6")
            try await ServeTangramPageTests.expectPageAgrees(.square, served: served, model: model)
            let moved = try model.pose(.square)
            try await served.expectingState("the REPL's rotate") { repl.type("rotate square 90") }
            try model.rotate(.square, by: 90)
            try await ServeTangramPageTests.expectPageAgrees(.square, served: served, model: model)
            #expect(try model.pose(.square).rotation != moved.rotation)

            // One history: the REPL's undo takes back its own turn, not the page's drag.
            try await served.expectingState("the REPL's undo") { repl.type("undo") }
            let label = try await browser.attribute(of: #"[data-piece="square"]"#, "aria-label")
            #expect(label?.hasPrefix("square at (\(moved.position.x), \(moved.position.y)) turned \(moved.rotation.degrees)°") == true, "\(label ?? "nil")")

            mark = repl.stdout.count
            repl.type("save")
            try await repl.waitForOutput("saved square.json", after: mark)
            let saved = try #require(try savedPoses(served.work.file("square.json").path).first { $0.piece == .square })
            #expect(saved.position.x.description == "6" && saved.position.y.description == "6" && saved == moved, "\(saved)")
            repl.type("quit")
            #expect(try await repl.waitForExit(seconds: 20) == 0, "\(repl.stderr)")
            #expect(repl.stderr == "")
        }
    }
}
