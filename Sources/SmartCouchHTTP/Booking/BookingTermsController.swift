import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A couch's stay rules and prices, and what a stay there would cost: public to read, so that a
/// guest can plan; set by the owner.
struct BookingTermsController {
    let terms: BookingTermsService
    let reservations: ReservationService
    let auth: AuthService

    func register(routes: any RoutesBuilder, authenticated: any RoutesBuilder) {
        let couch = routes.grouped("couches", ":id")
        couch.get("rules", use: rules)
        couch.get("prices", use: prices)
        couch.get("quote", use: quote)
        let owned = authenticated.grouped("couches", ":id")
        owned.put("rules", use: setRules)
        owned.put("prices", use: setPrices)
    }

    @Sendable func rules(_ request: Request) async throws -> StayRulesBody {
        StayRulesBody(try await terms.terms(couchId: request.uuid("id", as: "couch id")).rules)
    }

    @Sendable func setRules(_ request: Request) async throws -> StayRulesBody {
        let input = try request.body(StayRulesBody.self)
        return StayRulesBody(try await terms.setRules(input.rules, couchId: request.uuid("id", as: "couch id"), by: request.principal))
    }

    @Sendable func prices(_ request: Request) async throws -> PriceListBody {
        let couchTerms = try await terms.terms(couchId: request.uuid("id", as: "couch id"))
        return PriceListBody(couchTerms.prices, currency: couchTerms.currency)
    }

    @Sendable func setPrices(_ request: Request) async throws -> PriceListBody {
        let id = try request.uuid("id", as: "couch id")
        let input = try request.body(PriceListBody.self)
        let prices = try await terms.setPrices(try input.prices, couchId: id, by: request.principal)
        return PriceListBody(prices, currency: try await terms.terms(couchId: id).currency)
    }

    /// Anyone may ask; with an access token the answer also says whether the caller may book it
    /// (an owner cannot book their own couch).
    @Sendable func quote(_ request: Request) async throws -> QuoteBody {
        var caller: Principal?
        if let bearer = request.headers.bearerAuthorization { caller = try await auth.authenticate(accessToken: bearer.token) }
        let guests = try request.query[String.self, at: "guests"].map { text in
            guard let guests = Int(text) else { throw AppError.invalid("guests", "must be a whole number") }
            return guests
        }
        let quote = try await reservations.quote(
            couchId: request.uuid("id", as: "couch id"), checkIn: request.query[String.self, at: "checkIn"],
            checkOut: request.query[String.self, at: "checkOut"], guests: guests, by: caller)
        return QuoteBody(quote)
    }
}
