import Foundation
import GridEditCore

/// Everything a designer can change about how puzzles look: fonts, colours, sizes, spacing and
/// the words printed on cards and sheets. One file (`templates/style.jsonc`) defines it for every
/// kind and every product (previews, cards, sheets, the gallery); docs/rendering.md lists each
/// field.
///
/// Lengths on cards and sheets are millimetres (they are printed); tangram line widths are in
/// tangram units (the small triangle's leg is 1); Sudoku widths and text sizes are fractions of a
/// cell, so every grid size looks alike.
public struct Style: Sendable, Equatable {
    public var fonts: Fonts
    public var colors: Colors
    public var tangram: TangramStyle
    public var sudoku: SudokuStyle
    public var preview: PreviewStyle
    public var card: CardStyle
    public var sheet: SheetStyle
    public var gallery: GalleryStyle
    public var text: Wording

    /// Font files, loaded explicitly through FreeType so that output never depends on what
    /// fontconfig would pick. A relative path is relative to the style file's folder.
    public struct Fonts: Sendable, Equatable {
        public var regular: String
        public var bold: String
    }

    public struct Colors: Sendable, Equatable {
        /// Behind previews (PNG and SVG).
        public var background: Color
        /// The card face and the sheet page.
        public var paper: Color
        /// Behind the thumbnail on a card.
        public var panel: Color
        /// Card border and divider lines.
        public var border: Color
        /// Titles and other main text.
        public var ink: Color
        /// Secondary text: sizes, ids, page numbers, rules.
        public var mutedInk: Color
        /// Stars earned and stars not earned (difficulty).
        public var starOn: Color
        public var starOff: Color
        /// The kind badge on cards and the number badge on sheets, per kind.
        public var kinds: [String: Color]
        /// Text on a kind badge.
        public var badgeText: Color
    }

    public struct TangramStyle: Sendable, Equatable {
        /// The filled shape a child sees ("shape" hint).
        public var silhouette: Color
        /// Inside the shape for the line hints ("outline" and "pieces").
        public var hintFill: Color
        /// Lines of the line hints.
        public var hintLine: Color
        /// Solution colours by piece type: both large triangles share one colour, and so on.
        public var pieces: [TangramPiece.Shape: Color]
        /// The play-area grid (`--grid`) and its border.
        public var grid: Color
        public var gridBorder: Color
        /// Widths in tangram units.
        public var outlineWidth: Double
        public var pieceLineWidth: Double
        public var gapWidth: Double
        public var gridWidth: Double
    }

    public struct SudokuStyle: Sendable, Equatable {
        public var cell: Color
        public var givenCell: Color
        public var given: Color
        public var solution: Color
        public var candidate: Color
        public var cellLine: Color
        public var boxLine: Color
        /// Widths, corner radius and digit sizes as fractions of a cell's side.
        public var cellLineWidth: Double
        public var boxLineWidth: Double
        public var borderWidth: Double
        public var cornerRadius: Double
        public var digitSize: Double
        public var candidateSize: Double
    }

    public struct PreviewStyle: Sendable, Equatable {
        /// Side of a PNG preview in pixels (SVG and PDF: points) unless `--size` says otherwise.
        public var size: Int
        /// Empty border around the figure or grid, as a fraction of the side.
        public var margin: Double
    }

    /// The shared puzzle card; lengths in millimetres.
    public struct CardStyle: Sendable, Equatable {
        /// The printed size (PDF); PNG cards keep these proportions.
        public var width: Double
        public var height: Double
        /// Width of a PNG card in pixels unless `--size` says otherwise.
        public var pixelWidth: Int
        public var cornerRadius: Double
        public var borderWidth: Double
        public var padding: Double
        /// Vertical space between the card's rows.
        public var gap: Double
        public var thumbnailHeight: Double
        public var thumbnailCornerRadius: Double
        public var thumbnailPadding: Double
        public var badgeTextSize: Double
        public var titleSize: Double
        public var starSize: Double
        public var labelSize: Double
        public var footerSize: Double
    }

    /// Printable sheets (PDF booklets); lengths in millimetres.
    public struct SheetStyle: Sendable, Equatable {
        public var width: Double
        public var height: Double
        public var margin: Double
        public var gap: Double
        public var titleSize: Double
        public var rulesSize: Double
        public var labelSize: Double
        public var footerSize: Double
        /// Puzzles per page when `--sheet` gives no layout.
        public var columns: Int
        public var rows: Int
    }

    /// What `gridedit render … --gallery` writes.
    public struct GalleryStyle: Sendable, Equatable {
        public var previewSize: Int
        public var cardWidth: Int
    }

    /// The words on cards and sheets, so they can be translated or reworded in one place.
    /// `{count}`, `{size}`, `{page}`, `{pages}`, `{min}` and `{max}` are replaced.
    public struct Wording: Sendable, Equatable {
        public var kinds: [String: String]
        public var difficulty: [Difficulty: String]
        public var pieces: String
        public var silhouette: String
        public var sudokuSize: String
        public var rules: [String: String]
        public var solutions: String
        public var page: String
        /// `{min}` and `{max}` are the pack's age range.
        public var ages: String
    }
}

extension Style {
    /// The colour of a kind's badge; kinds without their own colour use the ink colour.
    func kindColor(_ kind: String) -> Color { colors.kinds[kind] ?? colors.ink }

    /// A kind's display name, e.g. "Tangram".
    func kindName(_ kind: String) -> String { text.kinds[kind] ?? kind.capitalized }

    /// The solution colour of a piece.
    func pieceColor(_ piece: TangramPiece) -> Color { tangram.pieces[piece.shape] ?? tangram.silhouette }

    /// The colour a drawing gives a part by its name (a tangram piece, `large-1`), for front ends
    /// that lay shapes over the drawing; nil for a name that has no colour of its own.
    public func partColor(_ name: String) -> Color? {
        TangramPiece(rawValue: name).flatMap { tangram.pieces[$0.shape] }
    }
}

extension String {
    /// The text with each `{name}` that `values` knows replaced (others are kept as written).
    /// One pass over the text; Foundation's `replacingOccurrences` was a third of a sheet's own time.
    func filled(_ values: [String: String]) -> String {
        guard firstIndex(of: "{") != nil else { return self }
        var result = ""
        var rest = self[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            rest = rest[open...]
            guard let close = rest.firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            result += values[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }

    var capitalized: String { prefix(1).uppercased() + dropFirst() }
}

