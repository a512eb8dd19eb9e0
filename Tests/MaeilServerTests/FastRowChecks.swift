import Foundation
import SQLKit
import Testing

@testable import MaeilServer

/// What both fast row readers (SQLite's inline reads, PostgreSQL's rows
/// through PostgresNIO) must give for one row of their test's `probe` table
/// (`id`, `name` "사과 🍎", `nickname` NULL, `n` 42, `flag` true, `x` 2.5, `at`
/// a date, `seen` NULL), against the driver's own row of it.
func expectReadsAsTheDriver(
    _ fast: any SQLRow, _ driver: any SQLRow, id: UUID,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    func check(_ condition: Bool, _ what: String) {
        #expect(condition, Comment(rawValue: what), sourceLocation: sourceLocation)
    }
    check(try fast.decode(column: "id", as: UUID.self) == id, "id")
    check(try fast.decode(column: "id", as: StoredUUID.self).value == id, "id stored")
    check(try fast.decode(column: "id", as: UUID?.self) == id, "optional id")
    check(try fast.decode(column: "name", as: String.self) == "사과 🍎", "text")
    check(try fast.decode(column: "name", as: String?.self) == "사과 🍎", "optional text")
    check(try fast.decode(column: "nickname", as: String?.self) == nil, "NULL text")
    check(try fast.decodeNil(column: "nickname"), "NULL")
    check(try fast.decode(column: "n", as: Int.self) == 42, "integer")
    check(try fast.decode(column: "n", as: Int?.self) == 42, "optional integer")
    check(try fast.decode(column: "flag", as: Bool.self), "flag")
    check(try fast.decode(column: "x", as: Double.self) == 2.5, "double")
    check(try fast.decode(column: "x", as: Double?.self) == 2.5, "optional double")
    check(try fast.decode(column: "seen", as: Date?.self) == nil, "NULL date")
    for column in ["at", "seen"] {
        check(
            try fast.decode(column: column, as: Date?.self)
                == driver.decode(column: column, as: Date?.self), "optional date \(column)")
    }
    check(
        try fast.decode(column: "at", as: Date.self) == driver.decode(column: "at", as: Date.self),
        "date")
    check(fast.allColumns == driver.allColumns, "columns")
    check(!fast.contains(column: "missing"), "no such column")
    #expect(throws: (any Error).self, sourceLocation: sourceLocation) {
        try fast.decode(column: "missing", as: String.self)
    }
    #expect(throws: (any Error).self, sourceLocation: sourceLocation) {
        try fast.decode(column: "name", as: Int.self)
    }
}
