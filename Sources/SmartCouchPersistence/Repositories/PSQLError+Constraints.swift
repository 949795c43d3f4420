import PostgresNIO
import SmartCouchDomain

extension PSQLError {
    var sqlState: String? { serverInfo?[.sqlState] }
    var constraintName: String? { serverInfo?[.constraintName] }

    var isUniqueViolation: Bool { sqlState == "23505" }
    var isExclusionViolation: Bool { sqlState == "23P01" }
    var isForeignKeyViolation: Bool { sqlState == "23503" }
}
