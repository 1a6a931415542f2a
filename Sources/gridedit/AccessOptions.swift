import ArgumentParser
import GridEditCore

/// `--max-file-size`, for every command that reads a tree (`check`, `list`, `render`, `format`,
/// `sudoku export`, `sudoku grade`): the one knob of the file-access policy a user may turn
/// (docs/ci.md, "Checking untrusted pull requests").
struct AccessOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Refuse files larger than this (file.too-large): bytes, or with K, M or G (default 1M).",
                               valueName: "size"))
    var maxFileSize: String?

    func validate() throws {
        if let maxFileSize, FileAccessPolicy.byteCount(maxFileSize) == nil {
            throw ValidationError("--max-file-size takes a number of bytes, optionally with K, M or G, like 4M")
        }
    }

    /// The policy, with `maxFindings` when the command has `--max-findings`.
    func policy(maxFindings: Int = FileAccessPolicy.defaultMaxFindingsPerFile) -> FileAccessPolicy {
        Self.policy(maxFileSize: maxFileSize, maxFindings: maxFindings)
    }

    static func policy(maxFileSize: String?, maxFindings: Int) -> FileAccessPolicy {
        FileAccessPolicy(maxFileSize: maxFileSize.flatMap(FileAccessPolicy.byteCount) ?? FileAccessPolicy.defaultMaxFileSize,
                         maxFindingsPerFile: maxFindings)
    }
}
