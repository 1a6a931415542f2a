import Foundation

/// The straight-edged shapes of an SVG drawing, for ``TangramSVG``: `<polygon>`, `<polyline>`,
/// `<rect>` and `<path>` (M L H V Z, absolute or relative; each subpath a shape), with the
/// `transform`s of the element and its groups applied. A small reader of its own: tags and
/// attributes, comments, declarations and CDATA skipped; nothing else of SVG is needed here.
enum SVGShapes {
    struct Shape {
        /// `<polygon>` #2, `<path>` #1 subpath 3: where it is in the file, for messages.
        var element: String
        var points: [(x: Double, y: Double)]
    }

    struct Drawing {
        var shapes: [Shape]
        var title: String?
    }

    /// An affine map [a c e; b d f].
    struct Affine {
        var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0
        func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (a * x + c * y + e, b * x + d * y + f) }
        func then(_ m: Affine) -> Affine {  // self applied after m: self ∘ m
            Affine(a: a * m.a + c * m.b, b: b * m.a + d * m.b, c: a * m.c + c * m.d, d: b * m.c + d * m.d,
                   e: a * m.e + c * m.f + e, f: b * m.e + d * m.f + f)
        }
    }

    static func parse(_ text: String) throws(TangramImport.Failure) -> Drawing {
        let chars = Array(text.unicodeScalars)
        var i = 0
        var stack: [Affine] = [Affine()]
        var shapes: [Shape] = []
        var counts: [String: Int] = [:]
        var title: String?
        var sawSVG = false
        func starts(_ s: String, at k: Int) -> Bool {
            let u = Array(s.unicodeScalars)
            return k + u.count <= chars.count && Array(chars[k..<k + u.count]) == u
        }
        while i < chars.count {
            guard chars[i] == "<" else { i += 1; continue }
            if starts("<!--", at: i) {
                while i < chars.count && !starts("-->", at: i) { i += 1 }
                i += 3
                continue
            }
            if starts("<![CDATA[", at: i) {
                while i < chars.count && !starts("]]>", at: i) { i += 1 }
                i += 3
                continue
            }
            if starts("<?", at: i) || starts("<!", at: i) {
                while i < chars.count && chars[i] != ">" { i += 1 }
                i += 1
                continue
            }
            // A tag: read to its closing '>' outside quotes.
            var j = i + 1
            var quote: Unicode.Scalar?
            while j < chars.count {
                let ch = chars[j]
                if let q = quote { if ch == q { quote = nil } } else if ch == "\"" || ch == "'" { quote = ch } else if ch == ">" { break }
                j += 1
            }
            guard j < chars.count else { throw TangramImport.Failure("the file ends inside a tag; is it a complete SVG file?") }
            let body = String(String.UnicodeScalarView(chars[(i + 1)..<j]))
            i = j + 1
            if body.hasPrefix("/") {
                let name = String(body.dropFirst()).trimmingWhitespace()
                if name == "g" || name == "svg" || name == "a" || name == "symbol" { if stack.count > 1 { stack.removeLast() } }
                continue
            }
            let selfClosing = body.hasSuffix("/")
            let (name, attributes) = tag(selfClosing ? String(body.dropLast()) : body)
            let local = name.split(separator: ":").last.map(String.init) ?? name
            let transform = try stack.last!.then(parseTransform(attributes["transform"] ?? ""))
            switch local {
            case "svg", "g", "a", "symbol":
                if local == "svg" { sawSVG = true }
                if !selfClosing { stack.append(transform) }
            case "title" where title == nil && !selfClosing:
                var k = i
                while k < chars.count && chars[k] != "<" { k += 1 }
                let text = String(String.UnicodeScalarView(chars[i..<k])).trimmingWhitespace()
                if !text.isEmpty { title = String(text) }
            case "polygon", "polyline":
                counts[local, default: 0] += 1
                let numbers = try numbersIn(attributes["points"] ?? "", what: "<\(local)> points")
                guard numbers.count % 2 == 0 else { throw TangramImport.Failure("<\(local)> #\(counts[local]!) has an odd count of coordinates") }
                let points = stride(from: 0, to: numbers.count, by: 2).map { transform.apply(numbers[$0], numbers[$0 + 1]) }
                shapes.append(Shape(element: "<\(local)> #\(counts[local]!)", points: points))
            case "rect":
                counts[local, default: 0] += 1
                let value = { (key: String) throws(TangramImport.Failure) -> Double in
                    try numbersIn(attributes[key] ?? "0", what: "<rect> \(key)").first ?? 0
                }
                let (x, y, w, h) = (try value("x"), try value("y"), try value("width"), try value("height"))
                shapes.append(Shape(element: "<rect> #\(counts[local]!)",
                                    points: [(x, y), (x + w, y), (x + w, y + h), (x, y + h)].map { transform.apply($0.0, $0.1) }))
            case "path":
                counts[local, default: 0] += 1
                let element = "<path> #\(counts[local]!)"
                for (index, subpath) in try pathPoints(attributes["d"] ?? "", element: element).enumerated() {
                    shapes.append(Shape(element: index == 0 ? element : "\(element) subpath \(index + 1)",
                                        points: subpath.map { transform.apply($0.x, $0.y) }))
                }
            case "circle", "ellipse", "line", "image", "text", "use":
                counts[local, default: 0] += 1
            default:
                break
            }
        }
        guard sawSVG else { throw TangramImport.Failure("no <svg> element; is this an SVG file?") }
        return Drawing(shapes: shapes, title: title)
    }

    /// A tag's name and attributes.
    static func tag(_ body: String) -> (String, [String: String]) {
        let scalars = Array(body.unicodeScalars)
        var k = 0
        func skipSpace() { while k < scalars.count && scalars[k].properties.isWhitespace { k += 1 } }
        var name = ""
        while k < scalars.count && !scalars[k].properties.isWhitespace { name.unicodeScalars.append(scalars[k]); k += 1 }
        var attributes: [String: String] = [:]
        while k < scalars.count {
            skipSpace()
            var key = ""
            while k < scalars.count && scalars[k] != "=" && !scalars[k].properties.isWhitespace { key.unicodeScalars.append(scalars[k]); k += 1 }
            skipSpace()
            guard k < scalars.count, scalars[k] == "=" else { continue }
            k += 1
            skipSpace()
            guard k < scalars.count else { break }
            let quote = scalars[k]
            var value = ""
            if quote == "\"" || quote == "'" {
                k += 1
                while k < scalars.count && scalars[k] != quote { value.unicodeScalars.append(scalars[k]); k += 1 }
                k += 1
            } else {
                while k < scalars.count && !scalars[k].properties.isWhitespace { value.unicodeScalars.append(scalars[k]); k += 1 }
            }
            attributes[key.split(separator: ":").last.map(String.init) ?? key] = value
        }
        return (name, attributes)
    }

    /// The numbers of an attribute: separated by spaces or commas, signs and exponents allowed.
    static func numbersIn(_ text: String, what: String) throws(TangramImport.Failure) -> [Double] {
        var numbers: [Double] = []
        var current = ""
        func flush() throws(TangramImport.Failure) {
            guard !current.isEmpty else { return }
            guard let value = Double(current), value.isFinite else { throw TangramImport.Failure("\(what): \"\(current)\" is not a number") }
            numbers.append(value)
            current = ""
        }
        var previous: Character = " "
        for ch in text {
            if ch == "," || ch.isWhitespace {
                try flush()
            } else if (ch == "-" || ch == "+") && !current.isEmpty && previous != "e" && previous != "E" {
                try flush()
                current.append(ch)
            } else if ch == "." && current.contains(".") && !current.contains("e") && !current.contains("E") {
                try flush()
                current.append(ch)
            } else {
                current.append(ch)
            }
            previous = ch
        }
        try flush()
        return numbers
    }

    /// The straight subpaths of a path's `d`: M L H V Z, absolute or relative.
    static func pathPoints(_ d: String, element: String) throws(TangramImport.Failure) -> [[(x: Double, y: Double)]] {
        var tokens: [(command: Character, numbers: [Double])] = []
        var command: Character?
        var buffer = ""
        for ch in d {
            if ch.isLetter && ch != "e" && ch != "E" {
                if let command { tokens.append((command, try numbersIn(buffer, what: "\(element) d"))) }
                command = ch
                buffer = ""
            } else {
                buffer.append(ch)
            }
        }
        if let command { tokens.append((command, try numbersIn(buffer, what: "\(element) d"))) }
        var subpaths: [[(x: Double, y: Double)]] = []
        var current: [(x: Double, y: Double)] = []
        var at = (x: 0.0, y: 0.0)
        func close() { if current.count >= 3 { subpaths.append(current) }; current = [] }
        for (command, numbers) in tokens {
            let relative = command.isLowercase
            switch command.uppercased() {
            case "M", "L":
                guard numbers.count % 2 == 0, !numbers.isEmpty else { throw TangramImport.Failure("\(element): \(command) needs pairs of coordinates") }
                for k in stride(from: 0, to: numbers.count, by: 2) {
                    let p = relative ? (x: at.x + numbers[k], y: at.y + numbers[k + 1]) : (x: numbers[k], y: numbers[k + 1])
                    if k == 0 && command.uppercased() == "M" { close() }
                    current.append(p)
                    at = p
                }
            case "H":
                for value in numbers { at = (relative ? at.x + value : value, at.y); current.append(at) }
            case "V":
                for value in numbers { at = (at.x, relative ? at.y + value : value); current.append(at) }
            case "Z":
                if let first = current.first { at = first }
                close()
            default:
                throw TangramImport.Failure("\(element): the path has a curve or arc (\(command)); tangram figures have straight edges only "
                                         + "(in your tool: flatten or convert the path to straight segments)")
            }
        }
        close()
        return subpaths
    }

    /// A `transform` attribute as one affine map (the list applies right to left, as SVG says).
    static func parseTransform(_ text: String) throws(TangramImport.Failure) -> Affine {
        var result = Affine()
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "(") {
            guard let close = rest[open...].firstIndex(of: ")") else { throw TangramImport.Failure("transform \"\(text)\": a ( without )") }
            let name = String(rest[..<open].filter { $0 != "," }).trimmingWhitespace()
            let values = try numbersIn(String(rest[rest.index(after: open)..<close]), what: "transform \(name)")
            var m = Affine()
            switch (name, values.count) {
            case ("matrix", 6): m = Affine(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
            case ("translate", 1): m.e = values[0]
            case ("translate", 2): m.e = values[0]; m.f = values[1]
            case ("scale", 1): m.a = values[0]; m.d = values[0]
            case ("scale", 2): m.a = values[0]; m.d = values[1]
            case ("rotate", 1), ("rotate", 3):
                let t = values[0] * Double.pi / 180
                let (cs, sn) = (cos(t), sin(t))
                let r = Affine(a: cs, b: sn, c: -sn, d: cs)
                if values.count == 3 {
                    m = Affine(e: values[1], f: values[2]).then(r).then(Affine(e: -values[1], f: -values[2]))
                } else {
                    m = r
                }
            case ("skewX", 1): m.c = tan(values[0] * Double.pi / 180)
            case ("skewY", 1): m.b = tan(values[0] * Double.pi / 180)
            default: throw TangramImport.Failure("transform \"\(text)\": \(name) with \(values.count) values is not an SVG transform")
            }
            result = result.then(m)
            rest = rest[rest.index(after: close)...]
        }
        return result
    }
}

