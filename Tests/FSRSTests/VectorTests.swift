import FSRS
import Foundation
import Testing

/// The checked-in py-fsrs 6.3.2 vectors (../shared/vectors/fsrs/fsrs6.json).
@Suite("py-fsrs vectors")
struct VectorTests {
    @Test("the vectors were made with the defaults of SchedulerParameters")
    func defaultsAreThoseOfTheVectors() throws {
        let vectors = try loadVectors()
        #expect(vectors.generator == "py-fsrs 6.3.2")
        #expect(vectors.schedulerParameters == SchedulerParameters())
        #expect(SchedulerParameters.defaultWeights == vectors.parameters)
    }

    @Test("every review of every case matches py-fsrs")
    func everyReviewMatches() throws {
        let vectors = try loadVectors()
        #expect(vectors.cases.count >= 40)
        let result = vectors.check()
        #expect(result.reviews >= 100)
        #expect(
            result.differenceCount == 0,
            "\(result.differenceCount) cases differ from py-fsrs; first ones:\n\(result.differences.joined(separator: "\n"))"
        )
    }

    private func loadVectors() throws -> VectorFile {
        let url = SharedFiles.fsrsVectors
        try #require(
            FileManager.default.fileExists(atPath: url.path),
            "FSRS vectors missing at \(url.path): the shared folder must sit beside the checkout (or set MAEIL_SHARED)"
        )
        return try VectorFile.load(url)
    }
}

/// Differential test against py-fsrs itself on thousands of fresh random cases.
///
/// Runs when `MAEIL_FSRS_REFERENCE` names a file written by gen_vectors.py (see
/// scripts/fsrs-reference.sh). Without it the test is skipped locally, and fails when
/// `CI` is set (CI must run it).
@Suite("py-fsrs differential")
struct DifferentialTests {
    static let environment = ProcessInfo.processInfo.environment
    static let referencePath = environment["MAEIL_FSRS_REFERENCE"].flatMap { $0.isEmpty ? nil : $0 }
    static let inCI = environment["CI"].map { !$0.isEmpty } ?? false

    @Test(
        "generated cases: zero differences from py-fsrs",
        .enabled(
            if: referencePath != nil || inCI,
            "MAEIL_FSRS_REFERENCE is not set: run `export MAEIL_FSRS_REFERENCE=$(scripts/fsrs-reference.sh)` to compare with py-fsrs"
        )
    )
    func matchesPyFSRS() throws {
        guard let path = Self.referencePath else {
            Issue.record(
                "CI is set but MAEIL_FSRS_REFERENCE is not: CI must run the py-fsrs differential test (export MAEIL_FSRS_REFERENCE=$(scripts/fsrs-reference.sh))"
            )
            return
        }
        try #require(
            FileManager.default.fileExists(atPath: path),
            "MAEIL_FSRS_REFERENCE=\(path) does not exist")
        let vectors = try VectorFile.load(URL(fileURLWithPath: path))
        #expect(vectors.generator == "py-fsrs 6.3.2")
        #expect(!vectors.cases.isEmpty)
        let result = vectors.check()
        #expect(
            result.differenceCount == 0,
            "\(result.differenceCount) of \(vectors.cases.count) cases in \(path) differ from py-fsrs; first ones:\n\(result.differences.joined(separator: "\n"))"
        )
        print(
            "py-fsrs differential: \(vectors.cases.count) cases, \(result.reviews) reviews, \(result.differenceCount) differences"
        )
    }
}
