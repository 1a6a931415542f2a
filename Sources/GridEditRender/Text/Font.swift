import CCairo
import Foundation
import GridEditCore

/// One font file, loaded explicitly through FreeType (never through fontconfig, whose choice
/// could differ between machines) and wrapped as a cairo font face.
///
/// Each font has its own FreeType library: the face, and then the library, are released by cairo
/// when the last user of the cairo face lets go, which is the lifetime cairo-ft requires.
final class Font: @unchecked Sendable {
    let path: String
    /// cairo_font_face_t*
    let face: OpaquePointer
    let unitsPerEm: Double
    let hasKerning: Bool
    /// Glyph lookups for `covers`, from the face's character map.
    private let characters: Set<UInt32>

    private let lock = NSLock()
    /// cairo_scaled_font_t* by size.
    private var scaled: [Double: OpaquePointer] = [:]
    /// Kerning in font units by glyph pair (left << 32 | right): looking it up through cairo
    /// locks the face and resets FreeType's size every time.
    private var kerningCache: [UInt64: Int] = [:]

    init(path: String) throws(RenderError) {
        guard FileSystem.isFile(path) else {
            throw .fontUnavailable(path: path, reason: FileSystem.exists(path) ? "not a regular file" : "no such file")
        }
        guard access(path, R_OK) == 0 else {
            throw .fontUnavailable(path: path, reason: String(cString: strerror(errno)))
        }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw .fontUnavailable(path: path, reason: "FreeType could not start")
        }
        var ftFace: FT_Face?
        let error = FT_New_Face(library, path, 0, &ftFace)
        guard error == 0, let ftFace else {
            FT_Done_FreeType(library)
            throw .fontUnavailable(path: path, reason: "not a font FreeType can read (FreeType error \(error))")
        }
        guard gridedit_ft_is_scalable(ftFace) != 0 else {
            FT_Done_FreeType(library)
            throw .fontUnavailable(path: path, reason: "a bitmap font; use an outline font (.ttf or .otf)")
        }
        unitsPerEm = Double(ftFace.pointee.units_per_EM)
        hasKerning = gridedit_ft_has_kerning(ftFace) != 0
        characters = Font.characterMap(ftFace)

        let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, 0)!
        // Destroying the library destroys its only face too.
        let status = cairo_font_face_set_user_data(cairoFace, &fontLibraryKey, UnsafeMutableRawPointer(library)) { pointer in
            if let pointer { FT_Done_FreeType(OpaquePointer(pointer)) }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(cairoFace)
            FT_Done_FreeType(library)
            throw .fontUnavailable(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
        self.path = path
        self.face = cairoFace
    }

    deinit {
        for font in scaled.values { cairo_scaled_font_destroy(font) }
        cairo_font_face_destroy(face)
    }

    /// The font at a size (in device units), cached. Metrics are not hinted, so a text has the
    /// same layout in a PNG, an SVG and a PDF; outlines are not hinted either, for the same shapes.
    func scaledFont(size: Double) -> OpaquePointer {
        lock.lock()
        defer { lock.unlock() }
        if let font = scaled[size] { return font }
        var fontMatrix = cairo_matrix_t()
        var identity = cairo_matrix_t()
        cairo_matrix_init_scale(&fontMatrix, size, size)
        cairo_matrix_init_identity(&identity)
        let options = Font.options
        let font = cairo_scaled_font_create(face, &fontMatrix, &identity, options)!
        scaled[size] = font
        return font
    }

    /// The font options every scaled font uses (the C baseline uses the same).
    nonisolated(unsafe) static let options: OpaquePointer = {
        let options = cairo_font_options_create()!
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        return options
    }()

    /// Whether the font has a glyph for every character of `text` (spaces and controls aside).
    func covers(_ scalar: Unicode.Scalar) -> Bool { characters.contains(scalar.value) }

    /// The kerning between two glyphs, in device units at `size`; zero when the font has none.
    func kerning(_ left: UInt, _ right: UInt, in scaledFont: OpaquePointer, size: Double) -> Double {
        guard hasKerning else { return 0 }
        let key = UInt64(truncatingIfNeeded: left) << 32 | UInt64(truncatingIfNeeded: right)
        lock.lock()
        let cached = kerningCache[key]
        lock.unlock()
        if let cached { return Double(cached) * size / unitsPerEm }
        // cairo's lock serialises FreeType access with cairo's own use of the face.
        var units = 0
        if let ftFace = cairo_ft_scaled_font_lock_face(scaledFont) {
            var vector = FT_Vector()
            if FT_Get_Kerning(ftFace, FT_UInt(left), FT_UInt(right), FT_UInt(FT_KERNING_UNSCALED.rawValue), &vector) == 0 {
                units = Int(vector.x)
            }
            cairo_ft_scaled_font_unlock_face(scaledFont)
        }
        lock.lock()
        kerningCache[key] = units
        lock.unlock()
        return Double(units) * size / unitsPerEm
    }

    private static func characterMap(_ face: FT_Face) -> Set<UInt32> {
        var result = Set<UInt32>()
        var glyph: FT_UInt = 0
        var code = FT_Get_First_Char(face, &glyph)
        while glyph != 0 {
            result.insert(UInt32(truncatingIfNeeded: code))
            code = FT_Get_Next_Char(face, code, &glyph)
        }
        return result
    }
}

/// The key under which each cairo font face keeps its FreeType library.
nonisolated(unsafe) private var fontLibraryKey = cairo_user_data_key_t()

/// The two fonts a style names.
final class FontSet: Sendable {
    let regular: Font
    let bold: Font

    init(_ fonts: Style.Fonts) throws(RenderError) {
        regular = try Font(path: fonts.regular)
        bold = try Font(path: fonts.bold)
    }

    func font(_ weight: FontWeight) -> Font { weight == .bold ? bold : regular }
}

/// Which of the style's two fonts.
public enum FontWeight: String, Sendable, Hashable {
    case regular, bold
}
