/// Strings, numbers and bare words: the tokens where json-c is too lenient.
extension StrictScanner {
    /// string = '"' characters '"'.
    ///
    /// Rejects what json-c lets through: raw control characters, lone surrogate
    /// escapes, UTF-8-encoded surrogates. Keys are decoded (so `"\u0061"` and
    /// `"a"` count as duplicates) and returned; values are only checked.
    mutating func string(path: JSONPath, isKey: Bool) throws(JSONSyntaxError) -> String {
        let open = location(at: pos)
        pos += 1
        var decoded: [UInt8] = []
        while pos < bytes.count {
            let b = bytes[pos]
            switch b {
            case UInt8(ascii: "\""):
                pos += 1
                return isKey ? String(decoding: decoded, as: UTF8.self) : ""
            case UInt8(ascii: "\\"):
                let escapeLocation = location(at: pos)
                let scalar = try escape(stringStart: open, path: path)
                if isKey {
                    if scalar == "\0" {
                        throw fail("object key contains \\u0000, which json-c cannot store in a key: remove it",
                                   kind: .invalidUnicode, at: escapeLocation, path: path)
                    }
                    decoded.append(contentsOf: String(scalar).utf8)
                }
            case 0..<0x20:
                throw controlCharacterInString(b, path: path)
            case 0x20..<0x80:
                if isKey { decoded.append(b) }
                pos += 1
            default:
                guard let length = utf8Length(at: pos) else { throw invalidUTF8(path: path) }
                if isKey { decoded.append(contentsOf: bytes[pos..<pos + length]) }
                pos += length
            }
        }
        throw fail("string is never closed: add the closing '\"'", at: open, path: path)
    }

    /// Reads the escape sequence at `pos` (a backslash) and returns the character it stands for.
    private mutating func escape(stringStart: SourceLocation, path: JSONPath) throws(JSONSyntaxError) -> Unicode.Scalar {
        let at = location(at: pos)
        guard pos + 1 < bytes.count else {
            throw fail("string is never closed: add the closing '\"'", at: stringStart, path: path)
        }
        switch bytes[pos + 1] {
        case UInt8(ascii: "\""): pos += 2; return "\""
        case UInt8(ascii: "\\"): pos += 2; return "\\"
        case UInt8(ascii: "/"): pos += 2; return "/"
        case UInt8(ascii: "b"): pos += 2; return "\u{8}"
        case UInt8(ascii: "f"): pos += 2; return "\u{C}"
        case UInt8(ascii: "n"): pos += 2; return "\n"
        case UInt8(ascii: "r"): pos += 2; return "\r"
        case UInt8(ascii: "t"): pos += 2; return "\t"
        case UInt8(ascii: "u"): break
        case let c where (0x21..<0x7F).contains(c):
            throw fail("invalid escape \\\(Character(Unicode.Scalar(c))) in string: the valid ones are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                       at: at, path: path)
        default:
            throw fail("invalid escape (a backslash followed by \(describe(at: pos + 1))): the valid ones are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                       at: at, path: path)
        }
        guard let unit = hex4(at: pos + 2) else {
            throw fail("\\u must be followed by four hex digits, as in \\u00e9", at: at, path: path)
        }
        pos += 6
        switch unit {
        case 0xD800...0xDBFF:
            if pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u"),
               let low = hex4(at: pos + 2), (0xDC00...0xDFFF).contains(low) {
                pos += 6
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            }
            throw loneSurrogate(unit, at: at, path: path)
        case 0xDC00...0xDFFF:
            throw loneSurrogate(unit, at: at, path: path)
        default:
            return Unicode.Scalar(unit)!
        }
    }

    private func hex4(at i: Int) -> UInt32? {
        guard i + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for b in bytes[i..<i + 4] {
            guard let digit = Character(Unicode.Scalar(b)).hexDigitValue else { return nil }
            value = value * 16 + UInt32(digit)
        }
        return value
    }

    private func loneSurrogate(_ unit: UInt32, at: SourceLocation, path: JSONPath) -> JSONSyntaxError {
        fail("\\u\(hex(unit)) is half of a surrogate pair and has no partner: write the character itself or a full pair such as \\uD83D\\uDE00",
             kind: .invalidUnicode, at: at, path: path)
    }

    private mutating func controlCharacterInString(_ b: UInt8, path: JSONPath) -> JSONSyntaxError {
        let message = switch b {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            "line break inside a string: close the string with '\"' or write the line break as \\n"
        case UInt8(ascii: "\t"):
            "tab character inside a string: write it as \\t"
        default:
            "control character U+\(hex(UInt32(b))) inside a string: write it as \\u\(hex(UInt32(b)))"
        }
        return fail(message, at: location(at: pos), path: path)
    }

    /// number = '-'? ('0' | [1-9][0-9]*) ('.' [0-9]+)? ([eE] [+-]? [0-9]+)?
    ///
    /// Errors point at the number's first character so the editor shows the whole number.
    /// Integers must fit in 64 bits; decimals are range-checked later, on json-c's value.
    mutating func number(path: JSONPath) throws(JSONSyntaxError) {
        let start = pos
        let at = location(at: pos)
        if bytes[pos] == UInt8(ascii: "-") {
            pos += 1
            if pos < bytes.count, isLetter(bytes[pos]) {
                throw badWord(at: pos, location: at, path: path, minus: true)
            }
            guard isDigit(pos) else {
                throw fail("expected a digit after '-'", at: at, path: path)
            }
        }
        if bytes[pos] == UInt8(ascii: "0") {
            pos += 1
            if isDigit(pos) {
                throw fail("number \(snippet(start, wordEnd(from: start))) has a leading zero: remove it", at: at, path: path)
            }
        } else {
            skipDigits()
        }
        var isInteger = true
        if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
            isInteger = false
            let whole = snippet(start, pos)
            pos += 1
            guard isDigit(pos) else {
                throw fail("number \(whole). needs a digit after the decimal point: write \(whole).0 or \(whole)", at: at, path: path)
            }
            skipDigits()
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
            isInteger = false
            pos += 1
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
            guard isDigit(pos) else {
                throw fail("number \(snippet(start, pos)) needs digits in its exponent, as in 1e5", at: at, path: path)
            }
            skipDigits()
        }
        if isInteger && !fitsInInt64(start..<pos) {
            throw fail("integer \(snippet(start, pos)) does not fit in 64 bits: use a smaller number",
                       kind: .numberRange, at: at, path: path)
        }
    }

    private func isDigit(_ i: Int) -> Bool {
        i < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i])
    }

    private mutating func skipDigits() {
        while isDigit(pos) { pos += 1 }
    }

    /// Digit counting and comparison, so a 100,000-digit integer costs no arithmetic.
    private func fitsInInt64(_ range: Range<Int>) -> Bool {
        let negative = bytes[range.lowerBound] == UInt8(ascii: "-")
        let digits = bytes[(negative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound]
        let limit = Array((negative ? "9223372036854775808" : "9223372036854775807").utf8)
        if digits.count != limit.count { return digits.count < limit.count }
        return !limit.lexicographicallyPrecedes(digits)
    }

    /// `true`, `false` or `null`; any other bare word gets a message for what was likely meant.
    mutating func literalWord(path: JSONPath) throws(JSONSyntaxError) {
        let end = wordEnd(from: pos)
        for word in ["true", "false", "null"] where bytes[pos..<end].elementsEqual(word.utf8) {
            pos = end
            return
        }
        throw badWord(at: pos, location: location(at: pos), path: path, minus: false)
    }

    private func badWord(at start: Int, location: SourceLocation, path: JSONPath, minus: Bool) -> JSONSyntaxError {
        let word = snippet(start, wordEnd(from: start))
        let lower = word.lowercased()
        switch lower {
        case "nan", "infinity", "inf":
            return fail("\(minus ? "-" : "")\(word) is not a JSON number: use a finite number or null", at: location, path: path)
        case _ where !minus && ["true", "false", "null"].contains(lower):
            return fail("write \(lower) in lower case", at: location, path: path)
        default:
            return fail("unexpected word \(minus ? "-" : "")\(word): text must be in double quotes, like \"\(word)\"",
                        at: location, path: path)
        }
    }
}
