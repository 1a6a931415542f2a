/// lz-string, the compression f-puzzles and SudokuPad put in their puzzle links, written from the
/// algorithm's description (an LZW variant over UTF-16 code units).
///
/// How it works: the compressor reads the text one code unit at a time, growing the longest
/// phrase `w` already in its dictionary. When `w + c` is new it writes the code of `w` and adds
/// `w + c` as the next code. The first time a code unit appears it is written literally: code 0
/// and 8 bits when it is below 256, code 1 and 16 bits otherwise, and from then on it has its own
/// code. Code 2 ends the stream. Codes start 2 bits wide and widen by one bit whenever the
/// dictionary fills the current width (`enlargeIn` counts down to that moment; reader and writer
/// widen at the same points, so no width is ever written). Values are written least significant
/// bit first; the bit stream is cut into 6-bit groups, each one character of an alphabet:
/// standard base64 with `=` padding to a multiple of four (`compressToBase64`), or the URL-safe
/// alphabet `+-$` without padding (`compressToEncodedURIComponent`).
///
/// Decompression returns nil for anything that is not such a stream (a character outside the
/// alphabet, a code that names no phrase, a stream that stops before its end code), and stops
/// at ``maxDecompressedUnits`` so that a hostile link cannot exhaust memory.
public enum LZString {
    static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    static let uriAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$".utf8)
    /// A classic puzzle's JSON is a few kilobytes and a heavily decorated variant's some hundred;
    /// 1 Mi code units is far beyond any real one.
    public static let maxDecompressedUnits = 1 << 20

    public static func compressToBase64(_ text: String) -> String {
        var out = compress(Array(text.utf16), alphabet: base64Alphabet)
        while out.count % 4 != 0 { out.append(UInt8(ascii: "=")) }
        return String(decoding: out, as: UTF8.self)
    }

    public static func compressToEncodedURIComponent(_ text: String) -> String {
        String(decoding: compress(Array(text.utf16), alphabet: uriAlphabet), as: UTF8.self)
    }

    /// The text, or nil when `encoded` is not an lz-string base64 stream. Trailing `=` padding
    /// is optional.
    public static func decompressFromBase64(_ encoded: String) -> String? {
        var chars = Array(encoded.utf8)
        while chars.last == UInt8(ascii: "=") { chars.removeLast() }
        return decompress(chars, alphabet: base64Alphabet)
    }

    public static func decompressFromEncodedURIComponent(_ encoded: String) -> String? {
        decompress(Array(encoded.utf8), alphabet: uriAlphabet)
    }

    // MARK: - Compression

    /// Collects bits most significant first into `bitsPerChar`-bit groups (6 for both alphabets).
    private struct BitWriter {
        let alphabet: [UInt8]
        var out: [UInt8] = []
        var value = 0
        var filled = 0

        mutating func write(_ bits: Int, count: Int) {
            var bits = bits
            for _ in 0..<count {
                value = (value << 1) | (bits & 1)
                bits >>= 1
                filled += 1
                if filled == 6 {
                    out.append(alphabet[value])
                    value = 0
                    filled = 0
                }
            }
        }

        /// Pads the last group with zero bits. Like the reference, a stream that ends exactly on
        /// a group boundary still gets one more (all-zero) character.
        mutating func finish() -> [UInt8] {
            repeat {
                value <<= 1
                filled += 1
            } while filled < 6
            out.append(alphabet[value])
            return out
        }
    }

    static func compress(_ units: [UInt16], alphabet: [UInt8]) -> [UInt8] {
        var dictionary: [[UInt16]: Int] = [:]
        var notYetWritten = Set<UInt16>()
        var writer = BitWriter(alphabet: alphabet)
        var nextCode = 3
        var width = 2
        var enlargeIn = 2
        var phrase: [UInt16] = []

        func countDown() {
            enlargeIn -= 1
            if enlargeIn == 0 {
                enlargeIn = 1 << width
                width += 1
            }
        }
        func emit(_ phrase: [UInt16]) {
            if phrase.count == 1, notYetWritten.contains(phrase[0]) {
                let unit = phrase[0]
                if unit < 256 {
                    writer.write(0, count: width)
                    writer.write(Int(unit), count: 8)
                } else {
                    writer.write(1, count: width)
                    writer.write(Int(unit), count: 16)
                }
                countDown()
                notYetWritten.remove(unit)
            } else {
                writer.write(dictionary[phrase]!, count: width)
            }
            countDown()
        }

        for unit in units {
            if dictionary[[unit]] == nil {
                dictionary[[unit]] = nextCode
                nextCode += 1
                notYetWritten.insert(unit)
            }
            let extended = phrase + [unit]
            if dictionary[extended] != nil {
                phrase = extended
            } else {
                emit(phrase)
                dictionary[extended] = nextCode
                nextCode += 1
                phrase = [unit]
            }
        }
        if !phrase.isEmpty { emit(phrase) }
        writer.write(2, count: width)
        return writer.finish()
    }

    // MARK: - Decompression

    /// Reads bits most significant first from 6-bit values; nil once the input is used up.
    private struct BitReader {
        let values: [UInt8]
        var index = 0
        var mask = 32

        mutating func read(_ count: Int) -> Int? {
            var result = 0
            for i in 0..<count {
                guard index < values.count else { return nil }
                if Int(values[index]) & mask != 0 { result |= 1 << i }
                mask >>= 1
                if mask == 0 {
                    mask = 32
                    index += 1
                }
            }
            return result
        }
    }

    static func decompress(_ chars: [UInt8], alphabet: [UInt8]) -> String? {
        var lookup = [UInt8](repeating: 255, count: 256)
        for (value, char) in alphabet.enumerated() { lookup[Int(char)] = UInt8(value) }
        var values: [UInt8] = []
        values.reserveCapacity(chars.count)
        for char in chars {
            let value = lookup[Int(char)]
            if value == 255 { return nil }
            values.append(value)
        }
        guard !values.isEmpty else { return nil }
        var reader = BitReader(values: values)

        // Codes 0, 1, 2 are the literal and end markers; the dictionary's phrases start at 3.
        var dictionary: [[UInt16]] = [[], [], []]
        var width = 3
        var enlargeIn = 4
        guard let first = reader.read(2) else { return nil }
        let firstUnit: Int
        switch first {
        case 0: guard let unit = reader.read(8) else { return nil }; firstUnit = unit
        case 1: guard let unit = reader.read(16) else { return nil }; firstUnit = unit
        case 2: return ""
        default: return nil
        }
        var previous: [UInt16] = [UInt16(firstUnit)]
        dictionary.append(previous)
        var result = previous

        while true {
            guard var code = reader.read(width) else { return nil }
            switch code {
            case 0, 1:
                guard let unit = reader.read(code == 0 ? 8 : 16) else { return nil }
                dictionary.append([UInt16(unit)])
                code = dictionary.count - 1
                enlargeIn -= 1
            case 2:
                return String(decoding: result, as: UTF16.self)
            default:
                break
            }
            if enlargeIn == 0 {
                enlargeIn = 1 << width
                width += 1
            }
            let entry: [UInt16]
            if code < dictionary.count {
                entry = dictionary[code]
            } else if code == dictionary.count {
                // The phrase being defined by this very step (the KwKwK case of LZW).
                entry = previous + [previous[0]]
            } else {
                return nil
            }
            result += entry
            if result.count > maxDecompressedUnits { return nil }
            dictionary.append(previous + [entry[0]])
            enlargeIn -= 1
            previous = entry
            if enlargeIn == 0 {
                enlargeIn = 1 << width
                width += 1
            }
        }
    }
}
