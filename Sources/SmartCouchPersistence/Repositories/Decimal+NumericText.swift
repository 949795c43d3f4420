import Foundation

extension Decimal {
    /// A `numeric` as PostgreSQL writes it as text, for arrays of them (PostgresNIO decodes no
    /// `numeric[]`).
    init(numericText text: some StringProtocol) {
        guard let amount = Decimal(string: String(text), locale: Locale(identifier: "en_US_POSIX")) else {
            preconditionFailure("a numeric reads as a decimal: \(text)")
        }
        self = amount
    }
}
