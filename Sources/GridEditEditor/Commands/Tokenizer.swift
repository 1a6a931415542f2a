/// Splits a command line into words the way a shell does, minus the expansions: spaces separate
/// words, `"…"` and `'…'` quote (so paths and names may hold spaces), a backslash escapes the
/// next character, and `#` starts a comment at the beginning of a word.
public enum Tokenizer {
    public struct Token: Sendable, Hashable {
        public var text: String
        /// Where the word starts in the line, in characters.
        public var start: Int
    }

    public enum Failure: Error, Sendable, Equatable {
        case unterminatedQuote(Character)
    }

    public static func split(_ line: String) throws(Failure) -> [Token] {
        let state = scan(line)
        if let quote = state.openQuote { throw .unterminatedQuote(quote) }
        return state.tokens
    }

    /// What the completer needs: the finished words before the cursor, and the word being typed
    /// (possibly empty, possibly inside an open quote).
    public static func partial(_ line: String) -> (words: [Token], current: Token) {
        let state = scan(line)
        if state.inWord || state.openQuote != nil {
            return (Array(state.tokens.dropLast()), state.tokens.last ?? Token(text: "", start: line.count))
        }
        return (state.tokens, Token(text: "", start: line.count))
    }

    private struct State {
        var tokens: [Token] = []
        var inWord = false
        var openQuote: Character?
    }

    private static func scan(_ line: String) -> State {
        var state = State()
        var escaped = false
        for (offset, c) in line.enumerated() {
            if escaped {
                state.tokens[state.tokens.count - 1].text.append(c)
                escaped = false
                continue
            }
            if let quote = state.openQuote {
                if c == quote { state.openQuote = nil } else if c == "\\" && quote == "\"" { escaped = true } else {
                    state.tokens[state.tokens.count - 1].text.append(c)
                }
                continue
            }
            if c == " " || c == "\t" {
                state.inWord = false
                continue
            }
            if !state.inWord {
                if c == "#" { break }
                state.tokens.append(Token(text: "", start: offset))
                state.inWord = true
            }
            switch c {
            case "\"", "'": state.openQuote = c
            case "\\": escaped = true
            default: state.tokens[state.tokens.count - 1].text.append(c)
            }
        }
        return state
    }

    /// A word as it must be typed to read back as itself (spaces and quotes escaped).
    public static func escape(_ word: String) -> String {
        var out = ""
        for c in word {
            if c == " " || c == "\"" || c == "'" || c == "\\" || c == "#" && out.isEmpty { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
