import SQLKit

/// The two databases Maeil runs on. Where their SQL differs (full-text search,
/// date arithmetic, maintenance), code switches on this, never on the driver's
/// name string.
enum DatabaseDialect: Sendable {
    case sqlite, postgres

    init(_ database: any SQLDatabase) {
        self = database.dialect.name == "postgresql" ? .postgres : .sqlite
    }
}

extension SQLDatabase {
    var maeilDialect: DatabaseDialect { DatabaseDialect(self) }
}
