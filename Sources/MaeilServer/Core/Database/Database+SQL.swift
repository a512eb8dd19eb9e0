import Fluent
import SQLKit

extension Database {
    /// The SQLKit view of a Fluent database; both our drivers provide one.
    func sql() throws -> any SQLDatabase {
        guard let sql = self as? any SQLDatabase else {
            throw DatabaseSetupError.notSQL
        }
        return sql
    }
}

enum DatabaseSetupError: Error, CustomStringConvertible {
    case notSQL
    case badURL(String)
    case badSignupPolicy
    var description: String {
        switch self {
        case .notSQL: "the configured database does not speak SQL"
        case .badURL(let url): "DATABASE_URL is not a postgres:// or sqlite:// URL: \(url)"
        case .badSignupPolicy: "MAEIL_SIGNUP must be open, closed or invite"
        }
    }
}

extension SQLDatabase {
    /// Runs each statement in turn (a migration's triggers, tables and indexes).
    func run(_ statements: [String]) async throws {
        for statement in statements {
            try await raw(SQLQueryString(statement)).run()
        }
    }
}
