import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// A couch's stay rules and prices: anyone may read them (a guest plans with them); only the
/// owner sets them.
package struct BookingTermsService: Sendable {
    let terms: BookingTermsRepository
    let couches: CouchService
    let now: @Sendable () -> Date

    package init(terms: BookingTermsRepository, couches: CouchService, now: @escaping @Sendable () -> Date) {
        self.terms = terms
        self.couches = couches
        self.now = now
    }

    package func terms(couchId: UUID) async throws -> BookingTerms {
        guard let terms = try await terms.terms(couchId: couchId) else { throw AppError.notFound("no couch with id \(couchId)") }
        return terms
    }

    package func setRules(_ rules: StayRules, couchId: UUID, by principal: Principal) async throws -> StayRules {
        let couch = try await couches.owned(couchId, by: principal)
        var validation = Validation()
        rules.validate(into: &validation)
        try validation.finish()
        let today = CalendarDate.today(atCouchIn: couch.details.timeZone, now: now())
        guard try await terms.setRules(rules, couchId: couchId, today: today) else { throw AppError.notFound("no couch with id \(couchId)") }
        return try await self.terms(couchId: couchId).rules
    }

    package func setPrices(_ prices: PriceList, couchId: UUID, by principal: Principal) async throws -> PriceList {
        _ = try await couches.owned(couchId, by: principal)
        var validation = Validation()
        prices.validate(into: &validation)
        try validation.finish()
        guard try await terms.setPrices(prices, couchId: couchId) else { throw AppError.notFound("no couch with id \(couchId)") }
        return try await self.terms(couchId: couchId).prices
    }
}
