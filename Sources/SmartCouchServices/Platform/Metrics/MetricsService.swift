import Crypto
import Foundation
import SmartCouchDomain

/// The server's figures in Prometheus' text format, for operators and for a scraper holding the
/// configured token; never for anyone else, since route and hub figures say how the business runs.
package struct MetricsService: Sendable {
    let auth: AuthService
    let users: UserService
    let token: String?
    let scrape: @Sendable () async -> String

    package init(auth: AuthService, users: UserService, token: String?, scrape: @escaping @Sendable () async -> String) {
        self.auth = auth
        self.users = users
        self.token = token
        self.scrape = scrape
    }

    package func text(bearer: String?) async throws -> String {
        guard let bearer else {
            throw AppError.unauthorized("metrics need the metrics token or an operator's access token: send Authorization: Bearer <token>")
        }
        if let token, Self.same(bearer, token) { return await scrape() }
        try await users.requireOperator(try await auth.authenticate(accessToken: bearer))
        return await scrape()
    }

    /// Compared by digest, so the time taken says nothing about how much of the token was right.
    private static func same(_ given: String, _ expected: String) -> Bool {
        SHA256.hash(data: Data(given.utf8)) == SHA256.hash(data: Data(expected.utf8))
    }
}
