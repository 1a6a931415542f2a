/// Error wording: turning "unexpected byte at offset N" into what the author
/// most likely did (a comment, single quotes, a missing comma, ...) and what to do.
extension StrictScanner {
    /// Mistakes that read the same wherever they happen, or nil.
    /// `path` defaults to the innermost open container.
    mutating func commonMistake(path: JSONPath? = nil) -> JSONSyntaxError? {
        guard pos < bytes.count else { return unexpectedEnd() }
        let path = path ?? currentPath
        let next = pos + 1 < bytes.count ? bytes[pos + 1] : 0
        switch bytes[pos] {
        case UInt8(ascii: "/") where next == UInt8(ascii: "/") || next == UInt8(ascii: "*"):
            return fail("comments are not allowed in JSON: remove the comment", at: location(at: pos), path: path)
        case UInt8(ascii: "'"):
            return fail("single quotes are not allowed in JSON: use double quotes (\") around strings and keys",
                        at: location(at: pos), path: path)
        case 0x80... where utf8Length(at: pos) == nil:
            return invalidUTF8(path: path)
        default:
            return nil
        }
    }

    /// "expected X, found Y", after checking for the usual mistakes.
    mutating func unexpected(_ expected: String, keyPosition: Bool = false, path: JSONPath? = nil) -> JSONSyntaxError {
        if let mistake = commonMistake(path: path) { return mistake }
        let path = path ?? currentPath
        let here = location(at: pos)
        let b = bytes[pos]
        if keyPosition && isWordByte(b) {
            let word = snippet(pos, wordEnd(from: pos))
            return fail("object keys must be in double quotes: write \"\(word)\"", at: here, path: path)
        }
        return fail("expected \(expected), found \(describe(at: pos))", at: here, path: path)
    }

    /// Where a value should start: numbers written like `+1` or `.5`, or else "expected a value".
    mutating func badValueStart(path: JSONPath) -> JSONSyntaxError {
        let next = pos + 1 < bytes.count ? bytes[pos + 1] : 0
        if bytes[pos] == UInt8(ascii: "+") {
            return fail("JSON numbers have no '+' sign: remove it", at: location(at: pos), path: path)
        }
        if bytes[pos] == UInt8(ascii: "."), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
            return fail("a number must start with a digit: write 0\(snippet(pos, wordEnd(from: pos + 1)))",
                        at: location(at: pos), path: path)
        }
        return unexpected("a value", path: path)
    }

    /// The file stops inside an open array or object.
    mutating func unexpectedEnd() -> JSONSyntaxError {
        let here = location(at: bytes.count)
        guard let open = stack.last else {
            return fail("unexpected end of file: expected a value", at: here, path: .root)
        }
        let kind = open.isArray ? "array" : "object"
        return fail("unexpected end of file inside the \(kind) opened at \(open.opener): complete it and close it with '\(Character(Unicode.Scalar(open.closer)))'",
                    at: here, path: open.path)
    }

    /// After an element, something other than ',' or the closing bracket.
    mutating func missingSeparator(in frame: Frame) -> JSONSyntaxError {
        let here = location(at: pos)
        let closer = "'\(Character(Unicode.Scalar(frame.closer)))'"
        switch bytes[pos] {
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            return fail("\(describe(at: pos)) does not match the \(frame.isArray ? "'['" : "'{'") at \(frame.opener): close it with \(closer)",
                        at: here, path: frame.path)
        case UInt8(ascii: "\"") where !frame.isArray:
            return fail("missing ',' between object members: add a comma before this key", at: here, path: frame.path)
        case UInt8(ascii: "\""), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            if frame.isArray {
                return fail("missing ',' between array elements: add a comma before this value", at: here, path: frame.path)
            }
            return unexpected("',' or \(closer)")
        default:
            return unexpected("',' or \(closer)")
        }
    }

    /// Bad UTF-8 at `pos`. UTF-8-encoded surrogates (ED A0..BF ..) get their own words,
    /// since that is what some Windows tools write for emoji.
    mutating func invalidUTF8(path: JSONPath) -> JSONSyntaxError {
        let here = location(at: pos)
        let shown = bytes[pos..<min(pos + 3, bytes.count)].map { hex(UInt32($0), digits: 2) }.joined(separator: " ")
        if bytes[pos] == 0xED, pos + 1 < bytes.count, (0xA0...0xBF).contains(bytes[pos + 1]) {
            return fail("bytes \(shown) encode a UTF-16 surrogate, which is not a character: save the file as standard UTF-8",
                        kind: .invalidUnicode, at: here, path: path)
        }
        return fail("invalid UTF-8 byte 0x\(hex(UInt32(bytes[pos]), digits: 2)): save the file as UTF-8",
                    kind: .invalidUnicode, at: here, path: path)
    }

    /// Length of the well-formed UTF-8 sequence starting at `i` (Unicode Table 3-7), or nil.
    /// Overlong forms, surrogates and values past U+10FFFF are not well-formed.
    func utf8Length(at i: Int) -> Int? {
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            i + k < bytes.count && range.contains(bytes[i + k])
        }
        switch bytes[i] {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : nil
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : nil
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default: return nil
        }
    }

    /// A character for a message: `'x'`, `'★' (U+2605)`, `control character U+0007`, `a NUL byte`.
    func describe(at i: Int) -> String {
        let b = bytes[i]
        switch b {
        case 0: return "a NUL byte"
        case 0x01..<0x20, 0x7F: return "control character U+\(hex(UInt32(b)))"
        case 0x20..<0x80:
            return isWordByte(b) ? "'\(snippet(i, wordEnd(from: i)))'" : "'\(Character(Unicode.Scalar(b)))'"
        default:
            guard let length = utf8Length(at: i),
                  let scalar = String(decoding: bytes[i..<i + length], as: UTF8.self).unicodeScalars.first
            else { return "byte 0x\(hex(UInt32(b), digits: 2))" }
            return "'\(scalar)' (U+\(hex(scalar.value)))"
        }
    }

    func isLetter(_ b: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
    }

    func isWordByte(_ b: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_")
    }

    /// End of the run of letters, digits and `_` starting at `i`.
    func wordEnd(from i: Int) -> Int {
        var end = i
        while end < bytes.count && isWordByte(bytes[end]) { end += 1 }
        return end
    }

    /// Source text for a message, cut short so a 100,000-digit number stays readable.
    func snippet(_ start: Int, _ end: Int) -> String {
        let limit = 24
        let text = String(decoding: bytes[start..<min(end, start + limit)], as: UTF8.self)
        return end - start > limit ? text + "…" : text
    }

    func hex(_ value: UInt32, digits: Int = 4) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
