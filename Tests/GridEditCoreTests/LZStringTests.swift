@testable import GridEditCore
import Testing

/// gridedit's own lz-string against outputs published by other implementations (each vector
/// says where it was published), so the codec agrees with the JavaScript library f-puzzles and
/// SudokuPad use, not only with itself.
@Suite struct LZStringTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        var text: String
        var encoded: String
        var source: String
        var testDescription: String { source }
    }

    static let base64Vectors: [Vector] = [
        // gchq/CyberChef, tests/operations/tests/LZString.mjs ("LZString Compress To Base64").
        Vector(text: "hello world", encoded: "BYUwNmD2AEDukCcwBMg=", source: "CyberChef hello world"),
        // langchain-ai/langserve tests (test_lzstring, "generated with original js lib"): code units ≥ 256.
        Vector(text: "Žluťoučký kůň úpěl ďábelské ódy!",
               encoded: "r6ABsK6KaAD2aLCADWBfgBPQ9oCAlAZAvgDobEARlB4QAEOAjAUxAGd4BL5AZ4BMBPAQiA==",
               source: "langserve Czech sentence"),
        // Same test: a JSON document, long enough for codes to widen several times.
        Vector(text: #"{"glossary":{"title":"example glossary","GlossDiv":{"title":"S","GlossList":{"GlossEntry":{"ID":"SGML","SortAs":"SGML","GlossTerm":"Standard Generalized Markup Language","Acronym":"SGML","Abbrev":"ISO 8879:1986","GlossDef":{"para":"A meta-markup language, used to create markup languages such as DocBook.","GlossSeeAlso":["GML","XML"]},"GlossSee":"markup"}}}}}"#,
               encoded: "N4Ig5gNg9gzjCGAnAniAXKALgS0xApuiPgB7wC2ADgQASSwIogA0IA4tHACLYBu6WXASIBlFu04wAMthiYBEhgFEAdpiYYQASS6i2AWSniRURJgCCMPYfEcGAFXyJyozPBUATJB5pt8Kp3gIbAAvfB99JABrAFdKGil3MBj4MEJWcwBjRCgVZBc0EBEDIwyAIzLEfH5CrREAeRoADiaAdgBONABGdqaANltJLnwAMwVKJHgicxpyfDcAWnJouJoIJJS05hoYmHCaTCgabPx4THxZlfj1lWTU/BgaGBjMgAsaeEeuKEyAISgoFEAHSDBgifD4cwQGBQdAAbXYNlYAA0bABdAC+rDscHBhEKy0QsUoIAxZLJQA",
               source: "langserve glossary JSON"),
        // parmsam/lzstring-r, tests/testthat/test-lzstringr.R ("originally from original C++ implementation").
        Vector(text: #"[{"n":"ps1.active","q":1,"t":1474356144455,"v":21}]"#,
               encoded: "NobwRAdmBcYA4GcCMA6AhgYwC4EsBuApmADRgCOMSpWlALAOy0DMArAGxK1csul4wAmJAF8AukA=",
               source: "lzstring-r short JSON"),
        // Same file ("Compression to Base64 matches expected output"): repeated phrases.
        Vector(text: "aaaaabaaaaacaaaaadaaaaaeaaaaa", encoded: "IYkI1EGNOATWBTWQ", source: "lzstring-r repeats"),
        // Same file ("compressToBase64 with UTF-8 input matches expected").
        Vector(text: "UTF-8 middle dot '·'. Random text ĤϜPՌ",
               encoded: "KoFQYgtAHABAtgSwCZIDYFMZIPYBcYDkA7QQHQwBKAhgHY5wy7oAe+gJICA7wAAqAyoEA===",
               source: "lzstring-r middle dot"),
    ]

    @Test("compressToBase64 gives the published output", arguments: base64Vectors)
    func compressesLikeTheReference(_ vector: Vector) {
        #expect(LZString.compressToBase64(vector.text) == vector.encoded)
    }

    @Test("decompressFromBase64 reads the published output", arguments: base64Vectors)
    func decompressesTheReference(_ vector: Vector) {
        #expect(LZString.decompressFromBase64(vector.encoded) == vector.text)
    }

    @Test func decompressesUnpaddedBase64() {
        // parmsam/lzstring-r, test-lzstringr.R ("Decompression from Base64 matches original string"), no `=` padding.
        #expect(LZString.decompressFromBase64("CoCwpgBAjgrglgYwNYQEYCcD2B3AdhAM0wA8IArGAWwAcBnCTANzHQgBdwIAbAQwC8AnhAAmmAOZA")
                == "The quick brown fox jumps over the lazy dog")
    }

    @Test func encodedURIComponentMatchesThePublishedOutput() {
        // parmsam/lzstring-r, test-lzstringr.R ("Compress and Decompress for URI encoding").
        let text = #"[{"name":"app.py","content":"from shiny.express import input, render, ui\n\nui.input_slider(\"n\", \"N\", 0, 100, 20)\n\n\n@render.text\ndef txt():\n    return f\"n*2 is {input.n() * 2}\"\n"}]"#
        let encoded = "NobwRAdghgtgpmAXGKAHVA6VBPMAaMAYwHsIAXOcpMAMwCdiYACAZwAsBLCbDOAD1R04LFkw4xUxOmTERUAVzJ4mQiABM4dZfI4AdCPp0YuCsgH0WAGw4a6ACl2RHyxwDlnTAAzKAjJ+9MAEyeAJT64RAAAqq2GBR8ZPoaNExkCXYhiPpMOSpwZPJ0EEw0jhAAVIFioiAmihgQGUzlQQC+jvpgrQC6QA"
        #expect(LZString.compressToEncodedURIComponent(text) == encoded)
        #expect(LZString.decompressFromEncodedURIComponent(encoded) == text)
        #expect(LZString.compressToEncodedURIComponent("aaaaabaaaaacaaaaadaaaaaeaaaaa") == "IYkI1EGNOATWBTWQ")
    }

    @Test func roundTripsAwkwardText() {
        var generator = SplitMix64(seed: 14)
        for length in [0, 1, 2, 3, 5, 64, 1000, 5000] {
            let units = (0..<length).map { _ in
                // Mostly a small alphabet (long phrases), sometimes any code unit but surrogates.
                generator.next() % 4 == 0 ? Character(UnicodeScalar(UInt32(generator.next() % 0xD000))!) : Character(UnicodeScalar(UInt8(97 + generator.next() % 3)))
            }
            let text = String(units)
            #expect(LZString.decompressFromBase64(LZString.compressToBase64(text)) == text, "length \(length)")
            #expect(LZString.decompressFromEncodedURIComponent(LZString.compressToEncodedURIComponent(text)) == text)
        }
    }

    @Test func refusesWhatIsNotAStream() {
        #expect(LZString.decompressFromBase64("") == nil)
        #expect(LZString.decompressFromBase64("BYUw NmD2") == nil, "a space is outside the alphabet")
        #expect(LZString.decompressFromBase64("BYUwNmD2AEDu") == nil, "cut before the end code")
        #expect(LZString.decompressFromBase64("////////") == nil, "a code that names no phrase")
    }
}
