import BrowserSupport
import Foundation
import GridEditCore
import GridEditTestSupport
import Testing

/// Issue 37's timeline in the pack view, in chromium: a curriculum of the served folder is a strip
/// of days, a chip per puzzle of each activity, each chip naming the file it opens and its measured
/// difficulty; a click on a chip opens that puzzle.
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(3)))
struct ServeCurriculumPageTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    @Test("The shipped curriculum as a timeline: a column a day, a chip a puzzle with its file and difficulty; a chip opens its puzzle")
    func timeline() async throws {
        let copies = ["puzzles/curricula", "puzzles/tangram-starter", "puzzles/sudoku-4x4", "puzzles/sudoku-6x6", "puzzles/sudoku-9x9"]
        try await ServedEditor.with(["serve", ".", "--port", "0"], copying: copies, browser: browser) { served in
            // What the file says: its days, and the puzzle references of each day's activities.
            let data = try Data(contentsOf: served.work.file("curricula/first-hundred-days.json"))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let days = try #require(json["days"] as? [[String: Any]])
            let references = days.map { day in
                ((day["activities"] as? [[String: Any]]) ?? []).flatMap { ($0["puzzles"] as? [Any]) ?? [] }
            }

            try await served.showPack()
            let section = #"#cards [data-curriculum="curricula/first-hundred-days.json"]"#
            _ = try await served.browser.waitForElement(section, timeout: 10)
            let columns = try await served.browser.elements("\(section) .timeline-day")
            #expect(columns.count == days.count, "a column a day")
            let chipsPerDay = try await served.browser.execute(
                "return [...document.querySelectorAll(arguments[0] + ' .timeline-day')].map((d) => d.querySelectorAll('.timeline-chip').length)",
                [.string(section)])
            #expect((chipsPerDay.array ?? []).compactMap(\.int) == references.map(\.count), "a chip a puzzle reference")
            let chips = try await served.browser.execute(
                "return [...document.querySelectorAll(arguments[0] + ' .timeline-chip')].map((c) => [c.dataset.path || '', c.dataset.difficulty || ''])",
                [.string(section)])
            let pairs = (chips.array ?? []).map { ($0.array ?? []).compactMap(\.string) }
            #expect(!pairs.isEmpty && pairs.allSatisfy { $0.count == 2 && !$0[0].isEmpty && !$0[1].isEmpty },
                    "every chip resolves to a file and carries its measured difficulty")
            for pair in pairs.prefix(40) {
                #expect(FileManager.default.fileExists(atPath: served.work.file(pair[0]).path), "\(pair[0])")
                #expect((Double(pair[1]) ?? -1) >= 0 && (Double(pair[1]) ?? 5) <= 4, "difficulty 0–4: \(pair[1])")
            }

            try await ServeScreenshotTests.checkElement(served, section, named: "serve-curriculum", docsImage: "docs/images/serve-curriculum.png")

            // Day 3's first chip opens its puzzle.
            let chip = try await served.browser.element(#"\#(section) [data-day="3"] .timeline-chip"#)
            let path = try #require(try await chip.attribute("data-path"))
            try await served.expectingState("opening \(path) from the timeline") { try await chip.click() }
            #expect(try await served.pageState()["document"]?["path"]?.string == path)
        }
    }
}
