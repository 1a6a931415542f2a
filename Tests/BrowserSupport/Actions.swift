import GridEditJSON

// WebDriver's input actions (W3C "Actions"): a list of input sources, each a list of steps;
// `Browser.perform` sends them together and the browser runs step i of every source in the same
// tick, so two touch pointers move at once (a two-finger twist) and a key can be held during a
// drag (pad the other sources with `pause`). The browser dispatches real input: the page sees
// trusted pointer, touch, mouse, keyboard and wheel events, as from a person.

/// An input source for `Browser.perform`.
public protocol InputSource: Sendable {
    var json: JSONValue { get }
    /// Whether the steps let go of everything they press (each button and key pressed is
    /// released later): then `perform` needs no "release actions" command after them.
    var releasesAll: Bool { get }
}

/// Where a pointer or wheel position is measured from.
public enum Origin: Sendable {
    /// The viewport's top-left corner.
    case viewport
    /// The pointer's current position (pointers only).
    case pointer
    /// The element's centre (the element is scrolled into view first).
    case element(Element)

    var json: JSONValue {
        switch self {
        case .viewport: .string("viewport")
        case .pointer: .string("pointer")
        case .element(let element): element.json
        }
    }
}

/// Whole milliseconds of a duration, as WebDriver wants them.
func milliseconds(_ duration: Duration) -> JSONValue {
    let (seconds, attoseconds) = duration.components
    return .int(Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
}

/// A mouse, a finger or a pen: moves, presses and releases. Build it step by step:
/// `Pointer(.touch).move(to: a).down().move(to: b, duration: .milliseconds(200)).up()`.
public struct Pointer: InputSource {
    public enum Kind: String, Sendable {
        case mouse, touch, pen
    }

    public let kind: Kind
    /// Distinct ids are distinct pointers: two touch pointers are two fingers.
    public let id: String
    public private(set) var steps: [JSONValue] = []

    public init(_ kind: Kind, id: String? = nil) {
        self.kind = kind
        self.id = id ?? kind.rawValue
    }

    public var json: JSONValue {
        .fields(["type": .string("pointer"), "id": .string(id),
                 "parameters": .fields(["pointerType": .string(kind.rawValue)]), "actions": .array(steps)])
    }

    /// Buttons pressed and not yet released by the steps so far.
    private var held = Set<Int>()
    public var releasesAll: Bool { held.isEmpty }

    private func adding(_ step: JSONValue) -> Pointer {
        var copy = self
        copy.steps.append(step)
        return copy
    }

    /// Moves in a straight line to `point` (whole CSS pixels from `origin`) over `duration`;
    /// the browser sends intermediate moves on the way.
    public func move(to point: PagePoint, from origin: Origin = .viewport, duration: Duration = .zero) -> Pointer {
        adding(.fields(["type": .string("pointerMove"), "duration": milliseconds(duration),
                        "x": .int(Int(point.x.rounded())), "y": .int(Int(point.y.rounded())), "origin": origin.json]))
    }

    /// Moves by `dx`, `dy` from where the pointer is.
    public func move(by dx: Double, _ dy: Double, duration: Duration = .zero) -> Pointer {
        move(to: PagePoint(dx, dy), from: .pointer, duration: duration)
    }

    /// Presses (a mouse button: 0 left, 1 middle, 2 right; a finger or pen touches down).
    public func down(button: Int = 0) -> Pointer {
        var copy = adding(.fields(["type": .string("pointerDown"), "button": .int(button)]))
        copy.held.insert(button)
        return copy
    }

    public func up(button: Int = 0) -> Pointer {
        var copy = adding(.fields(["type": .string("pointerUp"), "button": .int(button)]))
        copy.held.remove(button)
        return copy
    }

    /// Does nothing for `duration` (one tick): keeps this source in step with the others.
    public func pause(_ duration: Duration = .zero) -> Pointer {
        adding(.fields(["type": .string("pause"), "duration": milliseconds(duration)]))
    }

    /// Press at `start`, move to `end` in `steps` equal moves taking `duration` in all, release:
    /// a drag as a person makes it, with the pointer events a page's drag handler expects.
    public func drag(from start: PagePoint, to end: PagePoint, steps: Int = 10, duration: Duration = .milliseconds(200)) -> Pointer {
        var pointer = move(to: start).down()
        let count = max(steps, 1)
        for step in 1...count {
            let t = Double(step) / Double(count)
            let point = PagePoint(start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t)
            pointer = pointer.move(to: point, duration: duration / count)
        }
        return pointer.up()
    }
}

/// The keyboard: `Keyboard().type("123")`, `Keyboard().press(Key.arrowLeft)`, or held keys with
/// `down`/`up` (Ctrl-Z is `.down(Key.control).press("z").up(Key.control)`).
public struct Keyboard: InputSource {
    public let id: String
    public private(set) var steps: [JSONValue] = []

    public init(id: String = "keyboard") { self.id = id }

    public var json: JSONValue { .fields(["type": .string("key"), "id": .string(id), "actions": .array(steps)]) }

    /// Keys pressed and not yet released by the steps so far.
    private var held = Set<String>()
    public var releasesAll: Bool { held.isEmpty }

    private func adding(_ step: JSONValue) -> Keyboard {
        var copy = self
        copy.steps.append(step)
        return copy
    }

    /// Presses `key`: one character, or one of `Key`'s codes.
    public func down(_ key: String) -> Keyboard {
        var copy = adding(.fields(["type": .string("keyDown"), "value": .string(key)]))
        copy.held.insert(key)
        return copy
    }

    public func up(_ key: String) -> Keyboard {
        var copy = adding(.fields(["type": .string("keyUp"), "value": .string(key)]))
        copy.held.remove(key)
        return copy
    }
    public func press(_ key: String) -> Keyboard { down(key).up(key) }

    /// Presses and releases each character of `text` in turn.
    public func type(_ text: String) -> Keyboard {
        text.reduce(self) { $0.press(String($1)) }
    }

    public func pause(_ duration: Duration = .zero) -> Keyboard {
        adding(.fields(["type": .string("pause"), "duration": milliseconds(duration)]))
    }
}

/// WebDriver's codes for keys that are not characters.
public enum Key {
    public static let backspace = "\u{E003}"
    public static let tab = "\u{E004}"
    public static let enter = "\u{E007}"
    public static let shift = "\u{E008}"
    public static let control = "\u{E009}"
    public static let alt = "\u{E00A}"
    public static let escape = "\u{E00C}"
    public static let space = "\u{E00D}"
    public static let arrowLeft = "\u{E012}"
    public static let arrowUp = "\u{E013}"
    public static let arrowRight = "\u{E014}"
    public static let arrowDown = "\u{E015}"
    public static let delete = "\u{E017}"
    public static let meta = "\u{E03D}"
}

/// A mouse wheel or touchpad: `Wheel().scroll(at: point, deltaY: 100)`.
public struct Wheel: InputSource {
    public let id: String
    public private(set) var steps: [JSONValue] = []

    public init(id: String = "wheel") { self.id = id }

    public var json: JSONValue { .fields(["type": .string("wheel"), "id": .string(id), "actions": .array(steps)]) }

    /// A wheel presses nothing.
    public var releasesAll: Bool { true }

    /// Scrolls by `deltaX`, `deltaY` CSS pixels with the wheel over `point` (from `origin`:
    /// the viewport or an element's centre). Positive `deltaY` is "down", away from the user.
    public func scroll(at point: PagePoint = PagePoint(0, 0), from origin: Origin = .viewport,
                       deltaX: Int = 0, deltaY: Int = 0, duration: Duration = .zero) -> Wheel {
        var copy = self
        copy.steps.append(.fields([
            "type": .string("scroll"), "x": .int(Int(point.x.rounded())), "y": .int(Int(point.y.rounded())),
            "deltaX": .int(deltaX), "deltaY": .int(deltaY), "duration": milliseconds(duration), "origin": origin.json,
        ]))
        return copy
    }

    public func pause(_ duration: Duration = .zero) -> Wheel {
        var copy = self
        copy.steps.append(.fields(["type": .string("pause"), "duration": milliseconds(duration)]))
        return copy
    }
}

extension Browser {
    /// Runs the sources' steps tick by tick, then releases whatever is still pressed, unless
    /// `holding` (a drag held mid-way for a screenshot: a later `perform` lets go).
    public func perform(_ sources: [any InputSource], holding: Bool = false) async throws {
        do {
            try await command("POST", "actions", .fields(["actions": .array(sources.map(\.json))]))
            if !holding && !sources.allSatisfy(\.releasesAll) { try await command("DELETE", "actions") }
        } catch {
            throw WebDriverError("performing \(sources.map { "\($0.json.compactText.prefix(120))…" }.joined(separator: ", ")): \(error)")
        }
    }

    public func perform(_ sources: any InputSource...) async throws {
        try await perform(sources)
    }

    /// Drags `element` by `dx`, `dy` from its centre with a mouse, finger or pen.
    public func drag(_ element: Element, by dx: Double, _ dy: Double, with kind: Pointer.Kind = .mouse,
                     steps: Int = 10, duration: Duration = .milliseconds(200)) async throws {
        let start = try await element.rect().center
        try await perform(Pointer(kind).drag(from: start, to: start.offset(dx, dy), steps: steps, duration: duration))
    }

    /// Presses and releases each key in turn (characters or `Key` codes).
    public func press(_ keys: String...) async throws {
        try await perform(keys.reduce(Keyboard()) { $0.press($1) })
    }

    /// Turns the wheel over `element`'s centre.
    public func scroll(_ element: Element, deltaX: Int = 0, deltaY: Int) async throws {
        try await perform(Wheel().scroll(from: .element(element), deltaX: deltaX, deltaY: deltaY))
    }
}
