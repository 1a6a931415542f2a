/// Items joined into groups, directly or through others: the pieces that touch, the parts that
/// overlap, the pieces a settle fitted against each other. The one union-find for every such
/// question (``Pose/figures(_:)`` is the pieces' case).
public struct UnionFind: Sendable {
    private var parent: [Int]

    /// `count` items, each in a group of its own.
    public init(count: Int) { parent = Array(0..<count) }

    /// Puts `a`'s group and `b`'s together.
    public mutating func join(_ a: Int, _ b: Int) {
        let ra = root(a), rb = root(b)
        if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
    }

    /// The group's representative: its smallest item.
    public mutating func root(_ i: Int) -> Int {
        var i = i
        while parent[i] != i {
            parent[i] = parent[parent[i]]
            i = parent[i]
        }
        return i
    }

    /// The groups, each in ascending order, ordered by their smallest item.
    public mutating func groups() -> [[Int]] {
        var byRoot: [Int: Int] = [:]
        var groups: [[Int]] = []
        for i in parent.indices {
            let r = root(i)
            if let g = byRoot[r] { groups[g].append(i) } else { byRoot[r] = groups.count; groups.append([i]) }
        }
        return groups
    }

    /// The groups of `count` items joined by `joined(i, j)`, asked once for each pair i < j.
    public static func groups(count: Int, joined: (Int, Int) -> Bool) -> [[Int]] {
        var sets = UnionFind(count: count)
        for i in 0..<count { for j in (i + 1)..<count where joined(i, j) { sets.join(i, j) } }
        return sets.groups()
    }
}
