import Foundation
import GridEditJSON
import Synchronization

/// A headless Debian chromium driven through chromedriver with the W3C WebDriver protocol.
///
/// `launch` starts chromedriver on a free loopback port, then one session with a fresh profile
/// in a temporary folder; `close` ends the session and the processes and removes the folder, and
/// is what `Browser.with` and the `.browserSession` suite trait always call, also when a test
/// fails. Every command has a deadline (`Options.commandTimeout`), so nothing here can hang.
public final class Browser: Sendable {
    public struct Options: Sendable {
        /// The viewport, in CSS pixels (the device scale factor is pinned to 1).
        public var width = 800
        public var height = 600
        /// The longest any one WebDriver command may take.
        public var commandTimeout = 30.0
        /// The longest chromedriver and chromium may take to start.
        public var startTimeout = 30.0
        /// More chromium switches, after the harness's own.
        public var extraArguments: [String] = []

        public init(width: Int = 800, height: Int = 600) {
            self.width = width
            self.height = height
        }
    }

    public let options: Options
    let connection: WebDriverConnection
    let sessionPath: String
    private let driver: ChromeDriverProcess
    /// The temporary folder of this session: chromium's profile and chromedriver's log, removed by `close`.
    public let profileFolder: URL
    private let closed = Mutex(false)
    /// Commands sent, by method and path with ids left out (`POST element`, `GET element/attribute/data-k`):
    /// printed by `close` when GRIDEDIT_WEBDRIVER_TALLY=1, to see what a suite asks of chromedriver.
    private let tally = Mutex<[String: Int]>([:])
    static let tallying = ProcessInfo.processInfo.environment["GRIDEDIT_WEBDRIVER_TALLY"] == "1"

    private init(options: Options, connection: WebDriverConnection, sessionPath: String, driver: ChromeDriverProcess, profileFolder: URL) {
        self.options = options
        self.connection = connection
        self.sessionPath = sessionPath
        self.driver = driver
        self.profileFolder = profileFolder
    }

    /// Starts chromedriver and a headless chromium session. Throws (having cleaned up) when the
    /// browser is not installed or does not start in time.
    public static func launch(_ options: Options = Options()) async throws -> Browser {
        guard BrowserInstallation.found != nil else { throw WebDriverError(BrowserInstallation.missingMessage) }
        // Many suites start their browsers at once; on two cores a cold chromium then misses its
        // first deadline now and then. At most two start at a time, and a start that fails is
        // tried once more (after its process is gone) before the suite is failed.
        await LaunchGate.shared.enter()
        let started: Result<Browser, any Error>
        do {
            started = .success(try await launchOnce(options))
        } catch {
            try? await Task.sleep(for: .milliseconds(500))
            do { started = .success(try await launchOnce(options)) } catch { started = .failure(error) }
        }
        await LaunchGate.shared.leave()
        return try started.get()
    }

    private static func launchOnce(_ options: Options) async throws -> Browser {
        guard let installation = BrowserInstallation.found else { throw WebDriverError(BrowserInstallation.missingMessage) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gridedit-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let driver: ChromeDriverProcess
        do {
            driver = try await ChromeDriverProcess.start(executable: installation.chromedriver, folder: folder.path,
                                                         timeout: options.startTimeout)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
        let connection = WebDriverConnection(port: driver.port, timeout: options.commandTimeout)
        do {
            let answer = try await connection.send("POST", "session", capabilities(installation, options, profile: folder.path),
                                                   timeout: options.startTimeout)
            guard let id = answer["sessionId"]?.string else { throw WebDriverError("new session: no sessionId in \(answer.compactText)") }
            let browser = Browser(options: options, connection: connection, sessionPath: "session/\(id)", driver: driver, profileFolder: folder)
            try await browser.fitViewport()
            return browser
        } catch {
            let output = driver.recentOutput
            await driver.stop()
            try? FileManager.default.removeItem(at: folder)
            throw WebDriverError("cannot start a chromium session: \(error)\nchromedriver's output:\n\(output)")
        }
    }

    /// Runs `body` with a new browser and closes it afterwards, whatever `body` does.
    public static func with<T: Sendable>(_ options: Options = Options(), _ body: (Browser) async throws -> T) async throws -> T {
        let browser = try await launch(options)
        do {
            let result = try await body(browser)
            await browser.close()
            return result
        } catch {
            await browser.close()
            throw error
        }
    }

    /// Ends the session, stops chromedriver and chromium, removes the profile. Safe to call twice.
    public func close() async {
        guard closed.withLock({ done in defer { done = true }; return !done }) else { return }
        // A healthy chromedriver closes chromium well within this; a hung one is killed next anyway.
        _ = try? await connection.send("DELETE", sessionPath, timeout: min(3, options.commandTimeout))
        await driver.stop()
        try? FileManager.default.removeItem(at: profileFolder)
        if Self.tallying {
            let counts = tally.withLock { $0 }.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            print("WebDriver commands: \(counts.map(\.value).reduce(0, +)) (" + counts.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")")
        }
    }

    /// The chromium switches that make screenshots repeatable: a fixed viewport at scale 1, no
    /// scroll bars, no GPU, unhinted grey-scale text, and nothing running in the background.
    static func arguments(_ options: Options, profile: String) -> [String] {
        ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--window-size=\(options.width),\(options.height)", "--force-device-scale-factor=1", "--hide-scrollbars",
         "--user-data-dir=\(profile)", "--font-render-hinting=none", "--disable-lcd-text", "--force-color-profile=srgb",
         "--disable-extensions", "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-crash-reporter", "--disable-breakpad", "--lang=en-US", "--mute-audio"] + options.extraArguments
    }

    private static func capabilities(_ installation: BrowserInstallation, _ options: Options, profile: String) -> JSONValue {
        let milliseconds = JSONValue.int(Int(options.commandTimeout * 800))
        let chrome = JSONValue.fields([
            "binary": .string(installation.chromium),
            "args": .array(arguments(options, profile: profile).map(JSONValue.string)),
        ])
        let always = JSONValue.fields([
            "browserName": .string("chrome"),
            "goog:chromeOptions": chrome,
            // chromedriver's own limits, below ours, so it answers "timeout" before we give up on it.
            "timeouts": .fields(["script": milliseconds, "pageLoad": milliseconds, "implicit": .int(0)]),
            "unhandledPromptBehavior": .string("dismiss"),
        ])
        return .fields(["capabilities": .fields(["alwaysMatch": always])])
    }

    /// Sizes the window so that the viewport (what screenshots show) is exactly
    /// `options.width`×`options.height`: headless chromium's `--window-size` counts the window's
    /// frame too, by an amount that changes between chromium versions.
    private func fitViewport() async throws {
        for _ in 0..<3 {
            let inner = try await execute("return [window.innerWidth, window.innerHeight]").array?.compactMap(\.int) ?? []
            guard inner.count == 2 else { throw WebDriverError("cannot read the viewport size") }
            if inner == [options.width, options.height] { return }
            let window = try await command("GET", "window/rect")
            let width = (window["width"]?.int ?? options.width) + options.width - inner[0]
            let height = (window["height"]?.int ?? options.height) + options.height - inner[1]
            try await command("POST", "window/rect", .fields(["width": .int(width), "height": .int(height)]))
        }
        let inner = try await execute("return [window.innerWidth, window.innerHeight]").compactText
        throw WebDriverError("the viewport stays \(inner), not [\(options.width),\(options.height)]")
    }

    // MARK: Commands

    /// Sends one command of this session (`path` after `session/ID/`).
    /// `timeout` replaces `options.commandTimeout` for this one command.
    @discardableResult
    func command(_ method: String, _ path: String, _ body: JSONValue? = nil, timeout: Double? = nil) async throws -> JSONNode {
        if Self.tallying {
            // Element ids are long; the rest of the path names the command.
            let key = method + " " + path.split(separator: "/").filter { $0.count < 30 }.joined(separator: "/")
            tally.withLock { $0[key, default: 0] += 1 }
        }
        return try await connection.send(method, path.isEmpty ? sessionPath : "\(sessionPath)/\(path)", body, timeout: timeout)
    }

    /// Loads `url` and waits until the page has loaded.
    public func navigate(to url: URL) async throws {
        do {
            try await command("POST", "url", .fields(["url": .string(url.absoluteString)]))
        } catch {
            throw WebDriverError("loading \(url.absoluteString): \(error)")
        }
    }

    /// The address of the page shown now.
    public func currentURL() async throws -> String {
        try await command("GET", "url").string ?? ""
    }

    /// Runs `script` as a function body in the page (`arguments[0]`… are `arguments`; elements
    /// can be passed with `Element.json`) and returns what it returns.
    @discardableResult
    public func execute(_ script: String, _ arguments: [JSONValue] = []) async throws -> JSONNode {
        do {
            return try await command("POST", "execute/sync", .fields(["script": .string(script), "args": .array(arguments)]))
        } catch {
            throw WebDriverError("script `\(script.prefix(80))`: \(error)")
        }
    }

    /// How many times its `timeout` a wait may take: `GRIDEDIT_TEST_PATIENCE`, else 3.
    ///
    /// A wait's timeout says how long the thing takes on a quiet machine; it is there to end a
    /// hang, not to measure speed (the benchmarks do that). In the full browser run, a dozen
    /// suites share this machine's two cores with their chromiums and in-process servers, and a
    /// page that answers in 3 s alone once took more than 15 s: a wait gives that much more.
    public static let patience: Double = {
        guard let text = ProcessInfo.processInfo.environment["GRIDEDIT_TEST_PATIENCE"], let value = Double(text), value > 0 else { return 3 }
        return value
    }()

    /// Checks `condition` every `interval` until it holds; throws, naming `what` and the page,
    /// when it still does not after `timeout` × `patience` seconds (counted as `Deadline`
    /// counts). A condition that throws counts as false (its last error is in the message).
    public func waitUntil(_ what: String, timeout: Double = 5, interval: Double = 0.05,
                          _ condition: @escaping @Sendable () async throws -> Bool) async throws {
        let lastError = Mutex<String?>(nil)
        let given = timeout * Self.patience
        do {
            try await Deadline.run(given, "waiting for \(what)") {
                while true {
                    do {
                        if try await condition() { return }
                        lastError.withLock { $0 = nil }
                    } catch {
                        lastError.withLock { $0 = "\(error)" }
                    }
                    try await Task.sleep(for: .milliseconds(Int(interval * 1000)))
                }
            }
        } catch let error as WebDriverError where error.code == "timeout" {
            let page = (try? await currentURL()) ?? "?"
            throw WebDriverError("waited \(timeout) s for \(what) (\(String(format: "%g", given)) s with GRIDEDIT_TEST_PATIENCE \(String(format: "%g", Self.patience))) on \(page)"
                                 + (lastError.withLock { $0 }.map { "; last error: \($0)" } ?? ""),
                                 code: "timeout")
        }
    }

    // MARK: Screenshots

    /// The whole viewport as PNG bytes.
    public func screenshot() async throws -> Data {
        try await stabilize()
        return try Self.decodePNG(try await command("GET", "screenshot"), what: "screenshot of \(try await currentURL())")
    }

    /// Stops animations, transitions and the blinking caret, so two screenshots of the same
    /// state are the same pixels. Added to the page once, before each screenshot.
    func stabilize() async throws {
        try await execute("""
            if (!document.getElementById('gridedit-test-stable')) {
              const style = document.createElement('style');
              style.id = 'gridedit-test-stable';
              style.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }';
              (document.head || document.documentElement).appendChild(style);
            }
            """)
    }

    static func decodePNG(_ answer: JSONNode, what: String) throws -> Data {
        guard let text = answer.string, let data = Data(base64Encoded: text) else {
            throw WebDriverError("\(what): the answer is not base64 PNG data")
        }
        return data
    }
}

/// Lets at most `width` browsers start at the same time (see ``Browser/launch(_:)``).
actor LaunchGate {
    static let shared = LaunchGate(width: 2)
    private let width: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(width: Int) { self.width = width }

    func enter() async {
        if running < width {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()  // the slot passes straight to the next in line
        }
    }
}
