import ArgumentParser
import GridEditCore

/// `gridedit format`: rewrite puzzle files in canonical form (stable key order and layout).
struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rewrite puzzle files in gridedit's canonical layout.",
        discussion: "With --check, changes nothing and exits 1 when a file is not canonical (for CI)."
    )

    @Argument(help: "Puzzle files or folders.")
    var paths: [String]

    @Flag(help: "List files that are not canonical instead of rewriting them.")
    var check = false

    @OptionGroup var access: AccessOptions

    func run() throws {
        let outcome = CanonicalFormatter.format(paths, write: !check, policy: access.policy())
        for line in outcome.messages { print(line) }
        if outcome.hadError { throw ExitCode(2) }
        if check && !outcome.changed.isEmpty { throw ExitCode(1) }
    }
}
