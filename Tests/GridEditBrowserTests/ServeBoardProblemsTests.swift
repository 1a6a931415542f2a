import BrowserSupport
import Foundation
import GridEditTestSupport
import Testing

/// Problems drawn on the board, in chromium: overlapping pieces hatched and named, a piece
/// outside the play area kept in view and marked, a finding's pieces pointed at when it is chosen.
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(3)))
struct ServeBoardProblemsTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    static func run(_ line: String, on served: ServedEditor) async throws {
        try await served.expectingState(line) {
            try await served.browser.execute("window.gridedit.run(arguments[0])", [.string(line)])
        }
    }

    static func piece(_ name: String, on served: ServedEditor) async throws -> Element {
        try await served.browser.element(#"#overlay [data-piece="\#(name)"]"#)
    }

    @Test("Two overlapping pieces are both marked; choosing the finding points at both")
    func overlapIsMarked() async throws {
        try await ServedEditor.with(["serve", "cat.json", "--port", "0"], copying: ["puzzles/tangram-starter/cat.json"], browser: browser) { served in
            #expect(try await served.browser.elements("#overlay .piece.overlapping").isEmpty, "nothing overlaps in cat.json")
            try await Self.run("nudge small-1 0.5 0", on: served)
            let marked = try await served.browser.execute(
                "return [...document.querySelectorAll('#overlay .piece.overlapping')].map((p) => p.dataset.piece).sort()")
            let names = (marked.array ?? []).compactMap(\.string)
            #expect(names.count >= 2 && names.contains("small-1"), "small-1 and what it overlaps are hatched: \(names)")
            let overlaps = try await Self.piece("small-1", on: served).attribute("data-overlaps") ?? ""
            #expect(!overlaps.isEmpty && names.contains(String(overlaps.split(separator: " ")[0])))
            // The finding names both; choosing it highlights both on the board.
            let finding = try await served.browser.waitForElement(#"#findings li[data-rule="tangram.overlap"][data-parts]"#)
            let parts = (try await finding.attribute("data-parts") ?? "").split(separator: " ").map(String.init)
            #expect(parts.count == 2 && parts.contains("small-1"), "\(parts)")
            try await finding.click()
            for part in parts {
                #expect(try await Self.piece(part, on: served).attribute("class")?.contains("highlighted") == true, "\(part) is highlighted")
            }
            #expect(try await served.body("data-highlighted") == parts.joined(separator: " "))
        }
    }

    @Test("A piece moved outside the play area stays in view and is marked")
    func outsideStaysVisible() async throws {
        try await ServedEditor.with(["serve", "cat.json", "--port", "0"], copying: ["puzzles/tangram-starter/cat.json"], browser: browser) { served in
            try await Self.run("nudge parallelogram -6 0", on: served)
            let piece = try await Self.piece("parallelogram", on: served)
            #expect(try await piece.attribute("data-outside") == "true")
            #expect(try await piece.attribute("class")?.contains("outside") == true)
            let points = (try await piece.attribute("points") ?? "").split(separator: " ")
                .flatMap { $0.split(separator: ",").compactMap { Double($0) } }
            #expect(!points.isEmpty && points.allSatisfy { $0 >= 0 && $0 <= 640 }, "drawn inside the board: \(points)")
            let finding = try await served.browser.waitForElement(#"#findings li[data-rule="tangram.out-of-bounds"]"#)
            #expect(try await finding.attribute("data-parts") == "parallelogram")
        }
    }
}
