import GridEditJSON

/// Prerequisites do not go round in a circle: a curriculum that needs itself, even through
/// others, can never be started.
struct PrerequisiteCycleRule: Rule {
    static let id = "curriculum.prerequisite-cycle"
    static let summary = "The prerequisites form a cycle back to this curriculum."

    func check(_ view: CurriculumView) -> [Finding] {
        let start = view.curriculum.id
        var findings: [Finding] = []
        for (index, first) in view.curriculum.prerequisites.enumerated() {
            // Breadth-first from the prerequisite, remembering how each curriculum was reached.
            var cameFrom: [String: String] = [first: start]
            var queue = [first]
            var found = first == start
            while !queue.isEmpty, !found {
                let id = queue.removeFirst()
                for next in view.curricula[id] ?? [] where cameFrom[next] == nil || next == start {
                    if next == start { cameFrom[start] = id; found = true; break }
                    cameFrom[next] = id
                    queue.append(next)
                }
            }
            guard found else { continue }
            var chain = [start]
            var id = cameFrom[start] ?? start
            if first != start {
                while id != start, chain.count <= view.curricula.count + 1 { chain.append(id); id = cameFrom[id] ?? start }
                chain.append(start)
                chain.reverse()
            } else {
                chain.append(start)
            }
            findings.append(finding("prerequisites go round in a circle: \(chain.joined(separator: " → ")); remove one of them",
                                    at: JSONPath.root.appending(key: "prerequisites").appending(index: index)))
        }
        return findings
    }
}
