import GridEditCore
import Testing

/// The one union-find (touching pieces, overlapping parts): its groups are the connected parts of
/// the relation, checked against a plain search on seeded random graphs.
@Suite struct UnionFindTests {
    /// The connected parts by depth-first search, each ascending, ordered by their first item.
    static func searched(count: Int, edges: Set<[Int]>) -> [[Int]] {
        var seen = Set<Int>(), parts: [[Int]] = []
        for start in 0..<count where !seen.contains(start) {
            var part: [Int] = [], stack = [start]
            seen.insert(start)
            while let i = stack.popLast() {
                part.append(i)
                for j in 0..<count where !seen.contains(j) && edges.contains([min(i, j), max(i, j)]) {
                    seen.insert(j)
                    stack.append(j)
                }
            }
            parts.append(part.sorted())
        }
        return parts
    }

    @Test("Groups are the relation's connected parts, for sizes 0 to 40 and sparse to dense relations")
    func connectedParts() {
        var random = SplitMix64(seed: 31)
        for _ in 0..<300 {
            let count = Int.random(in: 0...40, using: &random)
            let density = Double.random(in: 0...0.15, using: &random)
            var edges = Set<[Int]>()
            for i in 0..<count { for j in (i + 1)..<count where Double.random(in: 0..<1, using: &random) < density { edges.insert([i, j]) } }
            let groups = UnionFind.groups(count: count) { edges.contains([$0, $1]) }
            #expect(groups == Self.searched(count: count, edges: edges), "\(count) items, edges \(edges.sorted { $0.lexicographicallyPrecedes($1) })")
        }
    }

    @Test("Joining in any order gives the same groups; the root is the group's smallest item")
    func order() {
        var a = UnionFind(count: 6), b = UnionFind(count: 6)
        a.join(5, 3); a.join(3, 1); a.join(0, 4)
        b.join(0, 4); b.join(1, 3); b.join(3, 5)
        #expect(a.groups() == [[0, 4], [1, 3, 5], [2]])
        #expect(b.groups() == a.groups())
        #expect(a.root(5) == 1 && a.root(4) == 0 && a.root(2) == 2)
    }
}
