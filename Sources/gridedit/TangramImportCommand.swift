import ArgumentParser
import Foundation
import GridEditCore

extension TangramCommand {
    /// `gridedit tangram import`: figures from SVG drawings, made exact (``TangramSVG``).
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import tangram figures from SVG drawings, exactly, into a pack.",
            discussion: """
                Each FILE.svg holds either the seven pieces as polygons or the silhouette as polygons or straight \
                paths (outer rings and holes), in any unit and under any transform. The unit is found from the area \
                (the seven pieces cover 8 square units), y is turned up, and every corner is taken onto the exact \
                tangram lattice, within 0.001 units; a drawing that is not that close to a tangram figure is refused \
                with the corner that is off, never rounded into another figure. A silhouette is solved to find its \
                solutions (the first is stored as the puzzle's solution). Each figure becomes FOLDER/NAME.json \
                (NAME from the file), moved onto the middle of the board, with the solver's difficulty estimate, \
                listed in FOLDER's pack.json. Existing files are not replaced without --force. Exit status: 0 all \
                imported, 1 a drawing was refused (the others are imported), 2 a file cannot be read or written. \
                See docs/tangram-solver.md.
                """)

        @Argument(help: "SVG files.")
        var files: [String]

        @Option(name: .shortAndLong, help: "The pack folder to write into (made when missing).")
        var output: String

        @Flag(help: "Replace puzzle files that already exist.")
        var force = false

        func run() throws {
            let timestamp = PuzzleMetadata.now(environment: ProcessInfo.processInfo.environment)
            do throws(FileSystem.Failure) { try FileSystem.makeFolders(output) } catch {
                StandardStreams.errorLine("\(output): \(error.message)")
                throw ExitCode(2)
            }
            var written: [String] = []
            var refused = false
            for file in files {
                guard case .success(let bytes) = FileSystem.read(file) else {
                    StandardStreams.errorLine("\(file): cannot read the file; check the path")
                    throw ExitCode(2)
                }
                let figure: TangramImport.Figure
                do throws(TangramImport.Failure) { figure = try TangramSVG.read(String(decoding: bytes, as: UTF8.self)) } catch {
                    StandardStreams.errorLine("\(file): \(error.description)")
                    refused = true
                    continue
                }
                var stem = FileSystem.lastComponent(of: file)
                if stem.lowercased().hasSuffix(".svg") { stem = String(stem.dropLast(4)) }
                let id = TangramImport.identifier(from: stem)
                let target = FileSystem.join(output, id + ".json")
                if FileSystem.exists(target) && !force {
                    StandardStreams.errorLine("\(target) already exists; nothing written for \(file) (--force replaces it)")
                    refused = true
                    continue
                }
                let document = TangramImport.puzzle(figure, id: id, timestamp: timestamp)
                do { try AtomicFile.write(Array(document.canonicalText().utf8), to: target) } catch {
                    StandardStreams.errorLine("\(target): \(error.description)")
                    throw ExitCode(2)
                }
                written.append(target)
                let a = figure.analysis
                print("imported \(file) → \(target): \(figure.source), \(a.solutions.count) solution\(a.solutions.count == 1 ? "" : "s") "
                      + "(\(a.solutionsUpToSymmetry) up to symmetry), difficulty \(document.puzzle.metadata.difficulty.rawValue); "
                      + "1 unit = \(TangramImport.format(figure.scale)) drawing units")
            }
            do throws(PuzzleStore.StoreError) {
                if let listing = try PuzzleStore(root: ".").list(written) { print(listing.summary) }
            } catch {
                StandardStreams.errorLine(error.description)
                throw ExitCode(2)
            }
            if refused { throw ExitCode(1) }
        }
    }
}
