/// The optimal one-to-one assignment of rows to columns of a cost matrix (the Hungarian method,
/// with row and column potentials): the frame's colour clusters are given to the profile's
/// colours as a whole, so a colour that drifted in the light still finds its cluster when a
/// neighbouring colour would take it one by one.
public enum Assignment {
    /// For each row, the column assigned to it, minimising the summed cost; nil where the row got
    /// no column (more rows than columns) or only a column whose cost is `forbidden` or more.
    public static func minimumCost(_ cost: [[Double]], forbidden: Double) -> [Int?] {
        let rows = cost.count
        guard rows > 0 else { return [] }
        let columns = cost.map(\.count).max() ?? 0
        let n = max(rows, columns)
        // Square, with forbidden cost in the padding; 1-based as the method is usually written.
        func c(_ i: Int, _ j: Int) -> Double {
            i <= rows && j <= cost[i - 1].count ? min(cost[i - 1][j - 1], forbidden) : forbidden
        }
        var u = [Double](repeating: 0, count: n + 1), v = [Double](repeating: 0, count: n + 1)
        var match = [Int](repeating: 0, count: n + 1)  // column → row, 0 = free
        var way = [Int](repeating: 0, count: n + 1)
        for i in 1...n {
            match[0] = i
            var j0 = 0
            var least = [Double](repeating: .infinity, count: n + 1)
            var used = [Bool](repeating: false, count: n + 1)
            repeat {
                used[j0] = true
                let i0 = match[j0]
                var delta = Double.infinity, j1 = 0
                for j in 1...n where !used[j] {
                    let reduced = c(i0, j) - u[i0] - v[j]
                    if reduced < least[j] { least[j] = reduced; way[j] = j0 }
                    if least[j] < delta { delta = least[j]; j1 = j }
                }
                for j in 0...n {
                    if used[j] { u[match[j]] += delta; v[j] -= delta } else { least[j] -= delta }
                }
                j0 = j1
            } while match[j0] != 0
            repeat {
                let j1 = way[j0]
                match[j0] = match[j1]
                j0 = j1
            } while j0 != 0
        }
        var result = [Int?](repeating: nil, count: rows)
        for j in 1...n where match[j] >= 1 && match[j] <= rows && j <= cost[match[j] - 1].count {
            if cost[match[j] - 1][j - 1] < forbidden { result[match[j] - 1] = j - 1 }
        }
        return result
    }
}
