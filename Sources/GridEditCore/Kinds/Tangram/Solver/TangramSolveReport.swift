import GridEditGeometry
import GridEditJSON

/// What `gridedit tangram solve` prints, as text or JSON.
public struct TangramSolveReport: Sendable {
    /// The analysis, when the figure is one the pieces could fill at all.
    public let analysis: TangramAnalysis?
    /// Why there is no solution, in words, when it is known without a search (or after one).
    public let reason: String?

    /// Solves the figure completely.
    public init(figure: TangramFigureFile.Figure) {
        switch figure.region {
        case .failure(let problem):
            self.init(analysis: nil, reason: "\(problem)")
        case .success(let region):
            self.init(TangramAnalysis(region: region))
        }
    }

    /// The report of a finished analysis.
    public init(_ analysis: TangramAnalysis) {
        let region = analysis.region
        if analysis.isSolvable {
            self.init(analysis: analysis, reason: nil)
        } else if region.twiceSignedArea != ZSqrt2(256) {
            self.init(analysis: analysis, reason: "its area is \(region.area.doubleValue.decimalText()) square units; the seven pieces cover exactly 8")
        } else {
            self.init(analysis: analysis, reason: "no arrangement of the seven pieces fills it (every placement was tried: \(analysis.nodes) search steps)")
        }
    }

    /// A figure that is no region the pieces could fill, and why.
    public init(analysis: TangramAnalysis?, reason: String?) {
        self.analysis = analysis
        self.reason = reason
    }

    public var isSolvable: Bool { analysis?.isSolvable ?? false }

    // MARK: Text

    public func text(all: Bool) -> String {
        guard let analysis, analysis.isSolvable else {
            return "solvable: no: \(reason ?? "no solution")\n"
        }
        var lines = ["solvable: yes"]
        let symmetries = analysis.symmetries.count
        lines.append("solutions: \(analysis.solutions.count), \(analysis.solutionsUpToSymmetry) up to the figure's symmetry"
                     + (symmetries == 1 ? " (it has none)" : " (\(symmetries) motions map it onto itself)"))
        let shown = all ? Array(analysis.solutions.indices) : [0]
        // Columns as wide as their longest value plus a space (`0.75+1.5√2` is 10 characters),
        // so that no value runs into the next column or is cut short.
        let poses = shown.flatMap { analysis.solutions[$0] }
        let xWidth = max(10, poses.map { $0.position.x.description.count + 1 }.max() ?? 0)
        let yWidth = max(10, poses.map { $0.position.y.description.count + 1 }.max() ?? 0)
        for index in shown {
            lines.append(all ? "solution \(index + 1) (class \(analysis.symmetryClass[index] + 1)):" : "first solution:")
            for pose in analysis.solutions[index] {
                var line = "  " + pose.piece.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
                line += "x " + pose.position.x.description.padding(toLength: xWidth, withPad: " ", startingAt: 0)
                line += "y " + pose.position.y.description.padding(toLength: yWidth, withPad: " ", startingAt: 0)
                line += "rotation \(pose.rotation.degrees)"
                if pose.flipped { line += " flipped" }
                lines.append(line)
            }
        }
        let ambiguities = analysis.ambiguities()
        if ambiguities.isEmpty {
            lines.append(analysis.solutionsUpToSymmetry == 1 ? "ambiguity: none" : "ambiguity: the solutions differ throughout")
        } else {
            lines.append("ambiguity: parts that can be filled in more than one way:")
            lines += ambiguities.map { "  " + Self.describe($0) }
        }
        if let difficulty = TangramDifficulty(analysis) {
            lines.append("difficulty estimate: \(difficulty.level.rawValue) (\(difficulty.explanation))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One ambiguous part in words: `2 square units at [(1, 1) …]: square, or small triangle + small triangle`.
    public static func describe(_ ambiguity: TangramAmbiguity) -> String {
        // The same shapes placed differently are one entry with a count.
        var ways: [(shapes: String, count: Int)] = []
        for filling in ambiguity.fillings.map({ $0.map(Self.name).joined(separator: " + ") }) {
            if let i = ways.firstIndex(where: { $0.shapes == filling }) { ways[i].count += 1 } else { ways.append((filling, 1)) }
        }
        let described = ways.map { $0.count == 1 ? $0.shapes : "\($0.shapes) (\($0.count) ways)" }.joined(separator: ", or ")
        return "\(ambiguity.region.area.doubleValue.decimalText()) square units at \(Self.outline(ambiguity.region)): \(described)"
    }

    // MARK: JSON

    public func json(all: Bool) -> String {
        var members: [JSONValue.Member] = [.init("solvable", .bool(isSolvable))]
        guard let analysis, analysis.isSolvable else {
            members += [
                .init("solutions", .number("0")),
                .init("solutionsUpToSymmetry", .number("0")),
                .init("placements", .array([])),
                .init("reason", .string(reason ?? "no solution")),
            ]
            return CanonicalJSONWriter.write(.object(members))
        }
        members += [
            .init("solutions", .number(String(analysis.solutions.count))),
            .init("solutionsUpToSymmetry", .number(String(analysis.solutionsUpToSymmetry))),
            .init("symmetries", .number(String(analysis.symmetries.count))),
            .init("placements", Self.placements(analysis.solutions[0])),
            .init("ambiguities", .array(analysis.ambiguities().map { ambiguity in
                .object([
                    .init("area", .number(ambiguity.region.area.doubleValue.decimalText())),
                    .init("outline", .array(ambiguity.region.rings.map { ring in
                        .array(ring.vertices.map { .array([Self.value($0.x), Self.value($0.y)]) })
                    })),
                    .init("fillings", .array(ambiguity.fillings.map { .array($0.map { .string(Self.name($0)) }) })),
                ])
            })),
        ]
        if let difficulty = TangramDifficulty(analysis) {
            members.append(.init("difficulty", .object([
                .init("estimate", .string(difficulty.level.rawValue)),
                .init("points", .number(String(difficulty.points))),
                .init("hiddenOutlines", .number(String(difficulty.hiddenOutlines))),
                .init("convex", .bool(difficulty.isConvex)),
            ])))
        }
        if all {
            members.append(.init("all", .array(analysis.solutions.indices.map { index in
                .object([
                    .init("class", .number(String(analysis.symmetryClass[index] + 1))),
                    .init("placements", Self.placements(analysis.solutions[index])),
                ])
            })))
        }
        return CanonicalJSONWriter.write(.object(members))
    }

    static func placements(_ poses: [Pose]) -> JSONValue {
        .array(poses.map { pose in
            .object([
                .init("piece", .string(pose.piece.rawValue)),
                .init("x", value(pose.position.x)),
                .init("y", value(pose.position.y)),
                .init("rotation", .number(String(pose.rotation.degrees))),
                .init("flip", .bool(pose.flipped)),
            ])
        })
    }

    /// As in puzzle files: a number on the quarter grid, otherwise a string such as "1+0.5√2".
    static func value(_ x: Exact) -> JSONValue {
        x.isOnQuarterGrid ? .number(x.description) : .string(x.description)
    }

    static func name(_ shape: TangramPiece.Shape) -> String {
        switch shape {
        case .largeTriangle: "large triangle"
        case .mediumTriangle: "medium triangle"
        case .smallTriangle: "small triangle"
        case .square: "square"
        case .parallelogram: "parallelogram"
        }
    }

    static func outline(_ region: OctilinearRegion) -> String {
        region.rings.map { "[" + $0.vertices.map(\.description).joined(separator: " ") + "]" }.joined(separator: " ")
    }
}
