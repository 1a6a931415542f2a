import ArgumentParser
import GridEditCore

/// `gridedit list`: what the packs hold, in the order children meet it.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the packs and their puzzles.")

    @Argument(help: "The folder holding the packs.")
    var folder = "puzzles"

    @OptionGroup var access: AccessOptions

    func run() throws {
        let listing = PackListing.text(root: folder, policy: access.policy())
        print(listing.text, terminator: "")
        for problem in listing.problems { StandardStreams.errorLine(problem) }
        if !listing.problems.isEmpty { throw ExitCode(1) }
    }
}
