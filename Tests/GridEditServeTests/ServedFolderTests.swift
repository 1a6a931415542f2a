import Foundation
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
