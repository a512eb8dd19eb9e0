import Foundation
import SQLKit
import Testing
import VocabCore

@testable import MaeilServer

/// On PostgreSQL an import's words go in with `COPY` (`PostgresBulkCopy`):
/// a copied row must store exactly what the same values bound store.
@Suite("PostgreSQL's bulk copy")
struct PostgresBulkCopyTests {
    @Test func copiedRowsStoreWhatBoundRowsStore() async throws {
        try await withMaeilApp { app in
            let sql = try app.db.sql()
            guard sql.maeilDialect == .postgres else { return }
            try await sql.run([
                """
                CREATE TABLE copy_probe (id UUID, label TEXT, flag BOOLEAN, n BIGINT,
                  at TIMESTAMPTZ, day TEXT, copied BOOLEAN)
                """
            ])
            let texts = [
                "tab\there", "line\nbreak", "crlf\r\nend", #"back\slash\\n"#, "사과 🍎, 能金",
                #"\N"#, "", " trailing space ",
            ]
            let times = [
                WordStore.rowTime(Date(timeIntervalSince1970: 1_795_479_837.923_94), 7),
                Date(timeIntervalSince1970: 946_684_799.999_999_9),  // just before 2000
                Date(timeIntervalSince1970: 0.000_000_4),
                Date(timeIntervalSince1970: -86_400.25),
                Date(timeIntervalSince1970: 4_102_444_800.5),
            ]
            var cases: [[any Encodable & Sendable]] = []
            for (index, text) in texts.enumerated() {
                let at = times[index % times.count]
                cases.append([
                    UUID(), text, index % 2 == 0, Int64(index) * 1_000_000_007 - 3,
                    at, CivilDay(ordinal: 20_000 + index),
                ])
            }
            var copied = PostgresBulkCopy.Rows()
            for values in cases {
                try await sql.raw(
                    """
                    INSERT INTO copy_probe VALUES (\(bind: values[0] as! UUID), \(bind: values[1] as! String),
                      \(bind: values[2] as! Bool), \(bind: values[3] as! Int64), \(bind: values[4] as! Date),
                      \(bind: values[5] as! CivilDay), false)
                    """
                ).run()
                try copied.append(values + [true])
            }
            let rowsToCopy = copied
            try await app.db.transaction { tx in
                try await PostgresBulkCopy.run(
                    on: tx, into: "copy_probe",
                    columns: ["id", "label", "flag", "n", "at", "day", "copied"], rows: rowsToCopy)
            }
            let rows = try await sql.raw(
                """
                SELECT b.id FROM copy_probe b JOIN copy_probe c ON c.id = b.id AND c.copied
                WHERE NOT b.copied AND b.label = c.label AND b.flag = c.flag AND b.n = c.n
                  AND b.at = c.at AND b.day = c.day
                """
            ).all()
            #expect(rows.count == cases.count, "every copied row equals its bound one")
            let labels = try await sql.raw(
                "SELECT label FROM copy_probe WHERE copied ORDER BY n"
            ).all().map { try $0.decode(column: "label", as: String.self) }
            #expect(labels == texts)
        }
    }

    @Test func aValueOfAnotherTypeIsRefusedAndLeavesNothing() {
        var rows = PostgresBulkCopy.Rows()
        try? rows.append(["first", true])
        #expect(throws: PostgresBulkCopy.UnsupportedValue.self) {
            try rows.append(["fine", 2.5])
        }
        #expect(
            String(decoding: rows.text, as: UTF8.self) == "first\tt\n", "nothing of the refused row"
        )
    }
}
