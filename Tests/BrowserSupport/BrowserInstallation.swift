import Foundation

/// Where Debian's chromium and its chromedriver are, and whether browser tests must run.
///
/// scripts/test.sh installs both (packages `chromium` and `chromium-driver`) when the archive
/// offers them, and then exports GRIDEDIT_REQUIRE_BROWSER=1: from there on a missing browser is
/// a failure, not a skip. Without that variable (a machine where chromium cannot be installed,
/// or a plain `swift test` before the packages are there) the browser suites skip with `skipNote`.
public struct BrowserInstallation: Sendable {
    public var chromium: String
    public var chromedriver: String

    /// The installed pair: GRIDEDIT_CHROMIUM / GRIDEDIT_CHROMEDRIVER when set, else Debian's
    /// /usr/bin paths, else the first match on PATH. Nil when either is missing.
    public static let found: BrowserInstallation? = {
        let environment = ProcessInfo.processInfo.environment
        guard let chromium = locate(environment["GRIDEDIT_CHROMIUM"], names: ["chromium", "chromium-browser"], environment),
              let driver = locate(environment["GRIDEDIT_CHROMEDRIVER"], names: ["chromedriver"], environment)
        else { return nil }
        return BrowserInstallation(chromium: chromium, chromedriver: driver)
    }()

    /// True when GRIDEDIT_REQUIRE_BROWSER=1: the machine can have chromium, so tests must not skip.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["GRIDEDIT_REQUIRE_BROWSER"] == "1" }

    /// Whether a browser suite runs: when the browser is there, or when it must be (and then
    /// fails with `missingMessage`).
    public static var shouldRun: Bool { found != nil || isRequired }

    public static let skipNote = "chromium or chromedriver not found (apt-get install chromium chromium-driver, "
        + "as scripts/test.sh does); browser tests skipped"

    public static let missingMessage = "GRIDEDIT_REQUIRE_BROWSER=1 but chromium or chromedriver is missing "
        + "(looked at GRIDEDIT_CHROMIUM/GRIDEDIT_CHROMEDRIVER, /usr/bin and PATH)"

    private static func locate(_ override: String?, names: [String], _ environment: [String: String]) -> String? {
        if let override { return FileManager.default.isExecutableFile(atPath: override) ? override : nil }
        let folders = ["/usr/bin"] + (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for name in names {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }
}
