// The canonical text form of an Exact, used in puzzle JSON files, and the two
// parsers that read coordinates back without ever going through Double.

extension Exact: CustomStringConvertible {
    /// Canonical text: `0`, `1.25`, `-0.5`, `√2`, `-√2`, `0.5√2`, `1+0.5√2`, `2-√2`,
    /// `-0.25-0.75√2`. Shortest decimals, no trailing zeros, no spaces.
    public var description: String {
        let (a, b) = (numerator.a, numerator.b)
        if b == 0 { return Self.decimal(quarters: a) }
        let root = (b.magnitude == 4 ? "" : Self.decimal(quarters: Int(b.magnitude))) + "√2"
        if a == 0 { return (b < 0 ? "-" : "") + root }
        return Self.decimal(quarters: a) + (b < 0 ? "-" : "+") + root
    }

    /// `quarters / 4` written as the shortest decimal: 5 → "1.25", -2 → "-0.5".
    private static func decimal(quarters: Int) -> String {
        let whole = quarters.magnitude / 4
        let fraction = ["", ".25", ".5", ".75"][Int(quarters.magnitude % 4)]
        return (quarters < 0 ? "-" : "") + String(whole) + fraction
    }
}

// MARK: - Parsing the text form

extension Exact {
    /// Reads the canonical text form back.
    ///
    /// Also accepted, because people edit puzzle files by hand: ASCII `sqrt2` for `√2`,
    /// spaces anywhere (`1 + 0.5 sqrt2`; they carry no meaning), a leading `+`, and decimals with
    /// extra digits (`2.50`, `007`). The rational part, if any, comes first. Returns nil
    /// for anything else, for values that are not quarters (`0.1`), and when either part
    /// exceeds ``limit`` units.
    public init?(parsing text: String) {
        // Spaces may not split a number ("1 2" is not 12).
        let scalars = Array(text.unicodeScalars)
        let numeric: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) || $0 == "." }
        var previous: Unicode.Scalar?
        var sawSpace = false
        for scalar in scalars {
            if scalar == " " { sawSpace = true; continue }
            if sawSpace, let previous, numeric(previous), numeric(scalar) { return nil }
            previous = scalar
            sawSpace = false
        }
        var scanner = TextScanner(String(String.UnicodeScalarView(scalars.filter { $0 != " " })))
        let sign = scanner.sign() ?? 1
        guard let first = scanner.term() else { return nil }

        var rational = 0
        var root = 0
        switch first {
        case .rational(let quarters): rational = sign * quarters
        case .root(let quarters): root = sign * quarters
        }

        let beforeOperator = scanner.position
        scanner.skipSpaces()
        if let operatorSign = scanner.sign() {
            // Only "rational ± root" is a valid two-part form.
            guard case .rational = first else { return nil }
            scanner.skipSpaces()
            guard case .root(let quarters) = scanner.term() else { return nil }
            root = operatorSign * quarters
        } else {
            scanner.position = beforeOperator  // spaces are only allowed around an operator
        }

        guard scanner.isAtEnd else { return nil }
        self.init(quarters: rational, sqrt2Quarters: root)
    }

    /// Parses a JSON number literal (`1.25`, `-3`, `2.50`, `1e0`, `25e-2`) exactly.
    ///
    /// Returns nil unless the text follows the JSON number grammar, is an exact multiple
    /// of 0.25, and has magnitude at most ``limit``. Digits are handled as integers, so
    /// `0.1` is rejected instead of being rounded by a detour through `Double`.
    public init?(decimalLiteral: String) {
        let bytes = Array(decimalLiteral.utf8)
        var index = 0
        func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }
        func digitRun() -> [UInt8] {
            var run: [UInt8] = []
            while let byte = peek(), let digit = Self.digitValue(byte) {
                run.append(digit)
                index += 1
            }
            return run
        }

        let negative = peek() == UInt8(ascii: "-")
        if negative { index += 1 }

        let integerDigits = digitRun()
        // JSON: at least one digit, and no leading zero unless the integer part is "0".
        guard !integerDigits.isEmpty, integerDigits.count == 1 || integerDigits[0] != 0 else { return nil }

        var fractionDigits: [UInt8] = []
        if peek() == UInt8(ascii: ".") {
            index += 1
            fractionDigits = digitRun()
            guard !fractionDigits.isEmpty else { return nil }
        }

        var exponent = 0
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            var exponentSign = 1
            if peek() == UInt8(ascii: "+") { index += 1 } else if peek() == UInt8(ascii: "-") { exponentSign = -1; index += 1 }
            let exponentDigits = digitRun()
            guard !exponentDigits.isEmpty else { return nil }
            // Saturate: anything this large is out of range anyway, and Int must not overflow.
            let magnitude = exponentDigits.reduce(0) { min($0 * 10 + Int($1), 1_000_000) }
            exponent = exponentSign * magnitude
        }
        guard index == bytes.count else { return nil }

        guard let quarters = Self.quarters(digits: integerDigits + fractionDigits,
                                           exponent: exponent - fractionDigits.count)
        else { return nil }
        self.init(quarters: negative ? -quarters : quarters)
    }

    /// The non-negative number D · 10^exponent as a count of quarters, where `digits` are
    /// the decimal digits of D. Nil when that is not a whole number of quarters or the
    /// value exceeds ``limit`` units.
    static func quarters(digits: [UInt8], exponent: Int) -> Int? {
        var significant = digits.drop { $0 == 0 }
        guard !significant.isEmpty else { return 0 }
        var exponent = exponent
        while significant.last == 0 {
            significant.removeLast()
            exponent += 1
        }
        // Now D has no factor 10. Then 4·D·10^exponent is whole only if exponent ≥ −2
        // (10^3 dividing 4D would force both 2 and 5 to divide D). A value ≤ 1024 has at
        // most four digits before the point, which also keeps D below 10^6 here.
        guard exponent >= -2, significant.count + exponent <= 4 else { return nil }

        var scaled = 4 * significant.reduce(0) { $0 * 10 + Int($1) }
        if exponent >= 0 {
            for _ in 0..<exponent { scaled *= 10 }
        } else {
            let divisor = exponent == -1 ? 10 : 100
            guard scaled % divisor == 0 else { return nil }
            scaled /= divisor
        }
        guard scaled <= limit * denominator else { return nil }
        return scaled
    }

    static func digitValue(_ byte: UInt8) -> UInt8? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? byte - UInt8(ascii: "0") : nil
    }
}

// MARK: - Scanner for the text form

/// A tiny cursor over the Unicode scalars of an `Exact` text.
private struct TextScanner {
    enum Term {
        case rational(quarters: Int)
        /// A multiple of √2, given as its coefficient in quarters.
        case root(quarters: Int)
    }

    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    var isAtEnd: Bool { position == scalars.count }

    mutating func skipSpaces() {
        while position < scalars.count, scalars[position] == " " { position += 1 }
    }

    /// Consumes `+` (returning 1) or `-` (returning −1), if present.
    mutating func sign() -> Int? {
        guard position < scalars.count else { return nil }
        switch scalars[position] {
        case "+": position += 1; return 1
        case "-": position += 1; return -1
        default: return nil
        }
    }

    /// `√2`, `sqrt2`, a decimal, or a decimal immediately followed by `√2`/`sqrt2`.
    mutating func term() -> Term? {
        if rootSymbol() { return .root(quarters: 4) }
        guard let quarters = decimal() else { return nil }
        return rootSymbol() ? .root(quarters: quarters) : .rational(quarters: quarters)
    }

    /// digits ('.' digits)?, as quarters; nil if malformed, not quarters, or too large.
    private mutating func decimal() -> Int? {
        let integerDigits = digitRun()
        guard !integerDigits.isEmpty else { return nil }
        var fractionDigits: [UInt8] = []
        if position < scalars.count, scalars[position] == "." {
            position += 1
            fractionDigits = digitRun()
            guard !fractionDigits.isEmpty else { return nil }
        }
        return Exact.quarters(digits: integerDigits + fractionDigits, exponent: -fractionDigits.count)
    }

    private mutating func digitRun() -> [UInt8] {
        var run: [UInt8] = []
        while position < scalars.count, scalars[position].isASCII,
              let digit = Exact.digitValue(UInt8(scalars[position].value)) {
            run.append(digit)
            position += 1
        }
        return run
    }

    private mutating func rootSymbol() -> Bool {
        for symbol in ["√2", "sqrt2"] {
            let symbolScalars = Array(symbol.unicodeScalars)
            let end = position + symbolScalars.count
            if end <= scalars.count, Array(scalars[position..<end]) == symbolScalars {
                position = end
                return true
            }
        }
        return false
    }
}
