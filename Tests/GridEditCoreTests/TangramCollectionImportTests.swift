import Foundation
@testable import GridEditCore
import GridEditGeometry
import GridEditTestSupport
import Testing

/// Collections in other programs' formats made exact (issue 35): a gTans `.figures` file (GCompris'
/// GTK tangram) and a Sugar Tangram data set. The fixtures are written for these tests, in those
/// formats, from three shipped figures (house, cat, rabbit), with a figure each format cannot
/// hold exactly and, for gTans, a damaged one. With GRIDEDIT_TANGRAM_COLLECTIONS=DIR, the real
/// collections in DIR (not in the repository: GPL and Apache data) are imported too.
@Suite("Tangram collections from gTans and Sugar, exactly")
struct TangramCollectionImportTests {
    static let sources = ["house", "cat", "rabbit"]

    static func expectSameFigures(_ entries: [TangramImport.Entry]) throws {
        for (entry, name) in zip(entries, sources) {
            let figure = try TangramImport.figure(entry.drawing.get())
            #expect(figure.source == "seven pieces")
            #expect(TangramSVGTests.shape(figure.pieces) == TangramSVGTests.shape(try TangramSVGTests.shipped(name).pieces!),
                    "\(entry.name) is the shipped \(name), up to a translation")
            #expect(!figure.analysis.solutions.isEmpty)
        }
    }

    @Test("gTans: each figure's seven pieces are the shipped figure's; a square turned 11.25° and a damaged figure are refused with where")
    func gTans() throws {
        let entries = try TangramGTans.read(try TangramSVGTests.fixture("gridedit-written.figures"), name: "written")
        #expect(entries.map(\.name) == ["written-001", "written-002", "written-003", "written-004", "written-005"])
        try Self.expectSameFigures(entries)
        #expect(throws: TangramImport.Failure.self) { try entries[3].drawing.get() }
        if case .failure(let failure) = entries[3].drawing {
            #expect(failure.description.contains("figure 4") && failure.description.contains("the square) is turned 11.25°"), "\(failure)")
        }
        if case .failure(let failure) = entries[4].drawing {
            #expect(failure.description.contains("figure 5") && failure.description.contains("damaged"), "\(failure)")
        } else { Issue.record("the damaged figure was read") }
        #expect(throws: TangramImport.Failure.self) { try TangramGTans.read("<svg/>", name: "x") }
    }

    @Test("Sugar: exact a + b√2 coordinates give the shipped figures; a piece slid by a third of a step is refused with its JSON path")
    func sugar() throws {
        let text = try TangramSVGTests.fixture("gridedit-written-dataSet.json")
        let entries = try TangramSugar.read(text)
        #expect(entries.map(\.name) == ["House", "Cat", "Rabbit", "Slid"])
        try Self.expectSameFigures(entries)
        if case .failure(let failure) = entries[3].drawing {
            #expect(failure.description.contains("data[0].tangrams[3].targetTans[") && failure.description.contains("not on the tangram lattice"), "\(failure)")
        } else { Issue.record("the slid figure was read") }
        // The newer dataSet.js (a JavaScript assignment) reads the same.
        let script = try TangramSugar.read("initialDataSet =\n" + text + ";\n")
        #expect(script.map(\.name) == entries.map(\.name))
        #expect(throws: TangramImport.Failure.self) { try TangramSugar.read("{\"metadata\": {}}") }
    }

    @Test("The real collections, when given (GRIDEDIT_TANGRAM_COLLECTIONS): every figure imported is a valid, solvable figure")
    func realCollections() throws {
        guard let folder = ProcessInfo.processInfo.environment["GRIDEDIT_TANGRAM_COLLECTIONS"] else { return }
        for file in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            let entries = file.hasSuffix(".figures") ? try TangramGTans.read(text, name: file) : try TangramSugar.read(text)
            var imported = 0
            for entry in entries {
                guard let drawing = try? entry.drawing.get(), let figure = try? TangramImport.figure(drawing) else { continue }
                #expect(!figure.analysis.solutions.isEmpty, "\(file) \(entry.name)")
                imported += 1
            }
            print("\(file): \(imported) of \(entries.count) imported")
        }
    }
}
