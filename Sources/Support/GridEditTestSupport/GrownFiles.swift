import Foundation
import GridEditCore

/// Puzzle files and a manifest grown by repetition up to a byte budget (the size limit): the
/// seven pieces repeated, givens rows, tags, silhouette points, unknown keys, manifest entries
/// and nesting. Each is valid JSON of the right shape, so it reaches decoding and the rules;
/// for the tests (every command finishes, findings capped and located) and the benchmark.
public enum GrownFiles {
    public struct File: Sendable {
        /// What was repeated.
        public var name: String
        /// The file name to give it inside a pack folder.
        public var fileName: String
        public var text: String
    }

    /// Every grown file, each at most `budget` bytes.
    public static func all(budget: Int = FileAccessPolicy.defaultMaxFileSize - 1024) -> [File] {
        let header = #"""
            {"$schema": "../../schemas/puzzle.schema.json", "formatVersion": 1, "kind": "tangram", "id": "grown", "name": "Grown",
             "difficulty": "easy", "createdAt": "2026-11-22T09:00:00Z", "updatedAt": "2026-11-22T09:00:00Z"
            """#
        let sudokuHeader = header.replacingOccurrences(of: "\"tangram\"", with: "\"sudoku\"")
        let pieces = [#"{"piece": "large-1", "x": 0, "y": 0, "rotation": 0}"#, #"{"piece": "large-2", "x": 0, "y": 0, "rotation": 90}"#,
                      #"{"piece": "medium", "x": 1, "y": 1, "rotation": 0}"#, #"{"piece": "small-1", "x": 2, "y": 2, "rotation": 0}"#,
                      #"{"piece": "small-2", "x": 3, "y": 3, "rotation": 0}"#, #"{"piece": "square", "x": 4, "y": 4, "rotation": 0}"#,
                      #"{"piece": "parallelogram", "x": 5, "y": 5, "rotation": 0}"#]
        func grow(_ prefix: String, _ items: (Int) -> String, _ suffix: String) -> String {
            var text = prefix
            var i = 0
            while true {
                let item = (i == 0 ? "" : ", ") + items(i)
                if text.utf8.count + item.utf8.count + suffix.utf8.count > budget { break }
                text += item
                i += 1
            }
            return text + suffix
        }
        var files: [File] = []
        files.append(File(name: "tangram pieces", fileName: "pieces.json",
                          text: grow(header + #", "pieces": ["#, { pieces[$0 % 7] }, "]}\n")))
        files.append(File(name: "tangram tray", fileName: "tray.json",
                          text: grow(header + #", "silhouette": [[[0, 0], [4, 0], [4, 2], [0, 2]]], "tray": ["#, { pieces[$0 % 7] }, "]}\n")))
        files.append(File(name: "silhouette points", fileName: "silhouette.json",
                          text: grow(header + #", "silhouette": [["#, { "[\($0 % 1000), \($0 / 1000)]" }, "]]}\n")))
        files.append(File(name: "silhouette rings", fileName: "rings.json",
                          text: grow(header + #", "silhouette": ["#, { _ in "[[0, 0], [1, 0], [1, 1]]" }, "]}\n")))
        files.append(File(name: "tags", fileName: "tags.json",
                          text: grow(header + #", "pieces": [], "tags": ["#, { "\"tag-\($0)\"" }, "]}\n")))
        files.append(File(name: "sudoku givens rows", fileName: "givens.json",
                          text: grow(sudokuHeader + #", "size": 9, "givens": ["#, { _ in "\"53..7....\"" }, "]}\n")))
        files.append(File(name: "sudoku bad cells", fileName: "cells.json",
                          text: grow(sudokuHeader + #", "size": 9, "givens": ["#, { _ in "\"xxxxxxxxx\"" }, "]}\n")))
        files.append(File(name: "unknown keys", fileName: "keys.json",
                          text: grow(header + #", "pieces": [], "#, { "\"k\($0)\": 1" }, "}\n")))
        files.append(File(name: "nesting", fileName: "nesting.json",
                          text: grow(header + #", "pieces": ["#, { _ in "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]" }, "]}\n")))
        files.append(File(name: "manifest entries", fileName: "pack.json",
                          text: grow(#"{"$schema": "../../schemas/pack.schema.json", "formatVersion": 1, "id": "grown", "title": "Grown", "description": "x", "ageRange": {"min": 4, "max": 8}, "puzzles": ["#,
                                     { "\"p-\($0).json\"" }, "]}\n")))
        return files
    }
}
