import Foundation
import GridEditCore

/// An sRGB colour with alpha, each channel 0…1, written `#RRGGBB` or `#RRGGBBAA` in the style file.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (hex digits in either case); nil for anything else.
    public init?(hex text: String) {
        guard let channels = HexColorNotation.channels(text, allowsAlpha: true)?.map({ Double($0) / 255 }) else { return nil }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque: the style file's notation.
    public var description: String {
        let channels = (alpha < 1 ? [red, green, blue, alpha] : [red, green, blue])
        return HexColorNotation.text(channels.map { UInt8((min(max($0, 0), 1) * 255).rounded()) })
    }

    /// Relative luminance (WCAG), to choose readable text on a coloured badge.
    public var luminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let black = Color(red: 0, green: 0, blue: 0)
}

