import Dispatch
import Synchronization

/// `body(0)`, `body(1)`, … `body(count − 1)` on up to `jobs` threads, the results in index order:
/// the one parallel loop of gridedit (the checker's files, generated Sudoku, batch solving).
///
/// Indices are handed out one at a time from a shared counter, so a slow item does not hold up a
/// slice assigned in advance. Each result depends on its index only, so the output is the same
/// for any number of jobs. With one job (or one item) everything runs on the calling thread.
public func parallelMap<T: Sendable>(_ count: Int, jobs: Int, _ body: @Sendable (Int) -> T) -> [T] {
    parallelMap(count, jobs: jobs, state: {}) { (_: inout Void, index) in body(index) }
}

/// Like ``parallelMap(_:jobs:_:)``, with scratch state each thread makes once with `state` and
/// hands to every item it computes (a solver's buffers, reused instead of reallocated per item).
public func parallelMap<State, T: Sendable>(_ count: Int, jobs: Int, state makeState: @Sendable () -> State,
                                            _ body: @Sendable (inout State, Int) -> T) -> [T] {
    let workers = max(1, min(jobs, count))
    if workers == 1 {
        var state = makeState()
        return (0..<count).map { body(&state, $0) }
    }
    let results = Mutex<[T?]>(Array(repeating: nil, count: count))
    let next = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        var state = makeState()
        while true {
            let index = next.withLock { (value: inout Int) -> Int in
                defer { value += 1 }
                return value
            }
            guard index < count else { return }
            let result = body(&state, index)
            results.withLock { $0[index] = result }
        }
    }
    return results.withLock { $0.map { $0! } }
}
