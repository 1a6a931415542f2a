import Foundation
import GridEditCore
import GridEditRender
import GridEditTestSupport

/// The checkout this target was built from (`GridEditBinary.repositoryRoot`), for the shipped
/// style (fonts), colour profile template and tangram figures.
enum Repository {
    static let root: String = GridEditBinary.repositoryRoot.path

    static func path(_ relative: String) -> String { root + "/" + relative }

    /// The renderer with the shipped style's fonts, loaded once.
    static let renderer: Result<Renderer, SyntheticFrameError> = {
        do {
            return .success(try Renderer(style: Style.load(path(Style.defaultRelativePath))))
        } catch {
            return .failure(SyntheticFrameError("cannot load the style's fonts: \(error)"))
        }
    }()

    /// The solution arrangements of the shipped tangram starter pack, in file order.
    static let figures: [[Pose]] = {
        let folder = path("puzzles/tangram-starter")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && $0 != "pack.json" }.sorted()
        let store = PuzzleStore(root: path("puzzles"))
        return names.compactMap { name in
            let puzzle = (try? store.load(folder + "/" + name))?.document.puzzle as? TangramPuzzle
            return puzzle?.pieces.flatMap { $0.count == 7 ? $0 : nil }
        }
    }()
}

/// Why a synthetic frame could not be made (a missing font or template, an OpenCV failure).
public struct SyntheticFrameError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
