import Foundation

extension DefaultStringInterpolation {
    /// Texts the server writes (problem details, log values) name ids in the same lowercase form as
    /// its JSON; `"\(id)"` would otherwise use Foundation's uppercase `uuidString`.
    package mutating func appendInterpolation(_ id: UUID) {
        appendLiteral(id.uuidString.lowercased())
    }
}
