import GridEditGeometry

/// What the verifier says about a puzzle, for the page's panel and the REPL's status line: the
/// answers of `gridedit tangram solve` or `sudoku grade`, worked out off the edit path by an
/// ``Analyzer``. Polygons are in the puzzle's own coordinates; a front end maps them with the
/// drawing's ``ScreenTransform``.
public struct KindAnalysis: Sendable, Equatable {
    /// One line for the status: `solvable: 2 solutions, 1 up to symmetry; difficulty: easy`.
    public var status: String
    /// The numbers, each under the name of its page attribute (`solutions` is shown as
    /// `data-solutions`), in the order shown, with a label for people.
    public var numbers: [Number]
    /// More to read (where the solutions differ), one line each.
    public var notes: [String]
    /// Parts of the figure to mark (the ambiguous regions), as rings.
    public var regions: [[[(x: Double, y: Double)]]]
    /// The distinct solutions, one per symmetry class, each as named parts with their outlines.
    public var alternatives: [[Part]]
    /// Parts to mark on the board, each with its role (a Sudoku's `redundant` givens, the
    /// `suggested` given, every cell's `true-candidates`) and digits.
    public var marks: [Mark]
    /// A worked explanation to step through on the board (a Sudoku's solution path).
    public var steps: [Step]

    /// A part marked with a role and, for some roles, digits.
    public struct Mark: Sendable, Equatable {
        public var role: String
        public var part: String
        public var digits: [Int]

        public init(_ role: String, _ part: String, digits: [Int] = []) {
            self.role = role
            self.part = part
            self.digits = digits
        }
    }

    /// One step: its words (as the CLI prints them), the parts its reasoning rests on, and what
    /// it places and rules out (marks with roles `place` and `remove`).
    public struct Step: Sendable, Equatable {
        public var text: String
        public var focus: [String]
        public var changes: [Mark]

        public init(text: String, focus: [String], changes: [Mark]) {
            self.text = text
            self.focus = focus
            self.changes = changes
        }
    }

    public struct Number: Sendable, Equatable {
        public var name: String
        public var label: String
        /// The value, as the attribute carries it (the CLI's form: `x-wing`, `1240`).
        public var value: String
        /// How the panel shows it when that reads better than the value (`X-wing`), or nil.
        public var text: String?

        public init(_ name: String, _ label: String, _ value: String, text: String? = nil) {
            self.name = name
            self.label = label
            self.value = value
            self.text = text
        }
    }

    public struct Part: Sendable, Equatable {
        public var name: String
        public var outline: [(x: Double, y: Double)]

        public init(name: String, outline: [(x: Double, y: Double)]) {
            self.name = name
            self.outline = outline
        }

        public static func == (a: Part, b: Part) -> Bool {
            a.name == b.name && a.outline.elementsEqual(b.outline) { $0 == $1 }
        }
    }

    public init(status: String, numbers: [Number] = [], notes: [String] = [], regions: [[[(x: Double, y: Double)]]] = [],
                alternatives: [[Part]] = [], marks: [Mark] = [], steps: [Step] = []) {
        self.status = status
        self.numbers = numbers
        self.notes = notes
        self.regions = regions
        self.alternatives = alternatives
        self.marks = marks
        self.steps = steps
    }

    public static func == (a: KindAnalysis, b: KindAnalysis) -> Bool {
        a.status == b.status && a.numbers == b.numbers && a.notes == b.notes && a.alternatives == b.alternatives
            && a.marks == b.marks && a.steps == b.steps
            && a.regions.elementsEqual(b.regions) { r, s in r.elementsEqual(s) { $0.elementsEqual($1) { $0 == $1 } } }
    }

    /// The value of a number by its attribute name.
    public func number(_ name: String) -> String? { numbers.first { $0.name == name }?.value }
}

/// A kind's analysis of one state of a puzzle, ready to run: the key says which puzzle content
/// it answers for (two documents, or two moments, with the same key share one result).
public struct AnalysisJob: Sendable {
    /// The kind's name and the content analysed, as text (a tangram's figure outline).
    public var key: String
    /// Runs the analysis; nil when `isCancelled` said stop first. `publish` takes a first part
    /// of the answer, for a front end to show while the rest is worked out (optional).
    public var run: @Sendable (_ isCancelled: @escaping @Sendable () -> Bool,
                               _ publish: @escaping @Sendable (KindAnalysis) -> Void) -> KindAnalysis?

    public init(key: String, run: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> KindAnalysis?) {
        self.key = key
        self.run = { isCancelled, _ in run(isCancelled) }
    }

    /// A job that publishes a first part of its answer before the whole of it.
    public init(key: String, stages: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool,
                                                        _ publish: @escaping @Sendable (KindAnalysis) -> Void) -> KindAnalysis?) {
        self.key = key
        self.run = stages
    }
}
