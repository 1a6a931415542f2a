import Foundation
import GridEditTestSupport

/// How far a screenshot may stray from its reference: anti-aliased edges and text shift by a
/// few levels between runs and chromium builds, so a pixel counts as different only when one
/// channel moves more than `channel`, and the images match while at most `fraction` of the
/// pixels differ. A changed piece colour, position or digit moves far more than both.
public struct ScreenshotTolerance: Sendable {
    public var channel: Int
    public var fraction: Double

    public init(channel: Int = 32, fraction: Double = 0.002) {
        self.channel = channel
        self.fraction = fraction
    }

    /// Pixel for pixel.
    public static let exact = ScreenshotTolerance(channel: 0, fraction: 0)
}

/// How two images differ.
public struct ImageDifference: Sendable, CustomStringConvertible {
    public var differingPixels: Int
    public var totalPixels: Int
    /// The largest change of one channel (alpha, red, green, blue) anywhere, 0…255.
    public var largestChannelDifference: Int
    /// Nil when the sizes agree, else a description of both.
    public var sizeMismatch: String?
    /// Differing pixels in red over a faded copy of the actual image.
    public var diffImage: PNGImage

    public var fraction: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }

    public func isWithin(_ tolerance: ScreenshotTolerance) -> Bool {
        sizeMismatch == nil && fraction <= tolerance.fraction
    }

    public var description: String {
        if let sizeMismatch { return sizeMismatch }
        let percent = (fraction * 10000).rounded() / 100
        return "\(differingPixels) of \(totalPixels) pixels (\(percent) %) differ, by up to \(largestChannelDifference)"
    }

    /// Compares `actual` with `reference` pixel by pixel under `tolerance.channel`.
    public init(actual: PNGImage, reference: PNGImage, tolerance: ScreenshotTolerance) {
        let width = max(actual.width, reference.width), height = max(actual.height, reference.height)
        var diff = [UInt32](repeating: 0xFFFF_00FF, count: width * height)  // magenta: outside one image
        var differing = 0, largest = 0
        for y in 0..<min(actual.height, reference.height) {
            for x in 0..<min(actual.width, reference.width) {
                let a = actual.pixels[y * actual.width + x], r = reference.pixels[y * reference.width + x]
                var change = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    change = max(change, abs(Int((a >> shift) & 0xFF) - Int((r >> shift) & 0xFF)))
                }
                largest = max(largest, change)
                if change > tolerance.channel {
                    differing += 1
                    diff[y * width + x] = 0xFFFF_0000
                } else {
                    diff[y * width + x] = Self.faded(a)
                }
            }
        }
        differingPixels = differing + width * height - min(actual.width, reference.width) * min(actual.height, reference.height)
        totalPixels = width * height
        largestChannelDifference = largest
        sizeMismatch = actual.width == reference.width && actual.height == reference.height
            ? nil : "sizes differ: actual \(actual.width)×\(actual.height), reference \(reference.width)×\(reference.height)"
        diffImage = PNGImage(width: width, height: height, pixels: diff)
    }

    /// A pixel's grey level pushed three quarters of the way to white, so the red stands out.
    private static func faded(_ pixel: UInt32) -> UInt32 {
        let grey = (Int((pixel >> 16) & 0xFF) * 3 + Int((pixel >> 8) & 0xFF) * 6 + Int(pixel & 0xFF)) / 10
        let level = UInt32(191 + grey / 4)
        return 0xFF00_0000 | level << 16 | level << 8 | level
    }
}

/// A screenshot that does not match its reference, or has none.
public struct ScreenshotMismatch: Error, Sendable, CustomStringConvertible {
    public var name: String
    public var reference: URL
    /// Nil when there is no reference yet.
    public var difference: ImageDifference?
    public var actualFile: URL
    public var diffFile: URL?

    public var description: String {
        let accept = "run with \(ScreenshotReferences.updateVariable)=1 to accept it"
        guard let difference else {
            return "screenshot \(name): no reference at \(reference.path); the screenshot is at \(actualFile.path); \(accept)"
        }
        return "screenshot \(name) differs from \(reference.path): \(difference); actual: \(actualFile.path), "
            + "diff (red = differs): \(diffFile?.path ?? "-"); \(accept)"
    }
}

/// The reference screenshots of one suite: `folder/NAME.png`, compared within a tolerance.
///
/// On a mismatch the actual screenshot and a diff image are written to `failureFolder` (under
/// `.build/`, outside version control) and the error names both. With
/// GRIDEDIT_UPDATE_SCREENSHOTS=1 every checked screenshot is written as the new reference
/// instead (look at them before committing).
public struct ScreenshotReferences: Sendable {
    public static let updateVariable = "GRIDEDIT_UPDATE_SCREENSHOTS"

    public let folder: URL
    public let failureFolder: URL
    public let updating: Bool

    public init(folder: URL, failureFolder: URL? = nil,
                updating: Bool = ProcessInfo.processInfo.environment[Self.updateVariable] == "1") {
        self.folder = folder
        self.failureFolder = failureFolder ?? Self.defaultFailureFolder
        self.updating = updating
    }

    /// `.build/screenshot-failures` of the checkout these tests were built from.
    public static var defaultFailureFolder: URL {
        GridEditBinary.repositoryRoot.appendingPathComponent(".build/screenshot-failures")
    }

    public func referenceFile(_ name: String) -> URL { folder.appendingPathComponent("\(name).png") }

    /// Checks `png` against reference `name`; throws `ScreenshotMismatch` when it differs beyond
    /// `tolerance` or there is no reference. Returns the difference (zero when updating).
    @discardableResult
    public func check(_ png: Data, named name: String, tolerance: ScreenshotTolerance = ScreenshotTolerance()) throws -> ImageDifference {
        let actual = try PNGImage(png: png)
        return try check(actual, named: name, tolerance: tolerance)
    }

    @discardableResult
    public func check(_ actual: PNGImage, named name: String, tolerance: ScreenshotTolerance = ScreenshotTolerance()) throws -> ImageDifference {
        let reference = referenceFile(name)
        if updating {
            try actual.write(to: reference)
            print("note: wrote reference screenshot \(reference.path)")
            return ImageDifference(actual: actual, reference: actual, tolerance: tolerance)
        }
        let actualFile = failureFolder.appendingPathComponent("\(name).actual.png")
        guard let bytes = FileManager.default.contents(atPath: reference.path) else {
            try actual.write(to: actualFile)
            throw ScreenshotMismatch(name: name, reference: reference, difference: nil, actualFile: actualFile, diffFile: nil)
        }
        let difference = ImageDifference(actual: actual, reference: try PNGImage(png: bytes), tolerance: tolerance)
        guard difference.isWithin(tolerance) else {
            let diffFile = failureFolder.appendingPathComponent("\(name).diff.png")
            try actual.write(to: actualFile)
            try difference.diffImage.write(to: diffFile)
            throw ScreenshotMismatch(name: name, reference: reference, difference: difference, actualFile: actualFile, diffFile: diffFile)
        }
        return difference
    }
}
