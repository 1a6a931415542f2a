import CJSONC

/// Runs json-c and copies its tree into `JSONNode`s, attaching the scanner's locations.
///
/// The scanner has already accepted the file, so json-c failing here would be a
/// disagreement between the two; it is still reported as a located error (never a
/// crash), with json-c's error code put into plain words.
struct JSONCTreeConverter {
    private let bytes: [UInt8]
    private let locations: ScanResult
    private var nextValue = 0
    private var nextKey = 0

    static func parse(_ bytes: [UInt8], maxDepth: Int, locations: ScanResult) throws(JSONSyntaxError) -> JSONNode {
        let root = try runJSONC(bytes, maxDepth: maxDepth)
        defer { json_object_put(root) }
        var converter = JSONCTreeConverter(bytes: bytes, locations: locations)
        let node = try converter.node(root, path: .root)
        guard converter.nextValue == locations.values.count, converter.nextKey == locations.keys.count else {
            throw disagreement(at: .start)
        }
        return node
    }

    /// json-c in strict mode with UTF-8 validation. json-c cannot know a number
    /// has ended until it sees what follows, so the input is finished with a NUL.
    private static func runJSONC(_ bytes: [UInt8], maxDepth: Int) throws(JSONSyntaxError) -> OpaquePointer? {
        // json-c's depth counts the top level too, and 0 would crash it.
        guard let tokener = json_tokener_new_ex(Int32(maxDepth + 1)) else {
            throw JSONSyntaxError(kind: .syntax, message: "out of memory", location: .start)
        }
        defer { json_tokener_free(tokener) }
        json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8)

        var terminated = bytes
        terminated.append(0)
        let root = terminated.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { json_tokener_parse_ex(tokener, $0.baseAddress, Int32($0.count)) }
        }
        let error = json_tokener_get_error(tokener)
        let end = json_tokener_get_parse_end(tokener)
        guard error == json_tokener_success else {
            throw jsonCError(error, at: LineTracker.locate(end, in: bytes))
        }
        guard end >= bytes.count else {
            json_object_put(root)
            throw JSONSyntaxError(kind: .syntax, message: "extra text after the JSON value: remove it",
                                  location: LineTracker.locate(end, in: bytes))
        }
        return root
    }

    /// json-c's error codes in plain words.
    private static func jsonCError(_ error: json_tokener_error, at location: SourceLocation) -> JSONSyntaxError {
        let (kind, message): (JSONSyntaxError.Kind, String) = switch error {
        case json_tokener_error_depth: (.tooDeep, "nesting is too deep: flatten the data")
        case json_tokener_error_parse_eof: (.syntax, "unexpected end of file: close every string, array and object")
        case json_tokener_error_parse_utf8_string: (.invalidUnicode, "invalid UTF-8: save the file as UTF-8")
        case json_tokener_error_parse_comment: (.syntax, "comments are not allowed in JSON: remove the comment")
        case json_tokener_error_parse_object_key_sep: (.syntax, "missing ':' after an object key: add a colon")
        case json_tokener_error_parse_object_value_sep, json_tokener_error_parse_array:
            (.syntax, "missing ',' or closing bracket: check the punctuation here")
        default: (.syntax, "invalid JSON (json-c: \(String(cString: json_tokener_error_desc(error))))")
        }
        return JSONSyntaxError(kind: kind, message: message, location: location)
    }

    private static func disagreement(at location: SourceLocation) -> JSONSyntaxError {
        JSONSyntaxError(kind: .syntax, message: "internal error: json-c and the strict scanner read this file differently; please report it",
                        location: location)
    }

    /// Pre-order walk: each value takes the next recorded value location, each
    /// member the next recorded key location, exactly as the scanner met them.
    private mutating func node(_ object: OpaquePointer?, path: JSONPath) throws(JSONSyntaxError) -> JSONNode {
        guard nextValue < locations.values.count else { throw Self.disagreement(at: .start) }
        let location = locations.values[nextValue]
        nextValue += 1

        let value: JSONNode.Value
        switch json_object_get_type(object) {
        case json_type_null:
            value = .null
        case json_type_boolean:
            value = .bool(json_object_get_boolean(object) != 0)
        case json_type_int, json_type_double:
            value = .number(try number(object, at: location, path: path))
        case json_type_string:
            let length = Int(json_object_get_string_len(object))
            let text = json_object_get_string(object).map { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                }
            }
            value = .string(text ?? "")
        case json_type_array:
            var elements: [JSONNode] = []
            for i in 0..<json_object_array_length(object) {
                elements.append(try node(json_object_array_get_idx(object, i), path: path.appending(index: elements.count)))
            }
            value = .array(elements)
        case json_type_object:
            value = .object(try members(object, path: path))
        default:
            throw Self.disagreement(at: location)
        }
        return JSONNode(value: value, location: location, path: path)
    }

    /// Members in json-c's order, which is insertion (file) order.
    private mutating func members(_ object: OpaquePointer?, path: JSONPath) throws(JSONSyntaxError) -> [JSONMember] {
        var members: [JSONMember] = []
        var iterator = json_object_iter_begin(object)
        var end = json_object_iter_end(object)
        while json_object_iter_equal(&iterator, &end) == 0 {
            guard nextKey < locations.keys.count else { throw Self.disagreement(at: .start) }
            let (scannedKey, keyLocation) = locations.keys[nextKey]
            nextKey += 1
            let key = String(cString: json_object_iter_peek_name(&iterator))
            guard key == scannedKey else { throw Self.disagreement(at: keyLocation) }
            let value = try node(json_object_iter_peek_value(&iterator), path: path.appending(key: key))
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
            json_object_iter_next(&iterator)
        }
        return members
    }

    /// The literal comes from the file; the double from json-c, which must not
    /// have overflowed to infinity or rounded a non-zero number down to zero.
    private func number(_ object: OpaquePointer?, at location: SourceLocation, path: JSONPath) throws(JSONSyntaxError) -> JSONNumber {
        var end = location.offset
        while end < bytes.count, "0123456789+-.eE".utf8.contains(bytes[end]) { end += 1 }
        let literal = String(decoding: bytes[location.offset..<end], as: UTF8.self)
        let double = json_object_get_double(object)
        let shown = literal.count > 24 ? literal.prefix(24) + "…" : literal
        if !double.isFinite {
            throw JSONSyntaxError(kind: .numberRange, message: "number \(shown) is too large to store: use a smaller number",
                                  location: location, path: path)
        }
        let mantissa = literal.prefix { $0 != "e" && $0 != "E" }
        if double == 0 && mantissa.contains(where: { ("1"..."9").contains($0) }) {
            throw JSONSyntaxError(kind: .numberRange, message: "number \(shown) is too small to store (it would become 0): use 0 or a larger number",
                                  location: location, path: path)
        }
        let isInteger = !literal.contains { $0 == "." || $0 == "e" || $0 == "E" }
        return JSONNumber(literal: literal, doubleValue: double, intValue: isInteger ? Int(literal) : nil)
    }
}
