import Foundation
import JWTKit
import SmartCouchDomain
import SmartCouchPersistence

/// Signs and checks the short-lived JWT access tokens.
package struct AccessTokens: Sendable {
    let keys: JWTKeyCollection
    let lifetime: TimeInterval

    package init(keys: JWTKeyCollection, lifetime: TimeInterval) {
        self.keys = keys
        self.lifetime = lifetime
    }

    package static func make(secret: String, lifetime: TimeInterval) async -> AccessTokens {
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
        return AccessTokens(keys: keys, lifetime: lifetime)
    }

    /// How far apart two servers' clocks may be: a token is used up to this long after it
    /// expires, and refused when it claims to be from further in the future than this.
    static let clockSkew: TimeInterval = 30

    struct Claims: JWTPayload {
        var sub: SubjectClaim
        var exp: ExpirationClaim
        var iat: IssuedAtClaim
        /// Never issued here; honoured when present.
        var nbf: NotBeforeClaim?
        /// The session (refresh-token family) the token belongs to.
        var sid: UUID
        /// Unix time of the login that started the session.
        var authTime: Int

        package init(sub: SubjectClaim, exp: ExpirationClaim, iat: IssuedAtClaim, nbf: NotBeforeClaim? = nil, sid: UUID, authTime: Int) {
            self.sub = sub
            self.exp = exp
            self.iat = iat
            self.nbf = nbf
            self.sid = sid
            self.authTime = authTime
        }

        enum CodingKeys: String, CodingKey {
            case sub, exp, iat, nbf, sid
            case authTime = "auth_time"
        }

        /// Times are checked by `AccessTokens.verify` against the service's clock, not here
        /// against the wall clock.
        func verify(using algorithm: some JWTAlgorithm) throws {}
    }

    package func issue(for principal: Principal, now: Date) async throws -> String {
        try await keys.sign(
            Claims(
                sub: .init(value: "\(principal.userId)"),
                exp: .init(value: now.addingTimeInterval(lifetime)),
                iat: .init(value: now),
                sid: principal.sessionId,
                authTime: Int(principal.authenticatedAt.timeIntervalSince1970)))
    }

    package func verify(_ token: String, now: Date) async throws -> Principal {
        let claims: Claims
        do {
            claims = try await keys.verify(token, as: Claims.self)
        } catch {
            throw AppError.unauthorized("the access token is not valid")
        }
        guard claims.exp.value > now.addingTimeInterval(-Self.clockSkew) else {
            throw AppError.unauthorized("the access token has expired; refresh it or log in again")
        }
        let latest = now.addingTimeInterval(Self.clockSkew)
        let authenticatedAt = Date(timeIntervalSince1970: TimeInterval(claims.authTime))
        guard claims.iat.value <= latest, (claims.nbf?.value ?? now) <= latest, authenticatedAt <= latest else {
            throw AppError.unauthorized("the access token is not valid yet")
        }
        guard let userId = UUID(uuidString: claims.sub.value) else {
            throw AppError.unauthorized("the access token is not valid")
        }
        return Principal(userId: userId, sessionId: claims.sid, authenticatedAt: authenticatedAt, expiresAt: claims.exp.value)
    }
}
