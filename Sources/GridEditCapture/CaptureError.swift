/// Why a capture could not produce a puzzle. The message names the file or device and says what
/// to do; the category picks the exit code (see docs/capture.md).
public struct CaptureError: Error, Sendable, CustomStringConvertible {
    public enum Category: Sendable {
        /// No camera at the device, an unreadable image or video, a bad colour profile: exit 2.
        case input
        /// The output could not be written: exit 2.
        case output
        /// The frames were read but the layout could not be recovered (mat not found, a piece
        /// missing, two pieces merged) or it fails validation: exit 1.
        case layout
    }

    public var category: Category
    public var message: String

    public init(_ category: Category, _ message: String) {
        self.category = category
        self.message = message
    }

    public var description: String { message }
}
