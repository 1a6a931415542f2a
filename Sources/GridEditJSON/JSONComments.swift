/// Style files and colour profiles are JSON with comments (`.jsonc`, as VS Code's settings are): `// …` to the end
/// of a line and `/* … */` anywhere outside strings. Comments become spaces, one per character,
/// and their line breaks stay, so the strict JSON parser sees plain JSON and every finding keeps
/// the line and column a designer sees in their editor.
public enum JSONComments {
    public static func strip(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), space = UInt8(ascii: " ")
        /// A comment's character, blanked: line breaks stay, each character (not byte) becomes a space.
        func blank(_ byte: UInt8) {
            if byte == newline || byte == carriageReturn { output.append(byte) }
            else if byte & 0xC0 != 0x80 { output.append(space) }  // skip UTF-8 continuation bytes
        }
        var i = 0
        var inString = false
        while i < bytes.count {
            let byte = bytes[i]
            if inString {
                output.append(byte)
                if byte == backslash, i + 1 < bytes.count {
                    output.append(bytes[i + 1])
                    i += 2
                    continue
                }
                if byte == quote { inString = false }
                i += 1
            } else if byte == quote {
                inString = true
                output.append(byte)
                i += 1
            } else if byte == slash, i + 1 < bytes.count, bytes[i + 1] == slash {
                while i < bytes.count, bytes[i] != newline, bytes[i] != carriageReturn { blank(bytes[i]); i += 1 }
            } else if byte == slash, i + 1 < bytes.count, bytes[i + 1] == star {
                blank(bytes[i]); blank(bytes[i + 1])
                i += 2
                while i < bytes.count, !(bytes[i] == star && i + 1 < bytes.count && bytes[i + 1] == slash) { blank(bytes[i]); i += 1 }
                if i < bytes.count { blank(bytes[i]); blank(bytes[i + 1]); i += 2 }
            } else {
                output.append(byte)
                i += 1
            }
        }
        return output
    }
}
