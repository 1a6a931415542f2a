import Foundation
import GridEditTestSupport
import Testing

/// Issue 18: whatever a stranger's tree holds, no command reads or writes outside it, hangs or
/// crashes, and every hostile entry gets a located finding. Each command runs on each seeded
/// tree through the real binary under a time and a memory limit.
@Suite(.serialized) struct HostileTreeTests {
    /// The commands that walk or read a tree, as CI runs them from the folder holding `root`.
    static let commands: [[String]] = [
        ["check", "root"],
        ["check", "root", "--format", "json"],
        ["check", "root/pack/pack.json"],
        ["list", "root"],
        ["render", "root", "-o", "out"],
        ["sudoku", "export", "root"],
        ["sudoku", "grade", "root"],
        ["format", "--check", "root"],
        ["format", "root"],
    ]

    /// Commands whose report lists every entry of the walk as `path: error: [rule] …` (export
    /// and grade skip manifests; render prints check's errors before refusing).
    static let reporting: Set<[String]> = [["check", "root"], ["format", "--check", "root"], ["sudoku", "export", "root"],
                                           ["sudoku", "grade", "root"], ["render", "root", "-o", "out"], ["format", "root"]]

    @Test("hostile trees: no hang, no crash, every entry located, the canary never shown", arguments: [0, 1, 2, 3, 4] as [UInt64])
    func hostileTree(seed: UInt64) throws {
        let tree = try HostileTree(seed: seed)
        // /proc/self/environ of the child holds this: a read of it would print it.
        let environment = ["GRIDEDIT_TEST_CANARY": HostileTree.canary]
        for command in Self.commands {
            let run = try GridEditBinary.runLimited(command, in: tree.base, seconds: 30, environment: environment)
            let label = "seed \(seed): gridedit \(command.joined(separator: " "))"
            #expect(!run.timedOut, "\(label) hung")
            #expect(!run.crashed, "\(label) crashed (status \(run.output.status)): \(run.output.stderr.suffix(400))")
            #expect([0, 1, 2].contains(run.output.status), "\(label): status \(run.output.status)")
            let all = run.output.stdout + run.output.stderr
            #expect(!all.contains(HostileTree.canary), "\(label) printed the canary")
            #expect(!all.contains("\u{1B}") && !all.contains("\u{07}"), "\(label) printed a control character raw")
            if Self.reporting.contains(command) {
                for entry in tree.expected {
                    let manifest = entry.path.hasSuffix("pack.json")
                    if manifest && command.first == "sudoku" { continue }
                    let located = entry.rules.contains { all.contains("\(entry.path): error: [\($0)]") }
                    #expect(located, "\(label): \(entry.path) has no \(entry.rules.sorted()) finding\n\(all.prefix(3000))")
                }
            }
            if command == ["list", "root"], tree.expected.contains(where: { $0.path == "root/evil-pack" }) {
                #expect(all.contains("root/evil-pack/pack.json: error: [file.outside-root]"), "\(label)\n\(all)")
            }
        }
        #expect(HostileTree.filesHoldingCanary(under: tree.base.appendingPathComponent("root")).isEmpty, "a command wrote the canary into the tree")
        #expect(HostileTree.filesHoldingCanary(under: tree.base.appendingPathComponent("out")).isEmpty, "render wrote the canary")
        if tree.permissionsIgnored {
            // Running as root: permission bits do not stop reads, so unreadable files and folders
            // are read like any other; the walk's handling of EACCES is not exercised here.
            print("HostileTreeTests: running as root; unreadable files and folders are readable to this process")
        }
    }
}
