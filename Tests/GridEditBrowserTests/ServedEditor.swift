import BrowserSupport
import Foundation
import GridEditJSON
import GridEditTestSupport

/// The real `gridedit` binary serving a temporary copy of shipped puzzles, with the page loaded in
/// the suite's chromium. The copy, a private HOME and XDG_STATE_HOME (journals) and a fixed clock
/// keep the repository and the user's files out of reach and the page's text the same on every run.
///
/// `with` always kills the process at the end, also when the test throws: a failing test never
/// leaves a server behind.
final class ServedEditor: Sendable {
    let work: TemporaryFolder
    let state: TemporaryFolder
    let process: LiveProcess
    let url: URL
    let browser: Browser

    private init(work: TemporaryFolder, state: TemporaryFolder, process: LiveProcess, url: URL, browser: Browser) {
        self.work = work
        self.state = state
        self.process = process
        self.url = url
        self.browser = browser
    }

    /// Copies each `copies` entry (a path under the repository) into a fresh folder, runs
    /// `gridedit arguments…` there (arguments name the copies by their last path component),
    /// waits for the printed URL, loads the page and runs `body`; then kills the process.
    /// `folders` runs in the work and state folders of an earlier run (a restart after a kill).
    static func with<T: Sendable>(_ arguments: [String], copying copies: [String], browser: Browser,
                                  folders: (work: TemporaryFolder, state: TemporaryFolder)? = nil,
                                  _ body: (ServedEditor) async throws -> T) async throws -> T {
        let work = try folders?.work ?? TemporaryFolder(), state = try folders?.state ?? TemporaryFolder()
        for relative in copies {
            let source = GridEditBinary.repositoryRoot.appendingPathComponent(relative)
            try FileManager.default.copyItem(at: source, to: work.file(source.lastPathComponent))
        }
        let environment = GridEditBinary.isolatedEnvironment(stateIn: state.path)
        let process = try LiveProcess(arguments, environment: environment, in: work.url)
        do {
            let (port, _) = try await process.servedURL(seconds: 60)
            let served = ServedEditor(work: work, state: state, process: process,
                                      url: URL(string: "http://127.0.0.1:\(port)/")!, browser: browser)
            try await served.load()
            let result = try await body(served)
            process.stop()
            return result
        } catch {
            process.stop()
            throw error
        }
    }

    /// Loads the page afresh and waits until it is connected and has painted the server's state.
    func load() async throws {
        try await browser.navigate(to: url)
        try await browser.waitUntil("the page to connect and paint its first state", timeout: 20) {
            let body = try await self.browser.attributes(of: "body", ["data-connection", "data-state-version"])
            return body[0] == "open" && (Int(body[1] ?? "") ?? 0) > 0
        }
    }

    /// An attribute of the page's body (`data-state-version`, `data-kind`, …).
    func body(_ attribute: String) async throws -> String? {
        try await browser.attribute(of: "body", attribute)
    }

    var stateVersion: Int { get async throws { Int(try await body("data-state-version") ?? "") ?? 0 } }

    /// Waits until the page has painted a state newer than `version`, has no request waiting for
    /// its reply, and shows no analysis still being worked out (nor a first part of one): the server's answer to an edit is
    /// on screen, and no later state (the analysis arriving) is on its way.
    func waitForState(after version: Int, _ what: String, timeout: Double = 15) async throws {
        try await browser.waitUntil("a new state after \(what) (version > \(version))", timeout: timeout) {
            // One command a look: the body's version and pending count, and the analysis panel's state.
            let page = try await self.browser.execute("""
                const body = document.body.dataset;
                return [body.stateVersion ?? '', body.pending ?? '', document.getElementById('analysis')?.dataset.analysis ?? null];
                """).array ?? []
            guard page.count == 3, (Int(page[0].string ?? "") ?? 0) > version, page[1].string == "0" else { return false }
            return page[2].string != "pending" && page[2].string != "partial"
        }
    }

    /// Runs `action` (input to the page) and waits for the state it causes.
    func expectingState(_ what: String, _ action: () async throws -> Void) async throws {
        let before = try await stateVersion
        try await action()
        try await waitForState(after: before, what)
    }

    /// The state the page painted last, as the server sent it (`window.gridedit.state`), without
    /// its SVG: pieces with exact coordinates as text, the drawing's frame, cells.
    func pageState() async throws -> JSONNode {
        try await browser.execute("const s = window.gridedit.state; return s ? {...s, svg: null} : null")
    }

    /// Shows the pack view (the page opens on it when nothing is open; otherwise the Puzzles button).
    func showPack() async throws {
        // A page with nothing open shows the pack view by itself: give it the moment it takes.
        let nothingOpen = try await body("data-kind") == "none"
        if nothingOpen {
            try? await browser.waitUntil("the pack view to open by itself", timeout: 10) {
                try await self.browser.execute("return document.getElementById('pack').open").bool == true
            }
        }
        if try await browser.execute("return document.getElementById('pack').open").bool != true {
            try await browser.element("#pack-button").click()
        }
        // Filled: the server's answer painted (the view opens at once and fills when it comes).
        do {
            try await browser.waitUntil("the pack view's cards", timeout: 15) {
                try await self.browser.execute("return document.getElementById('cards').getAttribute('aria-busy')").string == "false"
            }
        } catch {
            // Say whether the page's request is still waiting for the server or the socket is down.
            let page = try? await browser.execute("return `connection: ${document.getElementById('connection').textContent}; requests waiting: ${document.body.dataset.pending}`")
            throw WebDriverError("\(error)" + (page?.string.map { "; \($0)" } ?? ""))
        }
    }

    /// Opens `path` from the pack view, clicking its card as a designer does.
    func openFromPack(_ path: String) async throws {
        try await showPack()
        let card = try await browser.waitForElement(#"#cards [data-path="\#(path)"]"#, timeout: 10)
        try await expectingState("opening \(path)") { try await card.click() }
        try await browser.waitUntil("the pack view to close") { try await !self.browser.element("#pack").isDisplayed() }
    }

    /// Waits until every picture of the page (the puzzle, the pack's cards) has loaded: a
    /// screenshot before that would show a half-drawn page.
    func waitForPictures() async throws {
        try await browser.waitUntil("every picture to load", timeout: 15) {
            try await self.browser.execute("return [...document.images].every((i) => !i.src || (i.complete && i.naturalWidth > 0))").bool == true
        }
    }
}
