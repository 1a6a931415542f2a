import ArgumentParser
import Foundation
import GridEditCore
import GridEditLayout

extension TangramCommand {
    /// `gridedit tangram import`: figures from SVG drawings, made exact (``TangramSVG``).
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import tangram figures, exactly, into a pack: SVG drawings, gTans/GCompris .figures files, GCompris dataset.js, Sugar Tangram data sets.",
            discussion: """
                Each FILE is one of: an SVG drawing (.svg) of the seven pieces as polygons or of the silhouette as \
                polygons or straight paths (outer rings and holes), in any unit and under any transform; a gTans \
                figures file (.figures, the format of GCompris' GTK tangram activity), every figure in it; GCompris' \
                Qt tangram levels (dataset.js), every level made of the seven pieces (levels of other pictures are \
                skipped); a Sugar Labs Tangram data set (dataSet.json or dataSet.js), every tangram in it. The unit is found from the area (the seven \
                pieces cover 8 square units) or from the format, y is turned up, and every corner is taken onto the \
                exact tangram lattice, within 0.001 units; a figure that is not that close to a tangram figure (a \
                piece turned by a step that is not 45°, a distorted drawing) is refused with the piece or corner \
                that is off, never rounded into another figure. Seven pieces placed loosely (gTans and GCompris \
                align pieces by hand) are settled into exact contact when no corner moves more than 0.01 units, or as \
                far as the program's own check allows (gTans 0.1, GCompris 0.066 units). A silhouette is solved to find its solutions (the \
                first is stored as the puzzle's solution). Each figure becomes FOLDER/NAME.json (NAME from the file, \
                or the file's name and the figure's number, or the tangram's name), moved onto the middle of the \
                board, with the solver's difficulty estimate, listed in FOLDER's pack.json. Existing files are not \
                replaced without --force. Exit status: 0 all imported, 1 a figure or file was refused (the others \
                are imported), 2 a file cannot be read or written. See docs/tangram-solver.md.
                """)

        @Argument(help: "SVG drawings, gTans .figures files, GCompris dataset.js files, Sugar Tangram dataSet.json/.js files.")
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
            var ids = Set<String>()
            var refused = false
            for file in files {
                guard case .success(let bytes) = FileSystem.read(file) else {
                    StandardStreams.errorLine("\(file): cannot read the file; check the path")
                    throw ExitCode(2)
                }
                let entries: [TangramImport.Entry]
                do throws(TangramImport.Failure) { entries = try TangramImport.entries(of: file, text: String(decoding: bytes, as: UTF8.self)) } catch {
                    StandardStreams.errorLine("\(file): \(error.description)")
                    refused = true
                    continue
                }
                var imported = 0, skipped = 0
                for entry in entries {
                    let place = entries.count == 1 ? file : "\(file) (\(entry.name))"
                    let figure: TangramImport.Figure
                    let settledBy: Double?
                    do throws(TangramImport.Failure) { (figure, settledBy) = try DrawnPieces.figure(entry.drawing.get()) } catch {
                        if error.isNotATangram {
                            print("skipped \(place): \(error.description)")
                            skipped += 1
                        } else {
                            StandardStreams.errorLine("\(place): \(error.description)")
                            refused = true
                        }
                        continue
                    }
                    // Names unique within the import: a second "cat" becomes cat-2.
                    let base = TangramImport.identifier(from: entry.name)
                    var id = base, n = 1
                    while ids.contains(id) { n += 1; id = "\(base)-\(n)" }
                    ids.insert(id)
                    let target = FileSystem.join(output, id + ".json")
                    if FileSystem.exists(target) && !force {
                        StandardStreams.errorLine("\(target) already exists; nothing written for \(place) (--force replaces it)")
                        refused = true
                        continue
                    }
                    let document = TangramImport.puzzle(figure, id: id, timestamp: timestamp)
                    do { try AtomicFile.write(Array(document.canonicalText().utf8), to: target) } catch {
                        StandardStreams.errorLine("\(target): \(error.description)")
                        throw ExitCode(2)
                    }
                    written.append(target)
                    imported += 1
                    let a = figure.analysis
                    print("imported \(place) → \(target): \(figure.source), \(a.solutions.count) solution\(a.solutions.count == 1 ? "" : "s") "
                          + "(\(a.solutionsUpToSymmetry) up to symmetry), difficulty \(document.puzzle.metadata.difficulty.rawValue)"
                          + (figure.format == "SVG" ? "; 1 unit = \(TangramImport.format(figure.scale)) drawing units" : "")
                          + (settledBy.map { String(format: "; settled into exact contact (corners moved up to %.4f units)", $0) } ?? ""))
                }
                if entries.count > 1 {
                    print("\(file): \(imported) of \(entries.count - skipped) figures imported"
                          + (skipped > 0 ? " (\(skipped) level\(skipped == 1 ? "" : "s") of other pictures skipped)" : ""))
                }
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
