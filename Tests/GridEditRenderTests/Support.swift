import Foundation
import GridEditCore
import GridEditRender
import GridEditTestSupport
import Testing

/// The test puzzles and style under `Fixtures/`: copies of a few shipped puzzles and of the
/// shipped style, so goldens change only when the renderer does, not when a designer edits
/// `puzzles/` or `templates/style.jsonc`.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static let puzzles = folder.appendingPathComponent("puzzles")

    static func document(_ name: String) throws -> PuzzleDocument {
        try PuzzleStore(root: puzzles.path).load(puzzles.appendingPathComponent(name + ".json").path).document
    }

    static let style: Style = try! Style.load(path("style.jsonc"))
    static let renderer: Renderer = try! Renderer(style: style)

    static func tangram(_ name: String) throws -> TangramPuzzle {
        try #require(try document(name).puzzle as? TangramPuzzle)
    }
}

/// Text goldens under `Goldens/`. Run the tests with `GRIDEDIT_UPDATE_GOLDENS=1` to rewrite them
/// after an intended change, then review the diff.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var updating: Bool { ProcessInfo.processInfo.environment["GRIDEDIT_UPDATE_GOLDENS"] == "1" }

    static func check(_ name: String, _ actual: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if updating {
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("no golden \(name); run the tests with GRIDEDIT_UPDATE_GOLDENS=1 to create it",
                         sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(e, a).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(e.count, a.count)
        Issue.record("""
            \(name) differs from the golden at line \(line + 1) (\(e.count) lines expected, \(a.count) found):
              golden: \(line < e.count ? String(e[line]) : "<end>")
              actual: \(line < a.count ? String(a[line]) : "<end>")
            If the change is intended, rerun with GRIDEDIT_UPDATE_GOLDENS=1 and review the diff.
            """, sourceLocation: sourceLocation)
    }
}

/// A PNG decoded by ``PNGImage`` (cairo's reader), unpremultiplied, for tests that look at pixels.
struct DecodedPNG {
    let width: Int
    let height: Int
    /// Unpremultiplied (red, green, blue, alpha), row-major.
    private let pixels: [(UInt8, UInt8, UInt8, UInt8)]

    struct Pixel: Equatable, CustomStringConvertible {
        var r, g, b, a: UInt8
        var description: String { "rgba(\(r), \(g), \(b), \(a))" }
        /// 0 (black) … 1 (white).
        var lightness: Double { (0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)) / 255 }

        func isClose(to color: Color, tolerance: Int = 3) -> Bool {
            func channel(_ c: Double) -> Int { Int((c * 255).rounded()) }
            return abs(Int(r) - channel(color.red)) <= tolerance && abs(Int(g) - channel(color.green)) <= tolerance
                && abs(Int(b) - channel(color.blue)) <= tolerance && a == 255
        }
    }

    init(_ bytes: [UInt8]) throws {
        let image = try PNGImage(png: Data(bytes))
        width = image.width
        height = image.height
        pixels = image.pixels.map { word in
            let a = Int(word >> 24)
            func channel(_ shift: UInt32) -> UInt8 {
                let c = Int((word >> shift) & 0xFF)
                return a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
            }
            return (channel(16), channel(8), channel(0), UInt8(a))
        }
    }

    subscript(x: Int, y: Int) -> Pixel {
        let p = pixels[y * width + x]
        return Pixel(r: p.0, g: p.1, b: p.2, a: p.3)
    }
}
