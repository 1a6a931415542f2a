import BrowserSupport
import Foundation
import GridEditCore
import GridEditGeometry
import GridEditTestSupport
import Testing

/// The tray beside the board, in chromium with a real mouse: a removed piece waits there and a
/// rough drag puts it back exactly; a piece dragged from the board onto the tray comes off.
@Suite(.serialized, .whenBrowserInstalled, .browserSession(PageSize.options), .timeLimit(.minutes(3)))
struct ServeTrayPageTests {
    let browser: Browser
    init() throws { browser = try Browser.current }

    static func pieces(_ path: String) throws -> Set<Pose> {
        guard case .success(let bytes) = FileSystem.read(path),
              case .puzzle(let document)? = DocumentLoader.load(bytes, isManifest: false).document,
              let tangram = document.puzzle as? TangramPuzzle else { throw LayoutError("\(path) is not a tangram") }
        return Set(tangram.pieces ?? [])
    }

    @Test("A removed piece waits in the tray; dragged back with a rough drop it lands exactly; saved, the file is the figure")
    func removedPieceGoesBack() async throws {
        try await ServedEditor.with(["serve", "cat.json", "--port", "0"], copying: ["puzzles/tangram-starter/cat.json"], browser: browser) { served in
            let original = try Self.pieces(served.work.file("cat.json").path)
            #expect(try await served.browser.attribute(of: "#tray", "data-pieces") == "", "every piece is on the board")
            for piece in [TangramPiece.square, .small2, .parallelogram] {
                let pose = try #require(original.first { $0.piece == piece })
                try await served.expectingState("remove \(piece.rawValue)") {
                    try await served.browser.execute("window.gridedit.run(arguments[0])", [.string("remove \(piece.rawValue)")])
                }
                let tray = try await served.browser.waitForElement(#"#tray [data-tray-piece="\#(piece.rawValue)"]"#)
                // Drop its middle where it was, 0.04 units off in x and y, as a hand would.
                let xs = pose.vertices.map(\.x.doubleValue), ys = pose.vertices.map(\.y.doubleValue)
                let frame = try await TangramFrame.read(from: served)
                let target = frame.pixel((xs.min()! + xs.max()!) / 2 + 0.04, (ys.min()! + ys.max()!) / 2 - 0.04)
                let start = try await tray.rect().center
                try await served.expectingState("the drop of \(piece.rawValue) from the tray") {
                    try await served.browser.perform(Pointer(.mouse).drag(from: start, to: target, steps: 12, duration: .milliseconds(240)))
                }
                #expect(try await served.browser.elements(#"#tray [data-tray-piece="\#(piece.rawValue)"]"#).isEmpty)
            }
            // Every piece is back exactly: the document equals the file again (not dirty, after six
            // edits), and saving as a new file writes the original figure.
            let state = try await served.pageState()
            #expect(state["document"]?["dirty"]?.bool == false && state["document"]?["edits"]?.int == 6, "\(state["document"]?.compactText ?? "")")
            try await served.browser.execute("window.gridedit.save('cat-again.json')")
            try await served.browser.waitUntil("cat-again.json to be saved", timeout: 10) {
                FileManager.default.fileExists(atPath: served.work.file("cat-again.json").path)
            }
            #expect(try Self.pieces(served.work.file("cat-again.json").path) == original, "the saved figure is the original, exactly")
        }
    }

    @Test("A piece dragged from the board onto the tray comes off the board")
    func dragOutRemoves() async throws {
        try await ServedEditor.with(["serve", "cat.json", "--port", "0"], copying: ["puzzles/tangram-starter/cat.json"], browser: browser) { served in
            let original = try Self.pieces(served.work.file("cat.json").path)
            let pose = try #require(original.first { $0.piece == .medium })
            let frame = try await TangramFrame.read(from: served)
            let inside = TangramFrame.inside(pose)
            let tray = try await served.browser.element("#tray").rect().center
            try await served.browser.perform(Pointer(.mouse).drag(from: frame.pixel(inside.x, inside.y), to: tray, steps: 12, duration: .milliseconds(240)))
            try await served.browser.waitUntil("medium to wait in the tray", timeout: 10) {
                try await served.browser.attribute(of: "#tray", "data-pieces") == "medium"
            }
            #expect(try await served.browser.elements(#"#overlay [data-piece="medium"]"#).isEmpty)
        }
    }
}
