import Foundation
import GridEditCore
import GridEditTestSupport
import Testing

/// The check cache keys on the build of gridedit: the same bytes anywhere are the same build
/// (a CI job's downloaded binary keeps its cache), other bytes or no ELF note are not.
@Suite struct ExecutableIdentityTests {
    @Test func theSameBinaryCopiedElsewhereKeepsItsBuildID() throws {
        let binary = GridEditBinary.url.path
        let id = try #require(ExecutableIdentity.buildID(of: binary), "the linker writes a GNU build ID for gridedit")
        #expect(id.count >= 16 && id.allSatisfy(\.isHexDigit))
        let folder = try TemporaryFolder()
        let copy = folder.file("gridedit-copy").path
        try FileManager.default.copyItem(atPath: binary, toPath: copy)
        #expect(ExecutableIdentity.buildID(of: copy) == id)
        #expect(ExecutableIdentity.of(copy) == ExecutableIdentity.of(binary))
        #expect(FileSystem.identity(of: copy) != FileSystem.identity(of: binary))
    }

    @Test func otherFilesHaveNoBuildIDAndFallBackToTheFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("#!/bin/sh\necho hi\n", to: "script")
        #expect(ExecutableIdentity.buildID(of: folder.file("script").path) == nil)
        #expect(ExecutableIdentity.of(folder.file("script").path)?.hasPrefix("file ") == true)
        // A binary cut short after its headers: no note to read, no crash.
        let bytes = try Data(contentsOf: GridEditBinary.url).prefix(200)
        try bytes.write(to: folder.file("cut"))
        #expect(ExecutableIdentity.buildID(of: folder.file("cut").path) == nil)
        #expect(ExecutableIdentity.buildID(of: folder.file("missing").path) == nil)
        // Another build (the test runner itself) has another ID.
        if let runner = FileSystem.runningExecutable(), let other = ExecutableIdentity.buildID(of: runner) {
            #expect(other != ExecutableIdentity.buildID(of: GridEditBinary.url.path))
        }
    }
}
