import Foundation
import GridEditCore

/// The rendered gallery of a puzzle collection (the repository's `render/` folder): for every
/// puzzle its card, the preview a child sees and the solution, for every pack a printable sheet
/// booklet with solutions, and a README that shows them all.
///
/// `files` renders everything into memory; `write` brings a folder up to date; `differences`
/// says how a folder differs from what would be written (the staleness test and
/// `gridedit render --gallery DIR --check` use it).
public enum Gallery {
    public struct File: Sendable, Equatable {
        /// Relative to the gallery folder.
        public var path: String
        public var bytes: [UInt8]
    }

    /// The file types the gallery owns inside its folder: only these are ever deleted as stale.
    static let ownedExtensions: Set<String> = ["png", "svg", "pdf"]

    /// Every gallery file, sorted by path.
    public static func files(_ collection: PuzzleCollection, renderer: Renderer,
                             command: String = "swift run gridedit render puzzles/ --gallery render/") throws(RenderError) -> [File] {
        let style = renderer.style
        var files: [File] = []
        var readme = """
            # Gallery

            Every puzzle in `puzzles/` as `gridedit render` draws it: the puzzle card, the preview a child \
            sees and the solution, plus each pack as a printable PDF booklet. This folder is generated; \
            regenerate it after changing a puzzle or `templates/style.jsonc`:

            ```sh
            \(command)
            ```

            The test `GalleryTests` fails when this folder is out of date (`--check` added to the command \
            says so without writing). How the pictures are made is in [docs/rendering.md](../docs/rendering.md).

            """
        for group in collection.groups {
            let folder = group.manifest?.id ?? "puzzles"
            let title = group.manifest?.title ?? "Puzzles"
            readme += "\n## \(title)\n\n"
            if let manifest = group.manifest {
                readme += "`\(manifest.id)`, ages \(manifest.ageRange.lowerBound)–\(manifest.ageRange.upperBound), "
                    + "\(group.entries.count) puzzles. \(manifest.description)\n\n"
            }
            let sheetName = "\(folder)/\(folder)-sheets.pdf"
            let sheet = try renderer.renderSheet(group.sheetPack(), options: SheetOptions(solutions: true))
            files.append(File(path: sheetName, bytes: sheet))
            let pages = renderer.sheetPageCount(group.sheetPack(), options: SheetOptions(solutions: true))
            readme += "Printable booklet: [\(FileSystem.lastComponent(of: sheetName))](\(sheetName)) "
                + "(\(pages) pages, \(paperName(style.sheet)), with solutions).\n\n"
            readme += "| Puzzle | Card | Preview | Solution |\n| --- | --- | --- | --- |\n"
            for entry in group.entries {
                let puzzle = entry.document.puzzle
                let base = "\(folder)/\(puzzle.id)"
                let card = try renderer.render(entry.document, as: .png,
                                               options: RenderOptions(product: .card, size: style.gallery.cardWidth),
                                               pack: entry.pack)
                let preview = try renderer.render(entry.document, as: .png,
                                                  options: RenderOptions(size: style.gallery.previewSize))
                let solution = try renderer.render(entry.document, as: .png,
                                                   options: RenderOptions(solution: true, size: style.gallery.previewSize))
                files.append(File(path: "\(base)-card.png", bytes: card))
                files.append(File(path: "\(base).png", bytes: preview))
                files.append(File(path: "\(base)-solution.png", bytes: solution))
                let facts = PuzzleFacts(puzzle, style: style)
                let name = puzzle.name.replacingOccurrences(of: "|", with: "\\|")
                readme += "| **\(name)**<br>`\(puzzle.id)`<br>\(facts.kindName) · \(facts.size)<br>\(facts.difficulty) "
                    + "| <img src=\"\(base)-card.png\" width=\"\(style.gallery.cardWidth / 2)\" alt=\"\(name): card\"> "
                    + "| <img src=\"\(base).png\" width=\"\(style.gallery.previewSize / 2)\" alt=\"\(name): preview\"> "
                    + "| <img src=\"\(base)-solution.png\" width=\"\(style.gallery.previewSize / 2)\" alt=\"\(name): solution\"> |\n"
            }
        }
        files.append(File(path: "README.md", bytes: Array(readme.utf8)))
        var seen = Set<String>()
        for file in files where !seen.insert(file.path).inserted {
            throw .unsupported("two puzzles or packs would both be drawn to \(file.path) in the gallery; give them different ids")
        }
        return files.sorted { $0.path < $1.path }
    }

    /// "A4", "US Letter", or the size in millimetres.
    static func paperName(_ sheet: Style.SheetStyle) -> String {
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.5 }
        if near(sheet.width, 210) && near(sheet.height, 297) { return "A4" }
        if near(sheet.width, 215.9) && near(sheet.height, 279.4) { return "US Letter" }
        return "\(Int(sheet.width.rounded())) × \(Int(sheet.height.rounded())) mm"
    }

    /// How `folder` differs from `files`: missing, changed and extra (stale) files, as relative
    /// paths with a word each; empty when the folder is up to date.
    public static func differences(_ files: [File], folder: String) -> [String] {
        var problems: [String] = []
        let wanted = Set(files.map(\.path))
        for file in files {
            switch FileSystem.read(FileSystem.join(folder, file.path)) {
            case .failure: problems.append("missing: \(file.path)")
            case .success(let bytes) where bytes != file.bytes: problems.append("out of date: \(file.path)")
            default: break
            }
        }
        for path in ownedFiles(in: folder) where !wanted.contains(path) { problems.append("stale: \(path)") }
        return problems
    }

    /// Writes what changed (atomically, file by file) and deletes gallery files no puzzle
    /// produces any more. Returns the relative paths written or deleted.
    @discardableResult
    public static func write(_ files: [File], to folder: String) throws(RenderError) -> [String] {
        var changed: [String] = []
        let wanted = Set(files.map(\.path))
        for file in files {
            let path = FileSystem.join(folder, file.path)
            if case .success(let bytes) = FileSystem.read(path), bytes == file.bytes { continue }
            try Renderer.makeFolder(FileSystem.folder(of: path))
            try Renderer.writeFile(file.bytes, to: path)
            changed.append(file.path)
        }
        for path in ownedFiles(in: folder) where !wanted.contains(path) {
            guard unlink(FileSystem.join(folder, path)) == 0 else {
                throw .writeFailed(path: FileSystem.join(folder, path), reason: String(cString: strerror(errno)))
            }
            changed.append(path)
        }
        return changed
    }

    /// Rendered files (PNG, SVG, PDF) in the folder's subfolders, relative to it.
    static func ownedFiles(in folder: String) -> [String] {
        var result: [String] = []
        for name in FileSystem.entries(of: folder) where FileSystem.isDirectory(FileSystem.join(folder, name)) {
            for file in FileSystem.entries(of: FileSystem.join(folder, name)) {
                let ext = file.split(separator: ".").last.map { String($0).lowercased() } ?? ""
                if ownedExtensions.contains(ext) { result.append("\(name)/\(file)") }
            }
        }
        return result.sorted()
    }
}
