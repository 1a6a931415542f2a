import GridEditCore
/// Which colour is which piece: what camera capture needs to tell the seven pieces apart.
///
/// A profile is a small JSON file (`templates/capture-colors.jsonc` for the pieces printed by
/// `gridedit mat --pieces`; `gridedit capture calibrate` writes one for a designer's own set).
/// A physical set may give two pieces the same colour (both large triangles red, say); such
/// pieces form one ``colorClasses`` entry and capture tells them apart by shape alone.
///
/// Loading refuses what capture could not use: a missing or unknown piece, a colour too grey to
/// tell from the paper (below ``minSaturation``), a hue tolerance outside 2…60 degrees.
public struct ColorProfile: Sendable, Hashable {
    /// The `colorProfile` version this build reads and writes.
    public static let formatVersion = 1
    /// `$schema` as written next to the templates (`templates/…` → `schemas/colors.schema.json`).
    public static let defaultSchemaReference = "../schemas/colors.schema.json"
    /// The profile of the printed cut-out pieces, relative to the repository (JSON with comments,
    /// like `templates/style.jsonc`: a `.json` file in `templates/` would be taken for a puzzle
    /// template by `check`, `format` and the editor's `new`).
    public static let defaultRelativePath = "templates/capture-colors.jsonc"
    /// The allowed `hueTolerance`, in degrees: under 2 no camera reproduces a hue that closely,
    /// over 60 one colour would swallow a third of the colour wheel.
    public static let hueToleranceRange: ClosedRange<Double> = 2...60

    public var schemaReference: String?
    public var name: String
    public var description: String?
    /// Colours less saturated than this are paper, grid lines or shadows, never a piece (0…1).
    public var minSaturation: Double
    /// One colour per piece, for all seven pieces.
    public var colors: [TangramPiece: PieceColor]

    public init(name: String, description: String? = nil, minSaturation: Double, colors: [TangramPiece: PieceColor],
                schemaReference: String? = ColorProfile.defaultSchemaReference) {
        self.name = name
        self.description = description
        self.minSaturation = minSaturation
        self.colors = colors
        self.schemaReference = schemaReference
    }

    /// The pieces grouped by identical colour (same `#RRGGBB`), each group and the list in
    /// `TangramPiece` order: `[[large-1, large-2], [medium], …]` for a set with two red triangles.
    public var colorClasses: [[TangramPiece]] {
        var classes: [[TangramPiece]] = []
        for piece in TangramPiece.allCases {
            guard let color = colors[piece] else { continue }
            if let index = classes.firstIndex(where: { colors[$0[0]]?.hex == color.hex }) {
                classes[index].append(piece)
            } else {
                classes.append([piece])
            }
        }
        return classes
    }
}

/// One piece's colour as the camera should see it, in sRGB, with how far a pixel's hue may stray
/// from it (lighting, white balance, print) and still count as this piece.
public struct PieceColor: Sendable, Hashable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// Degrees either side of ``hue``.
    public var hueTolerance: Double

    public init(red: UInt8, green: UInt8, blue: UInt8, hueTolerance: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.hueTolerance = hueTolerance
    }

    /// Parses `#RRGGBB` (hex digits in either case).
    public init?(hex: String, hueTolerance: Double) {
        guard let channels = HexColorNotation.channels(hex, allowsAlpha: false) else { return nil }
        self.init(red: channels[0], green: channels[1], blue: channels[2], hueTolerance: hueTolerance)
    }

    /// `#RRGGBB` in upper case, as profiles are written.
    public var hex: String { HexColorNotation.text([red, green, blue]) }

    // MARK: HSV

    private var channels: (r: Double, g: Double, b: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255)
    }

    /// Hue in degrees, 0 ..< 360 (0 for greys, which have none).
    public var hue: Double {
        let (r, g, b) = channels
        let high = max(r, g, b), low = min(r, g, b), range = high - low
        guard range > 0 else { return 0 }
        var degrees: Double
        if high == r {
            degrees = 60 * ((g - b) / range)
        } else if high == g {
            degrees = 60 * ((b - r) / range + 2)
        } else {
            degrees = 60 * ((r - g) / range + 4)
        }
        if degrees < 0 { degrees += 360 }
        return degrees >= 360 ? degrees - 360 : degrees
    }

    /// HSV saturation, 0…1.
    public var saturation: Double {
        let (r, g, b) = channels
        let high = max(r, g, b)
        return high == 0 ? 0 : (high - min(r, g, b)) / high
    }

    /// HSV value (brightness), 0…1.
    public var value: Double {
        let (r, g, b) = channels
        return max(r, g, b)
    }

    /// The angle between two hues in degrees, 0…180.
    public static func hueDistance(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return d > 180 ? 360 - d : d
    }
}
