import Foundation
import SQLKit
import Testing
import Vapor

@testable import MaeilServer

/// Several app processes on one database run each periodic job once per slot.
@Suite("Scheduled runs across processes")
struct ScheduledRunsTests {
    /// Two apps on one database, eight takers of one slot at once: one wins;
    /// the next slot is free again.
    @Test func oneTakerPerSlot() async throws {
        let settings = freshSettings()
        try await withMaeilApp(settings: settings) { first in
            try await withMaeilApp(settings: settings, dropAfter: false) { second in
                let databases = [try first.db.sql(), try second.db.sql()]
                let taken = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for n in 0..<8 {
                        group.addTask {
                            try await ScheduledRuns.take("job", slot: 7, on: databases[n % 2])
                        }
                    }
                    return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
                }
                #expect(taken == 1)
                #expect(try await ScheduledRuns.take("job", slot: 8, on: databases[1]))
                #expect(try await ScheduledRuns.take("other job", slot: 7, on: databases[0]))
            }
        }
    }
}
