import ArgumentParser
import Foundation
import GridEditCheck
import GridEditCore
import GridEditRender

/// `gridedit render`: previews, puzzle cards, printable sheets and the `render/` gallery.
/// Exit 0 written, 1 a puzzle fails `check`, 2 a file cannot be read or written (or a font is
/// missing), 64 bad usage. Nothing is written unless everything rendered; each file is written
/// atomically, so no partial file is ever left.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render previews, puzzle cards and printable sheets (PNG, SVG, PDF).",
        discussion: """
            A preview by default; --card for the shared puzzle card; --sheet COLSxROWS for a PDF \
            booklet of each pack. With one puzzle (or one pack with --sheet), -o names the file; \
            otherwise -o is a folder and files go to FOLDER/<pack>/<id>[-card][-solution].<ext>. \
            --gallery DIR renders every puzzle's card, preview and solution and each pack's booklet \
            (the repository's render/ folder). The look comes from templates/style.jsonc \
            (docs/rendering.md). Puzzles that fail `gridedit check` are refused. Exit status: 0 \
            written, 1 a puzzle fails check, 2 a file cannot be read or written, 64 bad usage.
            """
    )

    @Argument(help: "Puzzle files, pack manifests or folders.")
    var paths: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write, or the folder for several files.", valueName: "out"))
    var output: String?

    @Option(help: ArgumentHelp("png, svg or pdf (default: the output's extension, else png).", valueName: "format"))
    var format: RenderFormat?

    @Option(help: ArgumentHelp("PNG: preview side or card width in pixels (SVG: points; PDF cards keep their printed size).",
                               valueName: "n"))
    var size: Int?

    @Flag(help: "Show the solution: tangram pieces coloured by type, Sudoku digits filled in (sheets: a solutions section).")
    var solution = false

    @Flag(help: "Render the puzzle card instead of the preview.")
    var card = false

    @Option(help: ArgumentHelp("A PDF booklet per pack with COLSxROWS puzzles per page, e.g. 2x3.", valueName: "COLSxROWS"))
    var sheet: String?

    @Option(help: ArgumentHelp("Tangram hint: pieces (every piece outline), outline (outer outline only) or shape (filled).",
                               valueName: "level"))
    var hint: TangramHint = .shape

    @Flag(help: "Tangram: draw the 8×8 play area and its grid.")
    var grid = false

    @Flag(help: "Sudoku: pencil in each empty cell's candidates.")
    var candidates = false

    @Option(help: ArgumentHelp("The style file (default: templates/style.jsonc of the repository).", valueName: "file"))
    var style: String?

    @Option(help: ArgumentHelp("Write the gallery of every given puzzle into this folder (cards, previews, solutions, booklets, README).",
                               valueName: "folder"))
    var gallery: String?

    @Flag(help: "With --gallery: write nothing; exit 1 if the folder is out of date.")
    var check = false

    @OptionGroup var access: AccessOptions

    func validate() throws {
        if gallery != nil {
            guard output == nil, format == nil, size == nil, !solution, !card, sheet == nil, !grid, !candidates, hint == .shape else {
                throw ValidationError("--gallery renders a fixed set (card, preview, solution, booklet); give it alone, without -o or drawing options")
            }
        } else {
            guard output != nil else { throw ValidationError("name the output with -o FILE (or -o FOLDER for several files), or use --gallery FOLDER") }
            guard !check else { throw ValidationError("--check goes with --gallery") }
        }
        if let size, !(16...8192).contains(size) { throw ValidationError("--size must be from 16 to 8192") }
        if let sheet {
            guard SheetOptions.layout(sheet) != nil else {
                throw ValidationError("--sheet takes COLSxROWS with 1 to 8 of each, like 2x3")
            }
            guard !card else { throw ValidationError("--card and --sheet make different things; choose one") }
            if let format, format != .pdf { throw ValidationError("sheets are PDF booklets; use --format pdf or leave it out") }
        }
    }

    func run() throws {
        do {
            try render()
        } catch let error as RenderError {
            StandardStreams.errorLine("gridedit render: \(error)")
            throw ExitCode(error.exitCode)
        }
    }

    private func render() throws {
        let renderer = try Renderer(style: Style.load(try stylePath()))

        // Refuse anything `gridedit check` fails, with its findings in the same form.
        let report = Checker(options: .init(policy: access.policy())).check(paths)
        let failing = report.files.filter { !$0.passed }
        if !failing.isEmpty || report.hadIOError {
            for file in failing {
                for line in FindingLines.lines(file.findings.filter { $0.severity == .error }, in: file.path) {
                    StandardStreams.errorLine(line)
                }
            }
            StandardStreams.errorLine(report.hadIOError
                ? "gridedit render: cannot read every input; nothing was written"
                : "gridedit render: \(failing.count) file(s) fail `gridedit check`; nothing was written")
            throw ExitCode(report.hadIOError ? 2 : 1)
        }
        let collection = try PuzzleCollection.load(paths, policy: access.policy())
        guard !collection.entries.isEmpty else {
            throw RenderError.unsupported("no puzzles found in \(paths.joined(separator: ", "))")
        }
        for entry in collection.entries {
            let missing = renderer.missingCharacters(in: entry.document)
            if !missing.isEmpty {
                StandardStreams.errorLine("\(entry.path): warning: the font has no glyph for \(missing.map { "\"\($0)\"" }.joined(separator: ", ")) in the name; it will show as a box")
            }
        }

        if let gallery {
            let files = try Gallery.files(collection, renderer: renderer)
            if check {
                let differences = Gallery.differences(files, folder: gallery)
                for difference in differences { print("\(gallery): \(difference)") }
                if !differences.isEmpty {
                    StandardStreams.errorLine("gridedit render: the gallery in \(gallery) is out of date; run gridedit render \(paths.joined(separator: " ")) --gallery \(gallery)")
                    throw ExitCode(1)
                }
                print("\(gallery): up to date (\(files.count) files)")
                return
            }
            try Renderer.makeFolder(gallery)
            let changed = try Gallery.write(files, to: gallery)
            print("\(gallery): \(files.count) files, \(changed.count) written or removed")
            return
        }

        let outputs = try plan(collection, renderer: renderer)
        // Everything is rendered before anything is written.
        var rendered: [(String, [UInt8])] = []
        for output in outputs { rendered.append((output.path, try output.make())) }
        // Files made inside an -o folder stay inside it: a link there that leads elsewhere
        // (a pack folder linked out of the output) is refused before any folder is made or
        // anything written. A file named with -o itself is written where it says, like `cc -o`.
        var targets: [String: String] = [:]
        if rendered.contains(where: { $0.0 != self.output! }) {
            try Renderer.makeFolder(self.output!)
            let folder = TreeRoot(folder: self.output!)
            for (path, _) in rendered where path != self.output! {
                switch folder.writableTarget(path) {
                case .success(let target): targets[path] = target
                case .failure(let refusal):
                    throw RenderError.writeFailed(path: path, reason: Finding(refusal).message)
                }
            }
        }
        for (path, _) in rendered {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try Renderer.makeFolder(folder) }
        }
        for (path, bytes) in rendered {
            try Renderer.writeFile(bytes, to: targets[path] ?? path)
            print(path)
        }
    }

    // MARK: Planning

    private struct Output {
        var path: String
        var make: () throws -> [UInt8]
    }

    private func plan(_ collection: PuzzleCollection, renderer: Renderer) throws -> [Output] {
        let output = self.output!
        let isFolder = output.hasSuffix("/") || FileSystem.isDirectory(output)
        if let sheet, let layout = SheetOptions.layout(sheet) {
            let options = SheetOptions(columns: layout.columns, rows: layout.rows, solutions: solution, hint: hint,
                                       grid: grid, candidates: candidates)
            let groups = collection.groups
            if groups.count == 1 && !isFolder {
                if let named = RenderFormat(path: output), named != .pdf {
                    throw RenderError.unsupported("\(output): sheets are PDF booklets; name the file .pdf")
                }
                return [Output(path: output) { try renderer.renderSheet(groups[0].sheetPack(), options: options) }]
            }
            try requireFolder(output)
            return try unique(groups.map { group in
                let pack = group.sheetPack()
                return Output(path: join(output, "\(pack.id).pdf")) { try renderer.renderSheet(pack, options: options) }
            })
        }

        let options = RenderOptions(product: card ? .card : .preview, solution: solution, hint: hint, grid: grid,
                                    candidates: candidates, size: size)
        let entries = collection.entries
        for entry in entries where solution {
            if let shortfall = Renderer.solutionShortfall(of: entry.document.puzzle) {
                StandardStreams.errorLine("\(entry.path): warning: \(shortfall)")
            }
        }
        if entries.count == 1 && !isFolder {
            let entry = entries[0]
            let format = try Renderer.format(self.format, for: output)
            return [Output(path: output) { try renderer.render(entry.document, as: format, options: options, pack: entry.pack) }]
        }
        try requireFolder(output)
        let format = self.format ?? .png
        let suffix = (card ? "-card" : "") + (solution ? "-solution" : "")
        return try unique(entries.map { entry in
            let name = "\(entry.document.puzzle.id)\(suffix).\(format.rawValue)"
            let path = entry.pack.map { join(join(output, $0.id), name) } ?? join(output, name)
            return Output(path: path) { try renderer.render(entry.document, as: format, options: options, pack: entry.pack) }
        })
    }

    private func requireFolder(_ output: String) throws {
        if RenderFormat(path: output) != nil && !FileSystem.isDirectory(output) {
            throw RenderError.unsupported("\(output): several files are made, so -o must name a folder (it is created if missing)")
        }
        if FileSystem.exists(output) && !FileSystem.isDirectory(output) {
            throw RenderError.writeFailed(path: output, reason: "it is a file; several files are made, so -o must name a folder")
        }
    }

    private func unique(_ outputs: [Output]) throws -> [Output] {
        var seen = Set<String>()
        for output in outputs where !seen.insert(output.path).inserted {
            throw RenderError.unsupported("two puzzles would both be written to \(output.path); render them separately")
        }
        return outputs
    }

    private func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private func stylePath() throws -> String { try Self.stylePath(style) }

    /// The style file: the one given, else templates/style.jsonc here or in a parent folder (or
    /// beside the executable's repository). Shared with `gridedit curriculum render`.
    static func stylePath(_ style: String?) throws -> String {
        if let style { return style }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        guard let found = Style.findDefault(from: FileManager.default.currentDirectoryPath, executable: executable) else {
            throw RenderError.styleUnreadable(path: Style.defaultRelativePath,
                                              reason: "not found here or in a parent folder; pass --style FILE")
        }
        return found
    }
}

extension RenderFormat: ExpressibleByArgument {}
extension TangramHint: ExpressibleByArgument {}

