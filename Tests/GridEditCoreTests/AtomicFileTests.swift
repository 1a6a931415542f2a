import Foundation
@testable import GridEditCore
import GridEditTestSupport
import Testing

/// A writer killed between creating its temporary file and the rename leaves
/// `.NAME.json.tmp-PID-N` behind; the next open or save in the folder removes it, and nothing else.
@Suite struct AtomicFileTests {
    /// A process id no process can have (above Linux's largest pid_max, 2^22).
    static let deadPID = 4_194_304 + 17

    @Test func removesOnlyStaleTemporariesOfDeadProcesses() throws {
        let folder = try TemporaryFolder()
        let stale = [".cat.json.tmp-\(Self.deadPID)-123", ".pack.json.tmp-\(Self.deadPID)-0"]
        let kept = [
            ".cat.json.tmp-\(getpid())-5",              // a writer still running (this process)
            ".cat.json.tmp-1-5",                         // pid 1 is alive
            "cat.json.tmp-\(Self.deadPID)-1",           // not hidden
            ".notes.txt.tmp-\(Self.deadPID)-1",         // not a .json file's
            ".cat.json.tmp-\(Self.deadPID)-1.bak",      // more after the pattern
            ".cat.json.tmp-\(Self.deadPID)",            // no N
            ".cat.json.tmp-x\(Self.deadPID)-1",         // not a number
            "..json.tmp-\(Self.deadPID)-1",             // no NAME
            "cat.json",
        ]
        for name in stale + kept { try folder.write("{}", to: name) }
        // A folder and a link with a stale name are not regular files: left alone.
        try FileManager.default.createDirectory(at: folder.file(".dir.json.tmp-\(Self.deadPID)-1"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.file(".link.json.tmp-\(Self.deadPID)-1").path, withDestinationPath: "cat.json")

        let removed = AtomicFile.removeStaleTemporaries(in: folder.path)
        #expect(Set(removed) == Set(stale))
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(left == Set(kept + [".dir.json.tmp-\(Self.deadPID)-1", ".link.json.tmp-\(Self.deadPID)-1"]))
    }

    @Test func theNamesAtomicFileWritesAreRecognised() throws {
        #expect(AtomicFile.writerProcess(ofTemporary: ".cat.json\(AtomicFile.temporaryMarker)42-4294967295") == 42)
        #expect(AtomicFile.writerProcess(ofTemporary: ".cat.json.tmp-42-4294967296") == nil)
        #expect(AtomicFile.writerProcess(ofTemporary: ".cat.json.tmp-0-1") == nil)
        #expect(AtomicFile.writerProcess(ofTemporary: ".cat.json.tmp--1-1") == nil)
    }
}
