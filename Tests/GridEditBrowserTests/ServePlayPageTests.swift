import BrowserSupport
import Foundation
import GridEditCore
import GridEditGeometry
import GridEditTestSupport
import Testing

/// Play mode in chromium, as a child would play: Play pressed with the mouse, each piece turned in
/// the tray with the keyboard and dragged onto the figure with a real mouse path. Every judgement
/// the page shows (#play-judgement's data-judgement, data-k, data-n) is checked against the
/// solver's list of solutions, counted here from sets of footprints.
///
/// With GRIDEDIT_UPDATE_SCREENSHOTS=1 the play screenshots (fits k of n, a wrong placement, a
/// hint, solved) are written to docs/images.
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(6)))
struct ServePlayPageTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    static func figure(_ path: String) throws -> (solutions: [[Pose]], sets: [Set<Pose.Footprint>]) {
        guard case .success(let bytes) = FileSystem.read(path),
              case .puzzle(let document)? = DocumentLoader.load(bytes, isManifest: false).document,
              let tangram = document.puzzle as? TangramPuzzle, let region = TangramPlay.figure(of: tangram)
        else { throw LayoutError("\(path) is not a tangram with a figure") }
        let solutions = TangramSolver.solve(region).solutions
        return (solutions, solutions.map { Set($0.map(\.footprint)) })
    }

    /// Turns a tray piece as the pose is turned (R turns 45° counter-clockwise, F flips), then
    /// drags it from the tray onto the pose's place with the mouse; waits for the judgement.
    static func put(_ pose: Pose, on served: ServedEditor, offBy: (Double, Double) = (0.05, -0.04)) async throws {
        let selector = #"#tray [data-tray-piece="\#(pose.piece.rawValue)"]"#
        _ = try await served.browser.waitForElement(selector)
        // Turned in the tray with the keyboard, one key at a time, until it is turned as the pose.
        for _ in 0..<10 {
            // Focused and read in one command: [data-flip, data-rotation].
            let shown = try await served.browser.execute("""
                const e = document.querySelector(arguments[0]); e.focus(); return [e.dataset.flip, e.dataset.rotation];
                """, [.string(selector)]).array?.map(\.string) ?? []
            guard shown.count == 2 else { throw LayoutError("\(selector): no flip and rotation in the tray") }
            let key: String
            if (shown[0] == "true") != pose.flipped { key = "f" } else if shown[1] != String(pose.rotation.degrees) { key = "r" } else { break }
            try await served.browser.perform(Keyboard().press(key))
        }
        #expect(try await served.browser.attribute(of: selector, "data-rotation") == String(pose.rotation.degrees))
        let xs = pose.vertices.map(\.x.doubleValue), ys = pose.vertices.map(\.y.doubleValue)
        let frame = try await TangramFrame.read(from: served)
        // Where a hand would let go: near the middle of the place, a little off.
        let target = frame.pixel((xs.min()! + xs.max()!) / 2 + offBy.0, (ys.min()! + ys.max()!) / 2 + offBy.1)
        let start = try await served.browser.element(selector).rect().center
        try await served.expectingState("the drop of \(pose.piece.rawValue)") {
            try await served.browser.perform(Pointer(.mouse).drag(from: start, to: target, steps: 10, duration: .milliseconds(200)))
        }
    }

    /// A viewport point on a piece of the board that the pointer would grab (the piece is the
    /// topmost there): points across the piece are tried until one hits it.
    static func pointOn(_ piece: String, _ served: ServedEditor) async throws -> PagePoint {
        let found = try await served.browser.execute("""
            const shape = document.querySelector(`#overlay [data-piece="${arguments[0]}"]`);
            const m = shape.getScreenCTM();
            const v = [...shape.points].map((p) => [m.a * p.x + m.e, m.d * p.y + m.f]);
            for (let i = 0; i < v.length; i++) for (const w of [0.5, 0.6, 0.7, 0.8]) {
              const c = v.reduce((s, p) => [s[0] + p[0] / v.length, s[1] + p[1] / v.length], [0, 0]);
              const x = Math.round(c[0] * (1 - w) + v[i][0] * w), y = Math.round(c[1] * (1 - w) + v[i][1] * w);
              if (document.elementFromPoint(x, y)?.closest('[data-piece]')?.dataset.piece === arguments[0]) return [x, y];
            }
            return null;
            """, [.string(piece)])
        guard let xy = found.array?.compactMap(\.double), xy.count == 2 else { throw LayoutError("no point of \(piece) can be grabbed") }
        return PagePoint(xy[0], xy[1])
    }

    static func judgement(_ served: ServedEditor) async throws -> (name: String?, k: String?, n: String?, part: String?) {
        let shown = try await served.browser.attributes(of: "#play-judgement", ["data-judgement", "data-k", "data-n", "data-part"])
        return (shown[0], shown[1], shown[2], shown[3])
    }

    static func start(_ served: ServedEditor) async throws {
        try await served.expectingState("Play") { try await served.browser.element("#play-button").click() }
        try await served.browser.waitUntil("the play panel") {
            try await served.browser.attribute(of: "#play", "data-play") == "tangram"
        }
        #expect(try await served.browser.attribute(of: "#tray", "data-pieces")?.split(separator: " ").count == 7,
                "the seven pieces wait in the tray")
    }

    /// The distinct solutions to play of a figure: one of each class under the figure's symmetry,
    /// all of them with GRIDEDIT_PLAY_ALL=1, else one (seeded) as the suite's share.
    static func distinct(_ solutions: [[Pose]], region path: String, random: inout SplitMix64) throws -> [[Pose]] {
        guard case .success(let bytes) = FileSystem.read(path),
              case .puzzle(let document)? = DocumentLoader.load(bytes, isManifest: false).document,
              let region = TangramPlay.figure(of: document.puzzle as! TangramPuzzle) else { return [] }
        let analysis = TangramAnalysis(region: region)
        var seen = Set<Int>(), classes: [[Pose]] = []
        for (index, solution) in analysis.solutions.enumerated() where seen.insert(analysis.symmetryClass[index]).inserted {
            classes.append(solution)
        }
        if ProcessInfo.processInfo.environment["GRIDEDIT_PLAY_ALL"] == "1" { return classes }
        return [classes[Int.random(in: 0..<classes.count, using: &random)]]
    }

    /// The figures played by mouse: two generated ones with several solutions, written into their
    /// own work folders, then the thirteen shipped figures; `part` of `parts` takes every
    /// `parts`-th from the `part`-th, so that the halves run side by side in two browsers.
    static func figuresToPlay(part: Int, of parts: Int) throws -> [(work: TemporaryFolder, name: String)] {
        let figures = ShippedContent.puzzleFiles.map(\.path).filter { $0.contains("/puzzles/tangram-starter/") }
        #expect(figures.count == 13)
        var options = TangramGenerator.Options()
        options.solutions = nil
        let (generated, _) = TangramGenerator(options: options).generate(count: 40, seed: 342)
        let several = Array(generated.filter({ $0.analysis.solutions.count >= 4 }).prefix(2))
        #expect(several.count == 2)
        var played: [(work: TemporaryFolder, name: String)] = []
        for (index, figure) in several.enumerated() where index % parts == part {
            let work = try TemporaryFolder()
            let file = try #require(TangramGenerator.puzzleFiles(for: [figure], in: work.path, prefix: "gen", timestamp: "2026-11-28T00:00:00Z").first)
            try file.document.canonicalText().write(toFile: file.path, atomically: true, encoding: .utf8)
            played.append((work, URL(fileURLWithPath: file.path).lastPathComponent))
        }
        for (index, path) in figures.enumerated() where (index + several.count) % parts == part {
            let work = try TemporaryFolder()
            try FileManager.default.copyItem(atPath: path, toPath: work.file(URL(fileURLWithPath: path).lastPathComponent).path)
            played.append((work, URL(fileURLWithPath: path).lastPathComponent))
        }
        return played
    }

    /// Plays `part` of the figures (``figuresToPlay(part:of:)``) in `browser`: a distinct solution
    /// of each (seeded by the figure's name; all with GRIDEDIT_PLAY_ALL=1), its pieces dragged in
    /// a random order; every drop must fit k of n as the solver's list says and the last solve.
    /// Returns how many solutions were played.
    static func playByMouse(part: Int, of parts: Int, in browser: Browser) async throws -> Int {
        var plays = 0
        for (work, name) in try figuresToPlay(part: part, of: parts) {
            var random = SplitMix64(seed: 34 &+ FNV1a.hash(name.utf8))
            let path = work.file(name).path
            let (solutions, sets) = try Self.figure(path)
            for distinct in try Self.distinct(solutions, region: path, random: &random) {
                plays += 1
                let solution = distinct.shuffled(using: &random)
                try await ServedEditor.with(["serve", name, "--port", "0"], copying: [], browser: browser,
                                            folders: (work, try TemporaryFolder())) { served in
                    try await Self.start(served)
                    var accepted: [Pose.Footprint] = []
                    for (step, pose) in solution.enumerated() {
                        try await Self.put(pose, on: served)
                        let open = sets.indices.filter { i in accepted.allSatisfy { sets[i].contains($0) } }
                        let k = open.filter { sets[$0].contains(pose.footprint) }.count
                        let shown = try await Self.judgement(served)
                        if step == 6 {
                            #expect(shown.name == "solved", "\(name): the last piece solves")
                        } else {
                            #expect(shown.name == "fits" && shown.k == String(k) && shown.n == String(open.count) && shown.part == pose.piece.rawValue,
                                    "\(name) step \(step + 1) \(pose.piece): \(shown)")
                        }
                        accepted.append(pose.footprint)
                    }
                    #expect(try await served.browser.attribute(of: "#play", "data-solved") == "true", "\(name)")
                    #expect(try await served.browser.elements(#"#overlay [data-judgement="fits"], #overlay [data-judgement="solved"]"#).count == 7)
                }
            }
        }
        print("note: played \(plays) distinct solutions by mouse (part \(part + 1) of \(parts))")
        return plays
    }

    @Test("A wrong placement is marked, a hint's outline is drawn and, followed, the figure is solved; the record is written; Edit ends the play")
    func wrongPlacementHintAndSolve() async throws {
        try await ServedEditor.with(["serve", "house.json", "--port", "0"], copying: ["puzzles/tangram-starter/house.json"], browser: browser) { served in
            let (solutions, sets) = try Self.figure(served.work.file("house.json").path)
            try await Self.start(served)
            // The square where some solutions have it: fits k of n.
            let square = solutions.flatMap { $0 }.first { $0.piece == .square }!
            try await Self.put(square, on: served)
            let k = sets.filter { $0.contains(square.footprint) }.count
            let first = try await Self.judgement(served)
            #expect(first.name == "fits" && first.k == String(k) && first.n == String(sets.count), "\(first)")
            try await Self.shot(served, "serve-play-fits")
            // A large triangle dropped onto the square: overlaps, marked on the board.
            var onTop = solutions[0].first { $0.piece == .large1 }!
            onTop.position = square.position
            try await Self.put(onTop, on: served, offBy: (0, 0))
            let wrong = try await Self.judgement(served)
            #expect(wrong.name == "overlaps" || wrong.name == "outside", "\(wrong)")
            #expect(try await served.browser.elements(#"#overlay [data-piece="large-1"].judged-wrong"#).count == 1)
            #expect(try await served.browser.attribute(of: "#play-numbers", "data-wrong") == "1")
            try await Self.shot(served, "serve-play-wrong")
            // Hints, each level, then follow the exact one by dragging; until solved.
            var rounds = 0
            while try await served.browser.attribute(of: "#play", "data-solved") != "true", rounds < 8 {
                rounds += 1
                for level in 1...3 {
                    try await served.expectingState("hint \(level)") { try await served.browser.element("#play-hint-button").click() }
                    #expect(try await served.browser.attribute(of: "#play-hint", "data-level") == String(level))
                }
                let hint = try #require(try await served.pageState()["play"]?["hint"])
                let named = try #require(hint["parts"]?.array?.first?.string)
                if hint["text"]?.string?.hasPrefix("take back") == true {
                    // The piece no solution keeps: dragged off the figure onto the tray.
                    let from = try await Self.pointOn(named, served)
                    let tray = try await served.browser.element("#tray").rect().center
                    try await served.expectingState("\(named) back to the tray") {
                        try await served.browser.perform(Pointer(.mouse).drag(from: from, to: tray, steps: 10, duration: .milliseconds(200)))
                    }
                    #expect(try await served.browser.attribute(of: "#tray", "data-pieces")?.contains(named) == true)
                    continue
                }
                #expect(try await served.browser.elements("#overlay [data-hint-outline]").count == 1, "the hint's outline is drawn")
                if rounds <= 2 { try await Self.shot(served, "serve-play-hint") }
                let piece = try #require(hint["parts"]?.array?.first?.string.flatMap(TangramPiece.init(rawValue:)))
                // The place: the hinted outline (drawing units) back in play-area units.
                let outline = hint["outline"]?.array?.compactMap { $0.array?.compactMap(\.double) } ?? []
                let s = try #require(try await served.pageState()["frame"])
                let scale = s["scale"]!.double!, ox = s["originX"]!.double!, oy = s["originY"]!.double!
                let corners = outline.map { (($0[0] - ox) / scale, (oy - $0[1]) / scale) }
                let candidates = solutions.flatMap { $0 }.filter { $0.piece.shape == piece.shape }
                let target = try #require(candidates.first { c in
                    let v = c.vertices.map { ($0.doubleX, $0.doubleY) }
                    return v.count == corners.count && v.allSatisfy { p in corners.contains { abs($0.0 - p.0) < 0.01 && abs($0.1 - p.1) < 0.01 } }
                })
                var pose = target
                pose.piece = piece
                try await Self.put(pose, on: served)
                #expect(try await Self.judgement(served).name.map { $0 == "fits" || $0 == "solved" } == true)
            }
            #expect(try await served.browser.attribute(of: "#play", "data-solved") == "true")
            try await Self.shot(served, "serve-play-solved")
            let record = try #require(try await served.pageState()["play"]?["record"]?.string)
            let text = try served.work.read(record)
            #expect(text.contains("\"completed\": true") && text.contains("\"judgement\": \"overlaps\"") || text.contains("\"judgement\": \"outside\""),
                    "the record: \(text.prefix(400))")
            // Edit ends the play: the designer's puzzle is back, unchanged.
            try await served.expectingState("Edit") { try await served.browser.element(#"#view-switch [data-view="board"]"#).click() }
            #expect(try await served.browser.attribute(of: "#play", "data-play") == "none")
            #expect(try await served.pageState()["document"]?["name"]?.string == "house.json")
        }
    }

    @Test("Play pressed while the board shows the pieces hint plays at that level: the figure with the solution's piece outlines behind the child's pieces")
    func playAtTheChildsHintLevel() async throws {
        try await ServedEditor.with(["serve", "swan.json", "--port", "0"], copying: ["puzzles/tangram-starter/swan.json"], browser: browser) { served in
            try await served.browser.element(#"#view-switch [data-view="pieces"]"#).click()
            try await served.browser.waitUntil("the pieces hint shown") { try await served.body("data-view") == "pieces" }
            try await Self.start(served)
            #expect(try await served.body("data-view") == "board", "play shows the board")
            let svg = try await served.browser.execute("return window.gridedit.state.svg").string ?? ""
            let shown = try await served.browser.execute("return window.gridedit.state.play.status").string ?? ""
            #expect(shown.contains("0 of 7"), "\(shown)")
            // The pieces hint draws every piece's outline in the figure: a path of seven closed rings
            // more than the outline level's (Cairo writes one stroke of several shapes as one path).
            let rings = svg.components(separatedBy: "Z").count
            try await Self.shot(served, "serve-play-pieces")
            try await served.expectingState("Edit") { try await served.browser.element(#"#view-switch [data-view="board"]"#).click() }
            try await served.browser.element(#"#view-switch [data-view="outline"]"#).click()
            try await Self.start(served)
            let outlineRings = (try await served.browser.execute("return window.gridedit.state.svg").string ?? "").components(separatedBy: "Z").count
            #expect(rings >= outlineRings + 7, "pieces level \(rings) closed rings, outline level \(outlineRings)")
        }
    }

    @Test("Sudoku play: typed digits judged right, wrong or in conflict against the one solution; the last solves")
    func sudokuByKeyboard() async throws {
        try await ServedEditor.with(["serve", "mini-01.json", "--port", "0"], copying: ["puzzles/sudoku-4x4/mini-01.json"], browser: browser) { served in
            guard case .success(let bytes) = FileSystem.read(served.work.file("mini-01.json").path),
                  case .puzzle(let document)? = DocumentLoader.load(bytes, isManifest: false).document,
                  let sudoku = document.puzzle as? SudokuPuzzle else { throw LayoutError("not a sudoku") }
            let line = sudoku.givens.cells.map { $0 == 0 ? "." : String($0) }.joined()
            let solution = try #require(BruteForceSudoku(line)?.solutions(limit: 2).first)
            try await served.expectingState("Play") { try await served.browser.element("#play-button").click() }
            try await served.browser.waitUntil("the play panel") { try await served.browser.attribute(of: "#play", "data-play") == "sudoku" }
            let empty = sudoku.givens.cells.indices.filter { sudoku.givens.cells[$0] == 0 }
            // A wrong digit first, then every right one.
            let first = empty[0]
            let wrongDigit = (1...4).first { $0 != solution[first] }!
            for (index, digit) in [(first, wrongDigit)] + empty.map({ ($0, solution[$0]) }) {
                let cell = "r\(index / 4 + 1)c\(index % 4 + 1)"
                try await served.browser.element(#"[data-cell="\#(cell)"]"#).click()
                try await served.expectingState("\(digit) in \(cell)") { try await served.browser.perform(Keyboard().press(String(digit))) }
                let shown = try await Self.judgement(served)
                let want = index == first && digit == wrongDigit ? ["wrong", "conflicts"] : index == empty.last! ? ["solved"] : ["right"]
                #expect(shown.name.map(want.contains) == true && shown.part == cell, "\(cell) \(digit): \(shown)")
            }
            #expect(try await served.browser.attribute(of: "#play", "data-solved") == "true")
        }
    }

    /// A screenshot of the page, written to docs/images when GRIDEDIT_UPDATE_SCREENSHOTS=1.
    static func shot(_ served: ServedEditor, _ name: String) async throws {
        guard ProcessInfo.processInfo.environment["GRIDEDIT_UPDATE_SCREENSHOTS"] == "1" else { return }
        try await ServeScreenshotTests.settle(served, parkingTheMouse: true)
        let png = try await served.browser.screenshot()
        try png.write(to: GridEditBinary.repositoryRoot.appendingPathComponent("docs/images/\(name).png"))
    }
}

/// The play-through by mouse (``ServePlayPageTests/playByMouse(part:of:in:)``), in two suites with a
/// browser each so that the halves run side by side: it is the longest browser test.
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(6)))
struct ServePlayByMouseTests {
    @Test("Each shipped figure and generated ones with several solutions, a distinct solution (seeded; all with GRIDEDIT_PLAY_ALL=1) dragged piece by piece in a random order: every drop fits k of n as the solver's list says, the last solves (first half)")
    func firstHalf() async throws {
        #expect(try await ServePlayPageTests.playByMouse(part: 0, of: 2, in: try Browser.current) >= 8)
    }
}

@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(6)))
struct ServePlayByMouseSecondHalfTests {
    @Test("The same play-through by mouse, second half of the figures")
    func secondHalf() async throws {
        #expect(try await ServePlayPageTests.playByMouse(part: 1, of: 2, in: try Browser.current) >= 7)
    }
}
