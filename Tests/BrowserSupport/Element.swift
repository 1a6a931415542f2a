import Foundation
import GridEditJSON
import Synchronization

/// A rectangle in CSS pixels of the viewport.
public struct PageRect: Sendable, Equatable, CustomStringConvertible {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var center: PagePoint { PagePoint(x + width / 2, y + height / 2) }
    public var description: String { "(\(x), \(y)) \(width)×\(height)" }
}

/// A point in CSS pixels of the viewport.
public struct PagePoint: Sendable, Equatable, CustomStringConvertible {
    public var x, y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public func offset(_ dx: Double, _ dy: Double) -> PagePoint { PagePoint(x + dx, y + dy) }
    public var description: String { "(\(x), \(y))" }
}

/// One element of the page, as found by a CSS selector (kept for messages).
public struct Element: Sendable {
    /// The WebDriver element reference.
    public let id: String
    public let selector: String
    let browser: Browser

    /// The element as a script argument (`browser.execute("…arguments[0]…", [element.json])`)
    /// or as a pointer origin.
    public var json: JSONValue { .fields([Self.referenceKey: .string(id)]) }

    static let referenceKey = "element-6066-11e4-a52e-4f735466cecf"

    @discardableResult
    private func command(_ method: String, _ path: String, _ body: JSONValue? = nil) async throws -> JSONNode {
        do {
            return try await browser.command(method, "element/\(id)\(path.isEmpty ? "" : "/")\(path)", body)
        } catch {
            throw WebDriverError("element \(selector): \(error)")
        }
    }

    /// The attribute as written in the page (`data-rotation`, `aria-label`), nil when absent.
    public func attribute(_ name: String) async throws -> String? {
        try await command("GET", "attribute/\(name)").string
    }

    /// A DOM property (`value`, `checked`, `className`).
    public func property(_ name: String) async throws -> JSONNode {
        try await command("GET", "property/\(name)")
    }

    /// The rendered text.
    public func text() async throws -> String {
        try await command("GET", "text").string ?? ""
    }

    /// Where the element is in the viewport.
    public func rect() async throws -> PageRect {
        let answer = try await command("GET", "rect")
        guard let x = answer["x"]?.double, let y = answer["y"]?.double,
              let width = answer["width"]?.double, let height = answer["height"]?.double
        else { throw WebDriverError("element \(selector): rect answer \(answer.compactText)") }
        return PageRect(x: x, y: y, width: width, height: height)
    }

    public func isDisplayed() async throws -> Bool {
        try await command("GET", "displayed").bool ?? false
    }

    /// A WebDriver click (a mouse press and release at the element's centre).
    public func click() async throws {
        try await command("POST", "click")
    }

    /// Types `text` into the element after focusing it.
    public func sendKeys(_ text: String) async throws {
        try await command("POST", "value", .fields(["text": .string(text)]))
    }

    /// The element's box as PNG bytes (scrolled into view first).
    public func screenshot() async throws -> Data {
        try await browser.stabilize()
        return try Browser.decodePNG(try await command("GET", "screenshot"), what: "screenshot of \(selector)")
    }
}

extension Browser {
    /// The first element matching `selector`; throws naming the selector and the page when none does.
    public func element(_ selector: String) async throws -> Element {
        let answer: JSONNode
        do {
            answer = try await command("POST", "element", .fields(["using": .string("css selector"), "value": .string(selector)]))
        } catch let error as WebDriverError where error.code == "no such element" {
            throw WebDriverError("no element matches \(selector) on \((try? await currentURL()) ?? "?")", code: error.code)
        }
        return try element(from: answer, selector: selector)
    }

    /// The attributes `names` of the first element matching `selector`, as written in the page
    /// (nil where absent), read with one command. `element(selector).attribute(name)` is two, a
    /// find costs chromedriver and chromium 10–20 ms of CPU and an `execute` 6–7 ms, and the
    /// browser step is CPU-bound (docs/testing.md, "The WebDriver client, and what a command costs").
    public func attributes(of selector: String, _ names: [String]) async throws -> [String?] {
        let answer = try await execute("""
            const e = document.querySelector(arguments[0]);
            return e ? arguments[1].map((name) => e.getAttribute(name)) : 'none';
            """, [.string(selector), .array(names.map(JSONValue.string))])
        guard let values = answer.array, values.count == names.count else {
            throw WebDriverError("no element matches \(selector) on \((try? await currentURL()) ?? "?")", code: "no such element")
        }
        return values.map(\.string)
    }

    /// One attribute of the first element matching `selector` (``attributes(of:_:)``).
    public func attribute(of selector: String, _ name: String) async throws -> String? {
        try await attributes(of: selector, [name])[0]
    }

    /// Every element matching `selector`, in document order (none is not an error).
    public func elements(_ selector: String) async throws -> [Element] {
        let answer = try await command("POST", "elements", .fields(["using": .string("css selector"), "value": .string(selector)]))
        return try (answer.array ?? []).map { try element(from: $0, selector: selector) }
    }

    /// The first element matching `selector`, waiting up to `timeout` seconds for it to appear.
    public func waitForElement(_ selector: String, timeout: Double = 5) async throws -> Element {
        let found = Mutex<Element?>(nil)
        try await waitUntil("an element matching \(selector)", timeout: timeout) {
            guard let first = try await self.elements(selector).first else { return false }
            found.withLock { $0 = first }
            return true
        }
        return found.withLock { $0! }
    }

    private func element(from answer: JSONNode, selector: String) throws -> Element {
        guard let id = answer[Element.referenceKey]?.string else {
            throw WebDriverError("element \(selector): no element reference in \(answer.compactText)")
        }
        return Element(id: id, selector: selector, browser: self)
    }
}
