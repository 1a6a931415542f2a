import BrowserSupport
import Foundation
import GridEditCore
import GridEditGeometry
import GridEditTestSupport
import Testing

/// Issue 32's "done when", in chromium with a real mouse and keyboard and nothing but the page: a
/// designer serves a folder holding a pack, starts a new tangram with an empty board from the pack
/// view, builds a figure by turning pieces in the tray and dragging them onto the board with rough
/// drops, watches the analysis panel follow every drop, looks at the puzzle as a child gets it,
/// takes the difficulty the verifier estimates, and saves. The figure is exact, the pack lists the
/// new puzzle, and `gridedit check` is clean.
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(4)))
struct ServeDesignerDayTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    /// The pieces in an order in which each touches one placed before (so every drop joins the figure).
    static func buildOrder(_ poses: [Pose]) -> [Pose] {
        var left = poses.sorted { $0.piece.shape.area.doubleValue > $1.piece.shape.area.doubleValue }
        var order = [left.removeFirst()]
        while !left.isEmpty {
            let next = left.firstIndex { pose in order.contains { $0.polygon.touchesOrOverlaps(pose.polygon) } } ?? 0
            order.append(left.remove(at: next))
        }
        return order
    }

    /// The solution's poses as the page's last state has them (exact text), in piece order.
    static func pagePoses(_ served: ServedEditor) async throws -> [Pose] {
        let state = try await served.pageState()
        return try (state["pieces"]?.array ?? []).map { node in
            guard let piece = node["piece"]?.string.flatMap(TangramPiece.init(rawValue:)),
                  let x = node["x"]?.string.flatMap(Exact.init(parsing:)), let y = node["y"]?.string.flatMap(Exact.init(parsing:)),
                  let rotation = node["rotation"]?.int.flatMap(Rotation.init(degrees:)) else {
                throw LayoutError("a piece the page lists without an exact pose: \(node.compactText)")
            }
            return Pose(piece: piece, position: Point(x, y), rotation: rotation, flipped: node["flip"]?.bool ?? false)
        }.sorted { $0.piece.rawValue < $1.piece.rawValue }
    }

    static func touchesAny(_ pose: Pose, _ others: [Pose]) -> Bool {
        others.contains { $0.piece != pose.piece && $0.polygon.touchesOrOverlaps(pose.polygon) }
    }

    static func overlapsAny(_ pose: Pose, _ others: [Pose]) -> Bool {
        others.contains { $0.piece != pose.piece && $0.polygon.interiorsOverlap(pose.polygon) }
    }

    static func findingRules(_ served: ServedEditor) async throws -> [String] {
        (try await served.pageState()["findings"]?.array ?? []).compactMap { $0["rule"]?.string }
    }

    @Test("R on a piece of a figure turns it and keeps it against its neighbours: exactly, no finding, one undo")
    func turnKeepsContact() async throws {
        try await ServedEditor.with(["serve", "cat.json", "--port", "0"], copying: ["puzzles/tangram-starter/cat.json"], browser: browser) { served in
            try await Self.turnMedium(on: served)
        }
    }

    static func turnMedium(on served: ServedEditor) async throws {
        let before = try await Self.pagePoses(served)
        let medium = try #require(before.first { $0.piece == .medium })
        let neighbours = before.filter { Self.touchesAny(medium, [$0]) }
        let frame = try await TangramFrame.read(from: served)
        let inside = TangramFrame.inside(medium)
        try await served.browser.perform(Pointer(.mouse).move(to: frame.pixel(inside.x, inside.y)).down().up())
        try await served.browser.waitUntil("medium to be selected") {
            try await served.browser.attribute(of: #"[data-piece="medium"]"#, "data-selected") == "true"
        }
        try await served.expectingState("R on medium") { try await served.browser.press("r") }
        let after = try await Self.pagePoses(served)
        let turned = try #require(after.first { $0.piece == .medium })
        #expect(turned.rotation.degrees == (medium.rotation.degrees + 45) % 360)
        let touching = Self.touchesAny(turned, neighbours), overlapping = Self.overlapsAny(turned, after)
        #expect(touching, "touches a former neighbour")
        #expect(!overlapping)
        let rules = try await Self.findingRules(served)
        #expect(!rules.contains("tangram.disconnected") && !rules.contains("tangram.overlap"), "\(rules)")
        #expect(try await served.pageState()["document"]?["edits"]?.int == 1, "the turn and its shift are one edit")
    }

    @Test("Open a folder, new empty tangram, build it from the tray, analysis live, child's view, save into the pack: check is clean")
    func aDesignersDay() async throws {
        try await ServedEditor.with(["serve", ".", "--port", "0"], copying: ["puzzles/tangram-starter"], browser: browser) { served in
            // The pack without its square figure: the designer makes it anew.
            let pack = served.work.file("tangram-starter").path
            let target = try savedPoses(pack + "/square.json")
            try FileManager.default.removeItem(atPath: pack + "/square.json")
            let manifest = try String(contentsOfFile: pack + "/pack.json", encoding: .utf8)
            try manifest.replacingOccurrences(of: "    \"square.json\",\n", with: "")
                .replacingOccurrences(of: ",\n    \"square.json\"\n", with: "\n")
                .write(toFile: pack + "/pack.json", atomically: true, encoding: .utf8)
            let clean = try GridEditBinary.run(["check", "tangram-starter"], in: served.work.url)
            try #require(clean.status == 0, "the pack without the square checks clean: \(clean.stdout)")
            try await served.load()

            // The pack view is the first thing the page shows; New, tangram, a file in the pack, an empty board.
            try await served.showPack()
            try await ServeBuildPageTests.choose("tangram", in: "#new-template", on: served)
            try await served.browser.element(#"[aria-label="New file, relative to the folder"]"#).sendKeys("tangram-starter/big-square.json")
            let empty = try await served.browser.element("#new-empty")
            #expect(try await empty.isDisplayed(), "the empty-board choice is offered for a tangram")
            try await empty.click()
            try await served.expectingState("New") { try await served.browser.element(#"[aria-label="Create the new puzzle"]"#).click() }
            try await served.browser.waitUntil("the pack view to close") { try await !served.browser.element("#pack").isDisplayed() }
            #expect(try await served.browser.elements("#overlay [data-piece]").isEmpty, "an empty board")
            let tray = try await served.browser.attribute(of: "#tray", "data-pieces") ?? ""
            let waiting: Set<String> = Set(tray.split(separator: " ").map { String($0) })
            #expect(waiting == Set(TangramPiece.allCases.map(\.rawValue)), "all seven wait in the tray: \(tray)")

            // Each piece: focus it in the tray, turn it with R (and F), drag it where the figure has
            // it with a drop 0.04 units off, and read the analysis panel.
            var statuses: [String] = []
            for (index, goal) in Self.buildOrder(target).enumerated() {
                let name = goal.piece.rawValue
                let trayPiece = #"#tray [data-tray-piece="\#(name)"]"#
                try await served.browser.element(trayPiece).click()
                if goal.flipped { try await served.browser.press("f") }
                for _ in 0..<goal.rotation.eighths { try await served.browser.press("r") }
                let shown = try await served.browser.element(trayPiece)
                #expect(try await shown.attribute("data-rotation") == String(goal.rotation.degrees), "\(name) turned in the tray")
                let frame = try await TangramFrame.read(from: served)
                let xs = goal.vertices.map(\.x.doubleValue), ys = goal.vertices.map(\.y.doubleValue)
                let offX = index.isMultiple(of: 2) ? 0.04 : -0.04
                let middleX: Double = (xs.min()! + xs.max()!) / 2, middleY: Double = (ys.min()! + ys.max()!) / 2
                let drop = frame.pixel(middleX + offX, middleY - 0.04)
                let start = try await shown.rect().center
                try await served.expectingState("dropping \(name) from the tray") {
                    try await served.browser.perform(Pointer(.mouse).drag(from: start, to: drop, steps: 12, duration: .milliseconds(240)))
                }
                #expect(try await served.browser.elements(trayPiece).isEmpty, "\(name) left the tray")
                statuses.append(try await served.browser.element("#analysis").text())
            }
            // Live: each drop changed what the panel says; the last one solved the figure.
            #expect(Set(statuses).count == statuses.count, "\(statuses)")
            #expect(statuses[5].contains("6 of 7"), "\(statuses[5])")
            let panel = try await served.browser.element("#analysis")
            #expect(try await panel.attribute("data-analysis") == "ready")
            let solutions = Int(try await panel.attribute("data-solutions") ?? "") ?? 0
            #expect(solutions >= 1, "the finished figure is solvable")
            let difficulty = try #require(try await panel.attribute("data-difficulty"))

            // The figure is the shipped square, exactly, up to where it sits.
            let built = try await Self.pagePoses(served)
            let shift = built[0].position - target[0].position
            #expect(built == target.map { $0.translated(by: shift) }, "built \(built)\nshipped \(target)")
            #expect(try await served.browser.elements("#findings [data-rule=\"tangram.overlap\"], #findings [data-rule=\"tangram.disconnected\"]").isEmpty)

            // As a child gets it: the silhouette, then back to the pieces.
            try await served.browser.element(#"#view-switch [data-view="shape"]"#).click()
            try await served.browser.waitUntil("the child's view") { try await served.body("data-view") == "shape" }
            try await served.browser.element(#"#view-switch [data-view="board"]"#).click()
            try await served.browser.waitUntil("the board again") { try await served.body("data-view") == "board" }

            // The verifier's estimate as the recorded difficulty, then Save.
            try await served.expectingState("Difficulty \(difficulty)") { try await ServeBuildPageTests.choose(difficulty, in: "#meta-difficulty", on: served) }
            try await served.expectingState("Save") { try await served.browser.element(#"[aria-label="Save"]"#).click() }
            let file = pack + "/big-square.json"
            #expect(try savedPoses(file) == built)
            let listed = try ServePackPageTests.manifestOrder(pack + "/pack.json")
            #expect(listed.contains("big-square.json"), "the pack lists the new puzzle: \(listed)")
            let check = try GridEditBinary.run(["check", "tangram-starter"], in: served.work.url)
            #expect(check.status == 0 && !check.stdout.contains("warning"), "\(check.stdout)\(check.stderr)")
            #expect(served.process.stderr == "", "\(served.process.stderr)")
        }
    }
}
