import GridEditJSON

/// An activity's puzzles are of the activity's game: a Sudoku in a tangram activity cannot be played.
struct WrongGameRule: Rule {
    static let id = "curriculum.wrong-game"
    static let summary = "A puzzle of one game is used in an activity of the other."

    func check(_ view: CurriculumView) -> [Finding] {
        view.uses.compactMap { use in
            guard let entry = view.library.entry(use.reference), entry.game != use.activity.game else { return nil }
            return finding("\(use.reference) is a \(entry.game.rawValue) puzzle but the activity's game is \(use.activity.game.rawValue); "
                           + "use a \(use.activity.game.rawValue) puzzle or change \"game\"", at: use.path)
        }
    }
}
