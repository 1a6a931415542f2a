/// Which slot owns each top-view pixel (a slot ≥ 0, paper −1, unknown −2), with running counts
/// along every row of the known pixels (anything but unknown). Made once for a frame's owners;
/// a slot's own counts (``SlotCounts``) are then made for the few rows it lies in.
struct OwnerMap {
    var owner: [Int16]
    let size: Int
    /// Row r, column c: the known pixels in that row left of column c; `size + 1` entries a row.
    let knownBefore: [Int32]

    init(_ owner: [Int16], size n: Int) {
        self.owner = owner
        self.size = n
        // Every entry is written below, so the counts are not zeroed first.
        var known = [Int32](unsafeUninitializedCapacity: n * (n + 1)) { _, count in count = n * (n + 1) }
        owner.withUnsafeBufferPointer { owner in
            known.withUnsafeMutableBufferPointer { known in
                for row in 0..<n {
                    var k: Int32 = 0
                    let base = row * n, out = row * (n + 1)
                    known[out] = 0
                    for column in 0..<n {
                        k &+= owner[base + column] != -2 ? 1 : 0
                        known[out + column + 1] = k
                    }
                }
            }
        }
        knownBefore = known
    }

    /// The map with `pixels` given to `slot`. They must be known pixels already (another slot's),
    /// so the known counts stand.
    func relabelled(_ pixels: [Int32], as slot: Int16) -> OwnerMap {
        var map = self
        for p in pixels {
            precondition(map.owner[Int(p)] != -2, "relabelled pixels must be known")
            map.owner[Int(p)] = slot
        }
        return map
    }
}

/// An owner map seen from one slot, with running counts along every row of the slot's pixels as
/// well, so that what a stretch of a row holds is two subtractions instead of a loop over its
/// pixels. A fit scores hundreds of placements of one outline over one slot, each a few
/// thousand pixels; the counts are made once for them all.
struct SlotCounts {
    let map: OwnerMap
    let slot: Int16
    var owner: [Int16] { map.owner }
    var size: Int { map.size }
    /// As ``OwnerMap/knownBefore``, for the slot's pixels, in the rows from `firstRow` to the
    /// last with any (the other rows hold none).
    private let slotBefore: [Int32]
    private let firstRow: Int, rowCount: Int

    /// `pixels` are the slot's pixels in the map (every one of them): only their rows are counted.
    init(_ map: OwnerMap, slot: Int16, pixels: [Int32]) {
        self.map = map
        self.slot = slot
        let n = map.size, width = n + 1
        guard let low = pixels.min(), let high = pixels.max() else {
            (slotBefore, firstRow, rowCount) = ([], 0, 0)
            return
        }
        let rows = (Int(low) / n)...(Int(high) / n)
        var slotBefore = [Int32](repeating: 0, count: rows.count * width)
        map.owner.withUnsafeBufferPointer { owner in
            slotBefore.withUnsafeMutableBufferPointer { slots in
                for row in rows {
                    var s: Int32 = 0
                    let base = row * n, out = (row - rows.lowerBound) * width
                    for column in 0..<n {
                        s &+= owner[base + column] == slot ? 1 : 0
                        slots[out + column + 1] = s
                    }
                }
            }
        }
        (self.slotBefore, firstRow, rowCount) = (slotBefore, rows.lowerBound, rows.count)
    }

    /// In `row`, columns `first...last`: the slot's pixels, and the other known ones (paper and
    /// other pieces).
    @inline(__always)
    func span(row: Int, _ first: Int, _ last: Int) -> (slot: Int, other: Int) {
        // Counts never exceed a row's width: the differences cannot overflow.
        let width = size + 1, base = row * width
        let known = Int(map.knownBefore[base + last + 1] &- map.knownBefore[base + first])
        let band = row - firstRow
        guard band >= 0, band < rowCount else { return (0, known) }
        let slot = Int(slotBefore[band * width + last + 1] &- slotBefore[band * width + first])
        return (slot, known &- slot)
    }
}
