import Foundation
import GridEditTestSupport
import Testing

/// Issue 18: files grown by repetition up to the size limit (pieces, tray, silhouette points and
/// rings, tags, givens, unknown keys, nesting, manifest entries). Every command finishes, and
/// `check` lists at most `--max-findings` located findings per file plus one counting the rest.
/// The deadline here only guards against a hang in a debug build; the speed of these files is
/// measured by `gridedit-bench check` in a release build.
@Suite struct GrownFileTests {
    static let commands: [@Sendable (String) -> [String]] = [
        { ["check", $0] },
        { ["format", "--check", $0] },
        { ["render", $0, "-o", "out.png"] },
        { ["sudoku", "export", $0] },
        { ["sudoku", "grade", $0] },
    ]

    @Test("grown files: every command finishes with a capped, located list of findings")
    func grownFiles() throws {
        let scratch = try TemporaryFolder()
        for file in GrownFiles.all() {
            let folder = file.fileName == "pack.json" ? "manifest" : String(file.fileName.dropLast(5))
            try scratch.write(file.text, to: "\(folder)/\(file.fileName)")
            let path = "\(folder)/\(file.fileName)"
            for command in Self.commands {
                let arguments = command(path)
                let run = try GridEditBinary.runLimited(arguments, in: scratch.url, seconds: 60)
                let label = "\(file.name) (\(file.text.utf8.count) bytes): gridedit \(arguments.joined(separator: " "))"
                #expect(!run.timedOut && !run.crashed, "\(label): status \(run.output.status)")
                // The sudoku commands take a manifest for no puzzle: export skips it (0), grade says it is none (1).
                let allowed: Set<Int32> = arguments.first == "sudoku" && file.fileName == "pack.json" ? [0, 1] : [1, 2]
                #expect(allowed.contains(run.output.status), "\(label): status \(run.output.status)\n\(run.output.stderr.prefix(500))")
                if arguments.first == "check" {
                    let lines = run.output.lines.filter { $0.hasPrefix(path + ":") }
                    #expect(!lines.isEmpty && lines.count <= 101, "\(label): \(lines.count) finding lines")
                    #expect(lines.allSatisfy { $0.hasPrefix(path + ":") && $0.dropFirst(path.count + 1).first?.isNumber == true },
                            "\(label): a finding is not located at a line\n\(lines.prefix(5).joined(separator: "\n"))")
                    #expect(run.output.stdout.utf8.count < 64 * 1024, "\(label): the report is \(run.output.stdout.utf8.count) bytes")
                }
            }
        }
    }

    @Test("an over-long piece list gets one finding, before any pairwise rule runs")
    func overLongPieceList() throws {
        let scratch = try TemporaryFolder()
        let pieces = GrownFiles.all().first { $0.fileName == "pieces.json" }!
        try scratch.write(pieces.text, to: "p/pieces.json")
        let run = try GridEditBinary.run(["check", "p/pieces.json"], in: scratch.url)
        #expect(run.lines.count == 2, "\(run.stdout.prefix(1000))")
        #expect(run.stdout.contains("p/pieces.json:2:") && run.stdout.contains("[schema.too-many-items] pieces: this list has"))
        #expect(run.stdout.contains("but a tangram has 7 pieces"))
    }

    @Test("--max-findings caps the list and counts the rest; --max-file-size refuses a larger file unread")
    func options() throws {
        let scratch = try TemporaryFolder()
        let keys = GrownFiles.all().first { $0.fileName == "keys.json" }!
        try scratch.write(keys.text, to: "k/keys.json")
        let capped = try GridEditBinary.run(["check", "k/keys.json", "--max-findings", "3"], in: scratch.url)
        #expect(capped.status == 1)
        #expect(capped.lines.count == 5, "\(capped.stdout.prefix(1000))")
        #expect(capped.lines[3].contains("[check.too-many-findings] … and ") && capped.lines[3].contains("raise --max-findings"))
        let small = try GridEditBinary.run(["check", "k/keys.json", "--max-file-size", "64K"], in: scratch.url)
        #expect(small.status == 1)
        #expect(small.stdout.hasPrefix("k/keys.json: error: [file.too-large] the file has \(keys.text.utf8.count) bytes and the limit is 65536"))
        let bad = try GridEditBinary.run(["check", "k/keys.json", "--max-file-size", "lots"], in: scratch.url)
        #expect(bad.status == 64)
    }
}
