import Foundation
@testable import GridEditRender
import Testing

/// Text is real text: the font's character map, kerning, and fitting to the space on a card.
@Suite("Text layout")
struct TextTests {
    let layout = Fixtures.renderer.layout

    @Test("pairs are kerned: AV and To are narrower than their letters apart")
    func kerning() {
        for pair in ["AV", "To", "Ty"] {
            let together = layout.run(pair, weight: .bold, size: 100).advance
            let apart = pair.map { layout.run(String($0), weight: .bold, size: 100).advance }.reduce(0, +)
            #expect(together < apart - 1, "\(pair): \(together) vs \(apart)")
        }
        // Letters that do not kern keep their advances.
        let ab = layout.run("ab", weight: .regular, size: 100).advance
        #expect(abs(ab - layout.run("a", weight: .regular, size: 100).advance - layout.run("b", weight: .regular, size: 100).advance) < 1e-9)
    }

    @Test("non-ASCII titles: every character has a glyph, clusters cover every UTF-8 byte")
    func unicode() {
        let text = "Café ★"
        let run = layout.run(text, weight: .bold, size: 20)
        #expect(run.glyphs.count == 6)
        #expect(run.glyphs.allSatisfy { $0.index != 0 }, "no .notdef boxes")
        #expect(run.clusters.map(\.bytes).reduce(0, +) == Int32(text.utf8.count))
        #expect(layout.missingCharacters(text, weight: .bold).isEmpty)
        #expect(layout.missingCharacters("Cat 🐱", weight: .bold).isEmpty, "DejaVu has the emoji")
        #expect(layout.missingCharacters("Cat 猫", weight: .bold) == ["猫"])
    }

    @Test("a long title shrinks to fit, then is shortened with an ellipsis")
    func fitting() {
        let short = layout.fitted("Cat", weight: .bold, size: 30, minimumSize: 18, width: 300)
        #expect(short.size == 30 && short.text == "Cat")
        let long = layout.fitted("The Very Hungry Caterpillar", weight: .bold, size: 30, minimumSize: 18, width: 300)
        #expect(long.size < 30 && long.size >= 18 && long.advance <= 300 + 1e-9 && long.text == "The Very Hungry Caterpillar")
        let huge = layout.fitted(String(repeating: "Tangram ", count: 10), weight: .bold, size: 30, minimumSize: 18, width: 300)
        #expect(huge.size == 18 && huge.advance <= 300 && huge.text.hasSuffix("…") && !huge.text.hasSuffix(" …"))
    }

    @Test("rules wrap at spaces into lines that fit")
    func wrapping() {
        let text = "Fill each empty square so that every row, every column and every box holds each number exactly once."
        let lines = layout.wrapped(text, weight: .regular, size: 12, width: 200)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.advance <= 200 })
        #expect(lines.map(\.text).joined(separator: " ") == text)
    }

    @Test("placeholders in the style's words are filled; unknown ones are kept")
    func placeholders() {
        #expect("{count} pieces".filled(["count": "7"]) == "7 pieces")
        #expect("{size}×{size}".filled(["size": "9"]) == "9×9")
        #expect("Page {page} of {pages}".filled(["page": "2", "pages": "6"]) == "Page 2 of 6")
        #expect("{nope} and {size".filled(["size": "4"]) == "{nope} and {size")
        #expect("no placeholders".filled([:]) == "no placeholders")
    }

    @Test("ink extents centre digits: a centred digit's ink is centred")
    func inkCentring() {
        for digit in ["1", "4", "7", "9"] {
            let run = layout.run(digit, weight: .bold, size: 40)
            #expect(run.inkWidth > 0 && run.inkHeight > 20 && run.inkY < 0)
        }
    }
}
