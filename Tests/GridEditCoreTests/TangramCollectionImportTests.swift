import Foundation
@testable import GridEditCore
import GridEditGeometry
import GridEditTestSupport
import Testing

/// Collections in other programs' formats made exact (issue 35): a gTans `.figures` file (GCompris'
/// GTK tangram) and a Sugar Tangram data set. The fixtures are written for these tests, in those
/// formats, from three shipped figures (house, cat, rabbit), with a figure each format cannot
/// hold exactly and, for gTans, a damaged one. The real collections are imported, settled where
/// they are placed loosely, in DrawnPiecesTests (GRIDEDIT_TANGRAM_COLLECTIONS).
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
        // gTans' own check: each small triangle within 0.1 × the figure's distance (1 here).
        #expect(try entries[0].drawing.get().placementTolerance == 0.1)
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

    @Test("GCompris' dataset.js: the levels are read with where each is; pieces placed by hand are off the lattice, a 22.5° turn is refused, pictures are not a tangram")
    func gcompris() throws {
        let entries = try TangramGCompris.read(try TangramSVGTests.fixture("gridedit-written-dataset.js"))
        #expect(entries.map(\.name) == ["House", "Cat", "Rabbit", "Train", "Tilted cat", "Pushed house"])
        for entry in entries[0..<3] {
            // Centres a few thousandths of the play area off: settled in GridEditLayout (DrawnPiecesTests).
            let drawing = try entry.drawing.get()
            #expect(drawing.rings.count == 7 && drawing.placementTolerance != nil)
            #expect(throws: TangramImport.Failure.self) { try TangramImport.figure(drawing) }
            do throws(TangramImport.Failure) { _ = try TangramImport.figure(drawing) } catch { #expect(error.isOffLattice, "\(error)") }
        }
        guard case .failure(let train) = entries[3].drawing, case .failure(let tilted) = entries[4].drawing else {
            Issue.record("the train or the tilted cat was read"); return
        }
        #expect(train.isNotATangram && train.description.contains("train/loco.svg"), "\(train)")
        #expect(!tilted.isNotATangram && tilted.description.contains("$[4].pieces[3]") && tilted.description.contains("the square) is turned 67.5°"), "\(tilted)")
        #expect(throws: TangramImport.Failure.self) { try TangramGCompris.read("var dataset = {\"data\": []}") }
        #expect(throws: TangramImport.Failure.self) { try TangramGCompris.read("var dataset = [ {'name': 'a',, } ]") }
    }
}
