import Foundation
import GridEditCore
import GridEditTestSupport
import Synchronization
import SystemPackage
import Testing

/// The walk takes entry types from the folder listing and marks regular files it reached through
/// real folders, which are then read without resolving their path again. These tests hold that
/// shortcut to the same answers as the full path: nothing outside the root is ever read.
@Suite struct TreeWalkTests {
    @Test func walkedFilesAreReadAndMarked() throws {
        let folder = try TemporaryFolder()
        try folder.write("{}", to: "b/inner.json")
        try folder.write("{}", to: "a.json")
        try folder.write("not json either", to: "notes.txt")
        let root = TreeRoot(folder: folder.url.path, policy: FileAccessPolicy())
        let entries = root.jsonFiles(under: folder.url.path)
        #expect(entries.map { FileSystem.lastComponent(of: $0.path) } == ["a.json", "inner.json"])
        #expect(entries.allSatisfy { $0.walkedRegularFile })
        for entry in entries { #expect((try? root.read(entry).get()) == Array("{}".utf8)) }
    }

    @Test func linksAndFIFOsAreNotMarked() throws {
        let folder = try TemporaryFolder()
        try folder.write("{}", to: "real.json")
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.json").path, withDestinationPath: "real.json")
        #expect(mkfifo(folder.file("pipe.json").path, 0o600) == 0)
        let root = TreeRoot(folder: folder.url.path, policy: FileAccessPolicy())
        let entries = Dictionary(uniqueKeysWithValues: root.jsonFiles(under: folder.url.path).map { (FileSystem.lastComponent(of: $0.path), $0) })
        #expect(entries["real.json"]?.walkedRegularFile == true)
        #expect(entries["link.json"]?.walkedRegularFile == false)
        #expect(entries["pipe.json"]?.walkedRegularFile == false)
        // The link inside the root is followed; the FIFO is refused unopened (never blocks).
        #expect((try? root.read(entries["link.json"]!).get()) == Array("{}".utf8))
        guard case .failure(.notRegular(.fifo)) = root.read(entries["pipe.json"]!) else {
            Issue.record("a FIFO named .json must be refused as not a regular file")
            return
        }
    }

    /// A file swapped for a link out of the root between the walk and the read is refused, not
    /// followed: the shortcut opens with O_NOFOLLOW.
    @Test func aFileSwappedForALinkAfterTheWalkIsNotFollowed() throws {
        let outside = try TemporaryFolder()
        try outside.write("{\"secret\": true}", to: "secret.json")
        let folder = try TemporaryFolder()
        try folder.write("{}", to: "puzzle.json")
        let root = TreeRoot(folder: folder.url.path, policy: FileAccessPolicy())
        let entries = root.jsonFiles(under: folder.url.path)
        #expect(entries.count == 1 && entries[0].walkedRegularFile)
        try FileManager.default.removeItem(at: folder.file("puzzle.json"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("puzzle.json").path,
                                                   withDestinationPath: outside.file("secret.json").path)
        guard case .failure(.notRegular(.symbolicLink)) = root.read(entries[0]) else {
            Issue.record("a link swapped in after the walk must be refused")
            return
        }
    }

    @Test func typedListingAgreesWithLstat() throws {
        let folder = try TemporaryFolder()
        try folder.write("{}", to: "file.json")
        try folder.write("{}", to: "sub/x.json")
        try FileManager.default.createSymbolicLink(atPath: folder.file("link").path, withDestinationPath: "sub")
        let listing = try #require(FileSystem.typedListing(of: folder.url.path))
        for (name, type) in listing.names {
            let looked = FileSystem.entryType(FileSystem.join(folder.url.path, name), followingLinks: false)
            #expect(type == nil || type == looked, "\(name): listing says \(String(describing: type)), lstat \(looked)")
        }
        #expect(listing.names.map(\.name) == ["file.json", "link", "sub"])
    }
}

/// `folder(of:)` and `lastComponent(of:)` read plain paths with a string search; every path,
/// plain or not, must get `FilePath`'s answer.
@Suite struct PathPartsTests {
    @Test func sameAnswersAsFilePath() {
        let paths = ["puzzles/pack-00001/p-0000001.json", "a", "/a", "/", "", ".", "..", "a/..", "./a", "a/./b",
                     "a//b", "//a", "a/b/", "a/b//", "/a/b/c", "é/ü.json", "a b/c d", "..a/b.", "a/b/c/d/e/f.json"]
        for path in paths {
            let file = FilePath(path)
            let folder: String = if file.lastComponent == nil { file.isEmpty ? "." : file.string } else {
                file.removingLastComponent().isEmpty ? "." : file.removingLastComponent().string
            }
            #expect(FileSystem.folder(of: path) == folder, "folder of \(path)")
            #expect(FileSystem.lastComponent(of: path) == (file.lastComponent?.string ?? ""), "last component of \(path)")
        }
    }
}

/// `makeFolders` run by several processes or threads at once on the same new folder (checks
/// starting together on one cache): every one succeeds.
@Suite struct MakeFoldersRaceTests {
    @Test func concurrentCreatorsAllSucceed() throws {
        let root = try TemporaryFolder()
        for round in 0..<40 {
            let path = root.file("round-\(round)/cache").path
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                do throws(FileSystem.Failure) { try FileSystem.makeFolders(path) } catch {
                    failures.withLock { $0.append(error.message) }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty)
            #expect(FileSystem.isDirectory(path))
        }
        // Something that is not a folder is still refused.
        try root.write("x", to: "plain")
        #expect(throws: FileSystem.Failure.self) { try FileSystem.makeFolders(root.file("plain").path) }
    }
}
