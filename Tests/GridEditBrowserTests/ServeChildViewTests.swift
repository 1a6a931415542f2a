import BrowserSupport
import Foundation
import GridEditTestSupport
import Testing

/// The child's view in chromium: each hint level and the card are the renderer's own drawing of
/// the puzzle as it is now, the same bytes `gridedit render` writes for the saved file.
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(3)))
struct ServeChildViewTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    @Test("Each hint level shown on the board is the SVG gridedit render draws; the card too; Edit comes back")
    func childViewIsTheRenderersDrawing() async throws {
        try await ServedEditor.with(["serve", "swan.json", "--port", "0"], copying: ["puzzles/tangram-starter/swan.json"], browser: browser) { served in
            for hint in ["shape", "outline", "pieces"] {
                try await served.browser.element(#"#view-switch [data-view="\#(hint)"]"#).click()
                try await served.browser.waitUntil("the \(hint) view", timeout: 10) {
                    let view = try await served.body("data-view")
                    let source = try await served.browser.attribute(of: "#picture", "src") ?? ""
                    return view == hint && source.contains("/view?as=\(hint)")
                }
                #expect(try await served.browser.element("#overlay").isDisplayed() == false, "the child's view takes no edits")
                let shown = try await served.browser.execute("return fetch('/view?as=' + arguments[0]).then((r) => r.text())", [.string(hint)])
                let output = served.work.file("swan-\(hint).svg").path
                let rendered = try GridEditBinary.run(["render", served.work.file("swan.json").path, "-o", output, "--hint", hint, "--size", "640"],
                                                      in: served.work.url)
                #expect(rendered.status == 0, "\(rendered.stderr)")
                #expect(shown.string == (try String(contentsOfFile: output, encoding: .utf8)), "the \(hint) view is gridedit render's drawing")
            }
            try await served.browser.element(#"#view-switch [data-view="card"]"#).click()
            try await served.waitForPictures()
            #expect(try await served.browser.execute("return document.getElementById('picture').naturalWidth").int ?? 0 > 100, "the card is drawn")
            try await served.browser.element(#"#view-switch [data-view="board"]"#).click()
            #expect(try await served.body("data-view") == "board")
            #expect(try await served.browser.element("#overlay").isDisplayed(), "back to editing")
        }
    }
}
