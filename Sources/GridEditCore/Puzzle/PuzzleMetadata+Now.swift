#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PuzzleMetadata {
    /// The current time for `createdAt`/`updatedAt`, or `SOURCE_DATE_EPOCH` when the environment
    /// sets it (reproducible files). Here, not in the editor, because the editor and the camera
    /// capture both stamp the puzzles they write.
    public static func now(environment: [String: String]) -> String {
        timestamp(secondsSince1970: environment["SOURCE_DATE_EPOCH"].flatMap(Int.init) ?? Int(time(nil)))
    }

    /// Seconds since 1970 as `YYYY-MM-DDTHH:MM:SSZ`.
    public static func timestamp(secondsSince1970 seconds: Int) -> String {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
