/// Everything the harness can fail with, worded so a failing test says what it was doing: the
/// WebDriver command and URL, the selector, the page, and what went wrong.
public struct WebDriverError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The W3C error code chromedriver answered with ("no such element", "timeout", …), if any.
    public var code: String?

    public init(_ message: String, code: String? = nil) {
        self.message = message
        self.code = code
    }

    public var description: String { message }
}
