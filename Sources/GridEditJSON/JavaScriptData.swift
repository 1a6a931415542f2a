/// Data that other programs ship as JavaScript rather than JSON (Sugarizer's `dataSet.js`,
/// GCompris' `dataset.js`): one assignment such as `var dataset = [ … ];` whose value is a
/// JavaScript literal: JSON plus comments, single-quoted strings, bare keys and trailing commas.
/// ``json(_:)`` rewrites such a text into JSON in place: what comes before the value (`.pragma
/// library`, `var dataset =`) and the final `;` become spaces, comments become spaces (line breaks
/// kept), a trailing comma a space, `'text'` becomes `"text"`, and a bare key gets its quotes (the
/// one change that moves later columns on its line). Every line keeps its number, so the strict
/// parser's findings point at the line a designer sees in the original file.
public enum JavaScriptData {
    /// The JSON for a JavaScript data file's one value.
    public static func json(_ text: String) -> String {
        let input = Array(text.unicodeScalars)
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(input.count)
        var lastComma: Int?
        var i = 0
        /// Blanks one character: line breaks stay.
        func blank(_ c: Unicode.Scalar) { output.append(c == "\n" || c == "\r" ? c : " ") }
        func isIdentifier(_ c: Unicode.Scalar) -> Bool { c == "_" || c == "$" || c.properties.isAlphabetic || ("0"..."9").contains(c) }

        // Before the value (the first `[` or `{` outside comments), everything is blanked.
        var beforeValue = true
        /// The last character written that is not blank or a comment.
        var lastSignificant: Unicode.Scalar = " "
        while i < input.count {
            let c = input[i]
            let startsComment = c == "/" && i + 1 < input.count && (input[i + 1] == "/" || input[i + 1] == "*")
            if beforeValue, !startsComment {
                if c == "[" || c == "{" { beforeValue = false } else { blank(c); i += 1; continue }
            }
            if c == "\"" || c == "'" {
                // A string: its quotes become double quotes; a double quote inside a single-quoted
                // string is escaped, an escaped single quote needs no escape.
                output.append("\"")
                i += 1
                while i < input.count, input[i] != c, input[i] != "\n" {
                    if input[i] == "\\", i + 1 < input.count {
                        if input[i + 1] == "'" { output.append("'") } else { output.append("\\"); output.append(input[i + 1]) }
                        i += 2
                        continue
                    }
                    if input[i] == "\"" { output.append("\\") }
                    output.append(input[i])
                    i += 1
                }
                if i < input.count, input[i] == c { output.append("\""); i += 1 }
                lastSignificant = "\""
            } else if c == "/", i + 1 < input.count, input[i + 1] == "/" {
                while i < input.count, input[i] != "\n", input[i] != "\r" { blank(input[i]); i += 1 }
            } else if c == "/", i + 1 < input.count, input[i + 1] == "*" {
                blank(c); blank(input[i + 1]); i += 2
                while i < input.count, !(input[i] == "*" && i + 1 < input.count && input[i + 1] == "/") { blank(input[i]); i += 1 }
                if i < input.count { blank(input[i]); blank(input[i + 1]); i += 2 }
            } else if c == "," {
                // Kept until the next significant character shows whether it is a trailing one.
                lastComma = output.count
                output.append(",")
                lastSignificant = ","
                i += 1
            } else if c == "]" || c == "}" {
                // A trailing comma before it becomes a space.
                if lastSignificant == ",", let comma = lastComma { output[comma] = " " }
                output.append(c)
                lastSignificant = c
                i += 1
            } else if (lastSignificant == "{" || lastSignificant == ","), isIdentifier(c), !("0"..."9").contains(c) {
                // A bare key (`name: 'x'`) gets its quotes; a bare word elsewhere (true, false, null) stays.
                var j = i
                while j < input.count, isIdentifier(input[j]) { j += 1 }
                var k = j
                while k < input.count, input[k] == " " || input[k] == "\t" { k += 1 }
                if k < input.count, input[k] == ":" {
                    output.append("\"")
                    output.append(contentsOf: input[i..<j])
                    output.append("\"")
                } else {
                    output.append(contentsOf: input[i..<j])
                }
                lastSignificant = input[j - 1]
                i = j
            } else if c == ";", input[(i + 1)...].allSatisfy({ $0.properties.isWhitespace }) {
                blank(c)
                i += 1
            } else {
                output.append(c)
                if !c.properties.isWhitespace { lastSignificant = c }
                i += 1
            }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: output)
        return String(text)
    }
}
