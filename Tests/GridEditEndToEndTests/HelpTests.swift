import GridEditTestSupport
import Testing

/// Help text wraps to the terminal width; compare it with line breaks and runs of spaces folded.
private func folded(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
}

@Suite("gridedit --help")
struct HelpTests {
    @Test("gridedit --help lists the subcommands")
    func rootHelp() throws {
        let output = try GridEditBinary.run(["--help"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.lines.first == "OVERVIEW: Author, check and convert Tangram and Sudoku puzzles.")
        #expect(output.lines.contains("USAGE: gridedit <subcommand>"))
        let subcommands = output.lines.drop { $0 != "SUBCOMMANDS:" }.dropFirst()
        #expect(subcommands.contains { $0.hasPrefix("  check ") && $0.hasSuffix("Validate puzzle files and packs.") })
        #expect(subcommands.contains { $0.hasPrefix("  format ") && $0.contains("canonical layout") })
        #expect(subcommands.contains { $0.hasPrefix("  sudoku ") && $0.contains("Convert Sudoku puzzles") })
    }

    @Test("gridedit check, parsed on its own for a fast start, reads as a subcommand of gridedit: usage errors, help, exit status")
    func checkParsedAlone() throws {
        let bad = try GridEditBinary.run(["check", "--shard", "9/2", "puzzles"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("Usage: gridedit check [<options>] <paths> ...") && bad.stderr.contains("See 'gridedit check --help'"), "\(bad.stderr)")
        let missing = try GridEditBinary.run(["check"])
        #expect(missing.status == 64 && missing.stderr.contains("Missing expected argument '<paths> ...'"), "\(missing.stderr)")
        let good = try GridEditBinary.run(["check", GridEditBinary.repositoryRoot.appendingPathComponent("puzzles/tangram-starter/cat.json").path])
        #expect(good.status == 0 && good.stdout.contains("1 passed, 0 failed"), "\(good.stdout)")
        let unreadable = try GridEditBinary.run(["check", "/no/such/file.json"])
        #expect(unreadable.status == 2 && unreadable.stdout.contains("0 passed, 1 failed"), "\(unreadable.stdout)")
    }

    @Test("gridedit check --help explains the exit status")
    func checkHelp() throws {
        let output = try GridEditBinary.run(["check", "--help"])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.lines.first == "OVERVIEW: Validate puzzle files and packs.")
        // Too many options for one usage line: argument-parser folds them into [<options>].
        #expect(output.lines.contains("USAGE: gridedit check [<options>] <paths> ..."))
        let text = folded(output.stdout)
        for option in ["--format <format>", "--junit <file>", "--sarif <file>", "--jobs <jobs>", "--shard <K/N>",
                       "--timeout-per-puzzle <seconds>", "--strict", "--max-findings <n>", "--cache/--no-cache",
                       "--cache-dir <dir>", "--max-file-size <size>"] {
            #expect(output.lines.contains { $0.hasPrefix("  " + option) }, "\(option) is listed")
        }
        #expect(text.contains("Exit status: 0 clean (warnings allowed), 1 errors found, 2 a file could not be read, 64 bad usage."))
        #expect(text.contains("(values: text, json, github; default: text)"))
    }

    @Test("every subcommand has help", arguments: [
        (["format", "--help"], "USAGE: gridedit format <paths> ... [--check]"),
        (["sudoku", "--help"], "USAGE: gridedit sudoku <subcommand>"),
        (["sudoku", "export", "--help"], "USAGE: gridedit sudoku export <paths> ..."),
        (["help", "sudoku", "import"], "USAGE: gridedit sudoku import <input> --output <output> [--prefix <prefix>] [--difficulty <difficulty>]"),
        (["report", "merge", "--help"], "USAGE: gridedit report merge <output> <inputs> ... [--format <format>]"),
    ])
    func subcommandHelp(arguments: [String], usage: String) throws {
        let output = try GridEditBinary.run(arguments)
        #expect(output.status == 0)
        #expect(folded(output.stdout).contains(usage))
    }
}
