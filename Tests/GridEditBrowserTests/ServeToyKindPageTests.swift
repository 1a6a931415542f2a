import BrowserSupport
import Foundation
import GridEditCore
import GridEditEditor
import GridEditServe
import GridEditTestSupport
import Testing
import ToyKind

/// The toy kind (Tests/ToyKind), registered with its one line, in real chromium: the pack view
/// lists its file, a click on the card opens it, the page lays the cells its editor entry lists
/// over the board, a click on a cell runs the command the kind gave that cell, and the edit is
/// saved. Neither the page nor the server has a line of code for this kind. The server runs in
/// this process, since the real binary cannot know a kind that lives only in the tests.
@MainActor
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(2)))
struct ServeToyKindPageTests {
    let browser: Browser
    init() throws {
        browser = try Browser.current
        EditingKinds.register(MarkGridEditing.self)
    }

    @Test("A kind registered in the tests is opened, edited by a click and saved from the page")
    func toyKindInChromium() async throws {
        let folder = try TemporaryFolder()
        try folder.write("""
            {"formatVersion": 1, "kind": "mark-grid", "id": "toy", "name": "Toy", "difficulty": "easy",
             "createdAt": "2026-11-22T09:00:00Z", "updatedAt": "2026-11-22T09:00:00Z", "rows": ["#.", ".."]}

            """, to: "toy.json")
        let root = GridEditBinary.repositoryRoot
        let templates = root.appendingPathComponent("templates").path
        let service = GridEditorService(environment: EditorEnvironment(now: { "2026-12-01T10:00:00Z" }, templatesFolder: templates))
        let session = ServeSession(service: service, folder: try ServedFolder(folder.path), templatesFolder: templates)
        let server = ServeServer(session: session, options: .init(host: "127.0.0.1", port: 0),
                                 pageFolder: root.appendingPathComponent("Sources/GridEditServe/Resources/page").path)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = server.application { continuation.yield($0) }
        let task = Task { try await app.run() }
        defer { task.cancel() }
        var port = 0
        for await p in ports { port = p; break }

        try await browser.navigate(to: URL(string: "http://127.0.0.1:\(port)/")!)
        try await browser.waitUntil("the page to connect", timeout: 20) {
            try await browser.attribute(of: "body", "data-connection") == "open"
        }
        // Open it as a designer does: from the folder's puzzles (shown at once, nothing being open), its card.
        let card = try await browser.waitForElement(#".card[data-path="toy.json"]"#, timeout: 10)
        #expect(try await card.attribute("data-errors") == "0", "check finds nothing wrong with the toy file")
        try await card.click()
        try await browser.waitUntil("the toy puzzle to be shown", timeout: 10) {
            try await browser.attribute(of: "body", "data-kind") == "mark-grid"
        }
        let cells = try await browser.elements("[data-part]")
        var parts: [String] = []
        for cell in cells { parts.append(try await cell.attribute("data-part") ?? "") }
        #expect(parts == ["r1c1", "r1c2", "r2c1", "r2c2"])
        let target = try await browser.element(#"[data-part="r2c2"]"#)
        #expect(try await target.attribute("aria-label") == "r2c2: mark r2c2", "the kind's command for the cell names the control")

        // A real mouse click on the cell (pointer events over the drawn cell).
        let box = try await target.rect()
        try await browser.perform(Pointer(.mouse).move(to: box.center).down().pause(.milliseconds(50)).up())
        try await browser.waitUntil("the click's mark to be drawn", timeout: 10) {
            try await browser.attribute(of: #"[data-part="r2c2"]"#, "class")?.contains("marked") == true
        }
        #expect((session.service.active?.puzzle as? MarkGrid)?.currentState == [[true, false], [false, true]])

        // Saved from the page's Save control, through the same typed request as the REPL's save.
        try await browser.element("#save-button").click()
        try await browser.waitUntil("the save to reach the file", timeout: 10) {
            (try? String(contentsOf: folder.file("toy.json"), encoding: .utf8))?.contains("\".#\"") == true
        }
        let saved = try String(contentsOf: folder.file("toy.json"), encoding: .utf8)
        #expect(saved.contains("\".#\""), "\(saved)")
    }
}
