import Testing

/// One browser for a whole suite: starting chromium takes about a second, so a suite's tests
/// share one session instead of starting their own. Use it with the skip condition and
/// `.serialized` (the tests share one page):
///
///     @Suite(.serialized, .whenBrowserInstalled, .browserSession)
///     struct PageTests {
///         @Test func dragsThePiece() async throws {
///             let browser = try Browser.current
///             …
///         }
///     }
///
/// The browser is closed (session, chromedriver, chromium, profile) when the suite ends,
/// whether its tests pass, fail or throw.
public struct BrowserSessionTrait: SuiteTrait, TestScoping {
    public let options: Browser.Options
    public var isRecursive: Bool { false }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        let browser = try await Browser.launch(options)
        do {
            try await Browser.$suiteBrowser.withValue(browser) { try await function() }
        } catch {
            await browser.close()
            throw error
        }
        await browser.close()
    }
}

extension Trait where Self == BrowserSessionTrait {
    /// A browser with the default 800×600 viewport for the suite (`Browser.current`).
    public static var browserSession: Self { BrowserSessionTrait(options: Browser.Options()) }

    public static func browserSession(_ options: Browser.Options) -> Self { BrowserSessionTrait(options: options) }
}

extension Trait where Self == ConditionTrait {
    /// Skips the suite, saying why, where chromium or chromedriver is not installed; under
    /// GRIDEDIT_REQUIRE_BROWSER=1 (set by scripts/test.sh once it installed them) it runs and fails.
    public static var whenBrowserInstalled: Self {
        .enabled(if: BrowserInstallation.shouldRun, Comment(rawValue: BrowserInstallation.skipNote))
    }
}

extension Browser {
    @TaskLocal static var suiteBrowser: Browser?

    /// The browser of the enclosing `.browserSession` suite.
    public static var current: Browser {
        get throws {
            guard let browser = suiteBrowser else { throw WebDriverError("no browser: put the suite under the .browserSession trait") }
            return browser
        }
    }
}
