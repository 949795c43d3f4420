import Foundation

extension Decimal {
    /// A `numeric` as PostgreSQL writes it as text, for arrays of them (PostgresNIO decodes no
    /// `numeric[]`).
    init(numericText text: some StringProtocol) throws(UnknownStoredValue) {
        guard let amount = Decimal(string: String(text), locale: Locale(identifier: "en_US_POSIX")) else {
            throw UnknownStoredValue("an amount", text)
        }
        self = amount
    }
}
