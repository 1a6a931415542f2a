import Foundation
import GridEditCore
import GridEditServe
import GridEditTestSupport
import Testing

/// The one path check: every path a browser names stays inside the served folder.
struct ServedFolderTests {
    @Test func pathsInsideResolveToRealFiles() throws {
        let folder = try servedFolder()
        let served = try ServedFolder(folder.path)
        #expect(try served.resolve("starter/cat.json") == served.root + "/starter/cat.json")
        #expect(try served.resolve("starter/./../starter/cat.json") == served.root + "/starter/cat.json")
        #expect(try served.resolve("starter%2Fcat.json") == served.root + "/starter/cat.json")
        #expect(try served.resolve("mini/new.json", mustExist: false) == served.root + "/mini/new.json")
    }

    @Test(arguments: ["..", "../etc/passwd", "starter/../../etc/passwd", "%2e%2e/etc/passwd", "%2E%2E%2Fetc%2Fpasswd",
                      "starter/..%2f..%2fetc%2fpasswd", "//../x"])
    func climbingOutIsRefused(_ path: String) throws {
        let folder = try servedFolder()
        let served = try ServedFolder(folder.path)
        #expect(throws: PathRefusal.outside(path)) { try served.resolve(path) }
    }

    @Test func encodedBackslashIsJustAName() throws {
        // `%5c` is a backslash, a plain character on Linux: `..\..` is one (missing) name.
        let folder = try servedFolder()
        let served = try ServedFolder(folder.path)
        #expect(throws: PathRefusal.missing("..%5c..")) { try served.resolve("..%5c..") }
    }

    @Test func symlinksOutOfTheFolderAreRefused() throws {
        let folder = try servedFolder()
        let outside = try TemporaryFolder()
        try outside.write("{}", to: "secret.json")
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.json").path, withDestinationPath: outside.file("secret.json").path)
        try FileManager.default.createSymbolicLink(atPath: folder.file("away").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: folder.file("dangling.json").path, withDestinationPath: outside.path + "/none.json")
        try FileManager.default.createSymbolicLink(atPath: folder.file("inside.json").path, withDestinationPath: folder.file("starter/cat.json").path)
        let served = try ServedFolder(folder.path)
        #expect(throws: PathRefusal.outside("link.json")) { try served.resolve("link.json") }
        #expect(throws: PathRefusal.outside("away/secret.json")) { try served.resolve("away/secret.json") }
        #expect(throws: PathRefusal.outside("away/new.json")) { try served.resolve("away/new.json", mustExist: false) }
        #expect(throws: PathRefusal.outside("dangling.json")) { try served.resolve("dangling.json", mustExist: false) }
        #expect(try served.resolve("inside.json") == served.root + "/starter/cat.json")
    }

    @Test("A new file may name folders that do not exist yet: they are made inside the root, never outside")
    func creatingFolders() throws {
        let folder = try servedFolder()
        let outside = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.file("away").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: folder.file("dangling").path, withDestinationPath: outside.path + "/none")
        let served = try ServedFolder(folder.path)
        #expect(try served.resolve("packs/spring/first.json", mustExist: false, creatingFolders: true) == served.root + "/packs/spring/first.json")
        #expect(FileSystem.isDirectory(folder.file("packs/spring").path))
        #expect(try served.resolve("starter/new/x.json", mustExist: false, creatingFolders: true) == served.root + "/starter/new/x.json")
        #expect(throws: PathRefusal.outside("away/deeper/new.json")) { try served.resolve("away/deeper/new.json", mustExist: false, creatingFolders: true) }
        #expect(throws: PathRefusal.outside("../made/new.json")) { try served.resolve("../made/new.json", mustExist: false, creatingFolders: true) }
        #expect(throws: PathRefusal.missingFolder("dangling/sub/new.json")) { try served.resolve("dangling/sub/new.json", mustExist: false, creatingFolders: true) }
        #expect(throws: PathRefusal.missingFolder("starter/cat.json/sub/new.json")) {
            try served.resolve("starter/cat.json/sub/new.json", mustExist: false, creatingFolders: true)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "nothing was made outside the served folder")
        #expect(!FileManager.default.fileExists(atPath: folder.url.deletingLastPathComponent().appendingPathComponent("made").path))
    }

    @Test func malformedAndMissingPaths() throws {
        let folder = try servedFolder()
        let served = try ServedFolder(folder.path)
        #expect(throws: PathRefusal.malformed("a%zz.json")) { try served.resolve("a%zz.json") }
        #expect(throws: PathRefusal.malformed("a%00.json")) { try served.resolve("a%00.json") }
        #expect(throws: PathRefusal.malformed("a%2")) { try served.resolve("a%2") }
        #expect(throws: PathRefusal.missing("starter/none.json")) { try served.resolve("starter/none.json") }
        #expect(throws: PathRefusal.missingFolder("nofolder/new.json")) { try served.resolve("nofolder/new.json", mustExist: false) }
    }
}
