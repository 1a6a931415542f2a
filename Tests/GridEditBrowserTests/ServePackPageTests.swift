import BrowserSupport
import Foundation
import GridEditCore
import GridEditTestSupport
import Testing

/// The pack view in chromium: it is the first view of a served folder; cards follow the pack's
/// own order with `gridedit check`'s findings as badges; dragging a card reorders the pack's
/// pack.json; the booklet is a click away.
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(3)))
struct ServePackPageTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    static func manifestOrder(_ path: String) throws -> [String] {
        guard case .success(let bytes) = FileSystem.read(path),
              case .pack(let manifest)? = DocumentLoader.load(bytes, isManifest: true).document else { throw LayoutError("\(path) does not load") }
        return manifest.puzzles
    }

    static func cardNames(on served: ServedEditor) async throws -> [String] {
        let node = try await served.browser.execute(
            "return [...document.querySelectorAll('#cards .pack-grid[data-folder=\"tangram-starter\"] .card')].map((c) => c.dataset.path)")
        return (node.array ?? []).compactMap(\.string).map { String($0.split(separator: "/").last!) }
    }

    @Test("A served folder opens on its pack view: cards in pack.json's order, badges, drag to reorder, the booklet")
    func packView() async throws {
        try await ServedEditor.with(["serve", ".", "--port", "0"], copying: ["puzzles/tangram-starter"], browser: browser) { served in
            // A broken puzzle the manifest does not list: an overlap (an error) in a copy of the cat.
            let cat = try String(contentsOfFile: served.work.file("tangram-starter/cat.json").path, encoding: .utf8)
            try served.work.write(cat.replacingOccurrences(of: "\"id\": \"cat\"", with: "\"id\": \"broken-cat\""), to: "tangram-starter/zz-broken.json")
            let repl = try GridEditBinary.run(["edit", "tangram-starter/zz-broken.json"], in: served.work.url,
                                              input: "nudge small-1 0.5 0\nsave\n")
            #expect(repl.status == 0 || repl.status == 1, "\(repl.stderr)")

            try await served.browser.waitUntil("the pack view to open by itself", timeout: 10) {
                try await served.browser.execute("return document.getElementById('pack').open").bool == true
            }
            try await served.browser.navigate(to: served.url)  // again, now that the broken file is there
            try await served.showPack()
            let manifest = served.work.file("tangram-starter/pack.json").path
            let listed = try Self.manifestOrder(manifest)
            let shown = try await Self.cardNames(on: served)
            #expect(Array(shown.prefix(listed.count)) == listed, "cards in the pack's own order: \(shown)")
            #expect(shown.last == "zz-broken.json", "the unlisted file comes after the listed ones")
            // The heading's number is an attribute too: the cards of its pack.
            let counted = try await served.browser.execute(
                "return document.querySelector('#cards .pack-grid[data-folder=\"tangram-starter\"]').previousElementSibling.dataset.puzzles").string
            #expect(counted == String(shown.count), "the heading counts \(counted ?? "nothing")")
            // Attributes and places read in one script each, so a repaint cannot come between.
            func card(_ name: String, _ attribute: String) async throws -> String? {
                try await served.browser.execute("return document.querySelector(`#cards [data-path=\"tangram-starter/${arguments[0]}\"]`)?.getAttribute(arguments[1]) ?? null",
                                                 [.string(name), .string(attribute)]).string
            }
            #expect(Int(try await card("zz-broken.json", "data-errors") ?? "0") ?? 0 >= 1, "the broken card's badge counts its errors")
            #expect(try await card("zz-broken.json", "class")?.contains("problem") == true)
            #expect(try await card(listed[0], "data-errors") == "0")

            // Drag the first card onto the right half of the third: it goes after the third.
            let third = try await served.browser.element(#"#cards [data-path="tangram-starter/\#(listed[2])"]"#).rect()
            let start = try await served.browser.element(#"#cards [data-path="tangram-starter/\#(listed[0])"]"#).rect().center
            try await served.browser.perform(Pointer(.mouse).drag(from: start, to: PagePoint(third.x + third.width * 0.75, third.center.y),
                                                                  steps: 12, duration: .milliseconds(300)))
            let expected = [listed[1], listed[2], listed[0]] + listed.dropFirst(3)
            try await served.browser.waitUntil("pack.json to hold the new order", timeout: 10) {
                (try? Self.manifestOrder(manifest)) == expected
            }
            #expect(try await Self.cardNames(on: served).prefix(listed.count) == expected[...])
            #expect(try await served.browser.execute("return document.getElementById('pack').open").bool == true, "a drag opens no puzzle")
            let check = try GridEditBinary.run(["check", "tangram-starter/pack.json"], in: served.work.url)
            #expect(check.status == 0, "the rewritten pack.json passes check: \(check.stdout)")

            // The booklet: a PDF of the pack.
            let booklet = try await served.browser.execute(
                "return fetch('/booklet/tangram-starter').then(async (r) => [r.status, r.headers.get('content-type'), (await r.text()).slice(0, 5)])")
            let answer = (booklet.array ?? []).map { $0.int.map(String.init) ?? $0.string ?? "" }
            #expect(answer == ["200", "application/pdf", "%PDF-"], "\(answer)")
        }
    }

    @Test("After kill -9 of serve, a page of the folder opening the file asks about its unsaved edits; Recover brings them back, unsaved")
    func recoverAfterKill() async throws {
        try await ServedEditor.with(["serve", "tangram-starter", "--port", "0"], copying: ["puzzles/tangram-starter"], browser: browser) { served in
            try await served.openFromPack("square.json")
            // A click selects the square; R turns it: one edit, journaled, not saved.
            try await served.browser.element(#"[data-piece="square"]"#).click()
            try await served.browser.waitUntil("the square to be selected") {
                try await served.browser.attribute(of: #"[data-piece="square"]"#, "data-selected") == "true"
            }
            let before = try await served.browser.attribute(of: #"[data-piece="square"]"#, "data-rotation")
            try await served.expectingState("R") { try await served.browser.press("r") }
            let turned = try await served.browser.attribute(of: #"[data-piece="square"]"#, "data-rotation")
            #expect(turned != before)
            served.process.signal(SIGKILL)
            _ = try await served.process.waitForExit(seconds: 10)

            try await ServedEditor.with(["serve", "tangram-starter", "--port", "0"], copying: [], browser: browser,
                                        folders: (served.work, served.state)) { again in
                try await again.showPack()
                let card = try await again.browser.waitForElement(#"#cards [data-path="square.json"]"#, timeout: 10)
                try await card.click()
                try await again.browser.waitUntil("the page to ask about the unsaved edits") {
                    try await again.browser.execute("return document.getElementById('unsaved').open").bool == true
                }
                #expect(try await again.browser.attribute(of: "#unsaved", "data-unsaved-edits") == "1")
                #expect(try await again.body("data-kind") == "none", "nothing opens before the designer answers")
                if let folder = ProcessInfo.processInfo.environment["GRIDEDIT_PAGE_SHOTS"] {
                    try await again.browser.screenshot().write(to: URL(fileURLWithPath: folder + "/unsaved-dialog.png"))
                }
                try await again.expectingState("Recover") { try await again.browser.element("#unsaved-recover").click() }
                #expect(try await again.body("data-kind") == "tangram")
                #expect(try await again.browser.attribute(of: #"[data-piece="square"]"#, "data-rotation") == turned, "the turn is back")
                let document = try await again.pageState()["document"]
                #expect(document?["dirty"]?.bool == true, "recovered edits are unsaved: \(document.map { "\($0)" } ?? "no document")")
            }
        }
    }
}
