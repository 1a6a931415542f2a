import GridEditJSON

/// A prerequisite names a curriculum in the same folder: otherwise the app cannot tell when a
/// child may start this one.
struct MissingPrerequisiteRule: Rule {
    static let id = "curriculum.missing-prerequisite"
    static let summary = "A prerequisite names no curriculum beside this one."

    func check(_ view: CurriculumView) -> [Finding] {
        let known = view.curricula.keys.sorted()
        return view.curriculum.prerequisites.enumerated().compactMap { index, id in
            guard view.curricula[id] == nil else { return nil }
            let hint = DecodeContext.closest(to: id, in: known).map { "did you mean \"\($0)\"?" } ?? "curricula there: \(known.joined(separator: ", "))"
            return finding("no curriculum \"\(id)\" in this folder; \(hint)",
                           at: JSONPath.root.appending(key: "prerequisites").appending(index: index))
        }
    }
}
