import ArgumentParser
import Foundation
import GridEditCore
import GridEditRender

extension TangramCommand {
    /// `gridedit tangram generate`: new figures for a pack (``TangramGenerator``).
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Generate new tangram figures into a pack: seeded, solved, never congruent to one already there.",
            discussion: """
                Random connected arrangements of the seven pieces are kept when they pass the filters and have \
                exactly --solutions solutions up to the figure's symmetry (the exact solver's count; 1 = unique). \
                Each becomes PREFIX-NNN.json in FOLDER (numbers after the highest there; nothing is replaced) with \
                its silhouette, its solution and the solver's difficulty estimate, and is listed in FOLDER's \
                pack.json (made when missing) by difficulty. The same seed and options give the same figures. \
                --cards DIR also draws each new puzzle's card (PNG). Exit status: 0 all written, 1 fewer figures \
                than asked within --candidates, 2 a file cannot be written, 64 bad usage. See docs/tangram-solver.md.
                """)

        @Argument(help: "The pack folder to write into (made when missing).")
        var folder: String

        @Option(help: "How many figures to write.")
        var count = 10

        @Option(help: "Seed of the random arrangements.")
        var seed: UInt64 = 1

        @Option(help: "Solutions up to symmetry each figure must have (1: unique; 0: any).")
        var solutions = 1

        @Flag(help: "Turn pieces only by multiples of 90° against each other (default: 45° mixes allowed).")
        var aligned = false

        @Flag(help: "Allow figures with holes.")
        var holes = false

        @Flag(name: .customLong("corner-contacts"), help: "Allow pieces joined by a corner only, and outlines touching themselves at a point.")
        var cornerContacts = false

        @Option(name: .customLong("hidden-outlines"), help: "Fewest piece outlines hidden inside the figure (0–7; more is harder).")
        var hiddenOutlines = 0

        @Option(help: "Least area over bounding-box area (0–1; 1 is a rectangle).")
        var compactness = 0.0

        @Option(name: .customLong("max-size"), help: "Longest side of the bounding box, in units (the board is 8).")
        var maxSize = 8.0

        @Option(help: "File and id prefix: PREFIX-001.json.")
        var prefix = "figure"

        @Option(help: "Give up after this many candidate arrangements.")
        var candidates = 200_000

        @Option(help: "Also draw each new puzzle's card (PNG) into this folder.")
        var cards: String?

        @Option(help: "The style file for --cards (default: templates/style.jsonc of the repository).")
        var style: String?

        func validate() throws {
            guard count >= 1, count <= 10_000 else { throw ValidationError("--count must be 1…10000") }
            guard solutions >= 0 else { throw ValidationError("--solutions must be 0 (any) or more") }
            guard (0...7).contains(hiddenOutlines) else { throw ValidationError("--hidden-outlines must be 0…7") }
            guard (0...1).contains(compactness) else { throw ValidationError("--compactness must be 0…1") }
            guard maxSize > 0, maxSize <= 8 else { throw ValidationError("--max-size must be above 0 and at most 8 (the board)") }
            guard PuzzleMetadata.isValidID(prefix) else { throw ValidationError("--prefix must be lower-case letters and digits joined by dashes") }
        }

        func run() throws {
            var options = TangramGenerator.Options()
            options.solutions = solutions == 0 ? nil : solutions
            options.mixed = !aligned
            options.holes = holes
            options.cornerContacts = cornerContacts
            options.minimumHiddenOutlines = hiddenOutlines
            options.minimumCompactness = compactness
            options.maximumSize = maxSize
            let renderer = try cards.map { _ in try Renderer(style: Style.load(try Render.stylePath(style))) }

            let known = TangramGenerator.knownFigures(in: folder)
            let result = TangramGenerator(options: options).generate(count: count, seed: seed, known: known, maximumCandidates: candidates)
            let timestamp = PuzzleMetadata.now(environment: ProcessInfo.processInfo.environment)
            do throws(FileSystem.Failure) { try FileSystem.makeFolders(folder) } catch {
                StandardStreams.errorLine("\(folder): \(error.message)")
                throw ExitCode(2)
            }
            var written: [String] = []
            for (path, document) in TangramGenerator.puzzleFiles(for: result.figures, in: folder, prefix: prefix, timestamp: timestamp) {
                do {
                    try AtomicFile.write(Array(document.canonicalText().utf8), to: path)
                } catch {
                    StandardStreams.errorLine("\(path): \(error.description)")
                    throw ExitCode(2)
                }
                written.append(path)
                let puzzle = document.puzzle
                print("wrote \(path): \(puzzle.metadata.difficulty.rawValue), \(puzzle.metadata.description ?? "")")
                if let renderer, let cards {
                    let card = FileSystem.join(cards, puzzle.metadata.id + ".png")
                    do {
                        try FileSystem.makeFolders(cards)
                        try AtomicFile.write(try renderer.render(document, as: .png, options: RenderOptions(product: .card)), to: card)
                    } catch {
                        StandardStreams.errorLine("\(card): \(error)")
                        throw ExitCode(2)
                    }
                }
            }
            do throws(PuzzleStore.StoreError) {
                if let listing = try PuzzleStore(root: ".").list(written) { print(listing.summary) }
            } catch {
                StandardStreams.errorLine(error.description)
                throw ExitCode(2)
            }
            StandardStreams.errorLine("\(result.tally)")
            if result.figures.count < count {
                StandardStreams.errorLine("only \(result.figures.count) of \(count) figures within \(candidates) candidates; "
                                          + "loosen the filters, raise --candidates, or try another --seed")
                throw ExitCode(1)
            }
        }
    }
}
