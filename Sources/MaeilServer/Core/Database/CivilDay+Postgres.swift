import NIOCore
import PostgresNIO
import VocabCore

/// A day binds as its text ("2026-11-22"), as PostgresKit bound its Codable
/// form. Bound by PostgresNIO itself, a statement with a day stays on
/// `PostgresRowsDatabase`'s path and may be kept prepared; through
/// PostgresKit each was parsed and planned anew (today's answers and
/// extras, on every review queue).
extension CivilDay: PostgresNonThrowingEncodable {
    public static var psqlType: PostgresDataType { .text }
    public static var psqlFormat: PostgresFormat { .binary }

    public func encode<JSONEncoder: PostgresJSONEncoder>(
        into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
    ) {
        byteBuffer.writeString(description)
    }
}
