import Crypto
import Foundation
import SmartCouchDomain

/// A browser's session (the host's console): a session like an app's, started by the same login
/// with its throttle, ending when an app's would and revoked by the same logouts. The browser
/// keeps the session's token in a cookie and sends it with every request; it never sees an
/// access token.
extension AuthService {
    package struct BrowserSession: Sendable {
        package var user: User
        package var token: String
        package var expiresAt: Date
    }

    package func signIn(email: String, password: String, address: String) async throws -> BrowserSession {
        let (user, tokens) = try await login(email: email, password: password, address: address)
        return BrowserSession(user: user, token: tokens.refreshToken, expiresAt: now().addingTimeInterval(refreshLifetime))
    }

    /// Who holds `token`: its session must be live, neither expired, revoked nor rotated (a
    /// rotated token is reuse, and revokes its session as a refresh with it would).
    package func browserSession(token: String) async throws -> Principal {
        switch try await sessions.current(tokenHash: Self.hash(token), now: now()) {
        case .live(let session):
            return Principal(userId: session.userId, sessionId: session.familyId, authenticatedAt: session.authenticatedAt)
        case .reused:
            throw AppError.unauthorized("this session was ended because its token was used after it was replaced; sign in again")
        case .invalid:
            throw AppError.unauthorized("the session has ended; sign in again")
        }
    }

    /// A key only the holder of the session's token can know, for what must come from its own
    /// pages (a form's anti-forgery token): derived, so nothing more is stored.
    package static func browserKey(_ purpose: String, token: String) -> String {
        let key = SymmetricKey(data: hash(token))
        return Data(HMAC<SHA256>.authenticationCode(for: Data(purpose.utf8), using: key)).base64URLEncodedString
    }
}
