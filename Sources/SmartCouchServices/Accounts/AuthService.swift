import Crypto
import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Registration, login, token refresh and logout.
package struct AuthService: Sendable {
    let users: UserRepository
    let operators: Operators
    let sessions: SessionRepository
    let failures: LoginFailureRepository
    package let passwords: PasswordHasher
    let accessTokens: AccessTokens
    let throttle: LoginThrottle
    let refreshLifetime: TimeInterval
    let now: @Sendable () -> Date

    package init(
        users: UserRepository, operators: Operators, sessions: SessionRepository, failures: LoginFailureRepository, passwords: PasswordHasher,
        accessTokens: AccessTokens, throttle: LoginThrottle, refreshLifetime: TimeInterval, now: @escaping @Sendable () -> Date
    ) {
        self.users = users
        self.operators = operators
        self.sessions = sessions
        self.failures = failures
        self.passwords = passwords
        self.accessTokens = accessTokens
        self.throttle = throttle
        self.refreshLifetime = refreshLifetime
        self.now = now
    }

    package struct Registration: Sendable {
        package var email: String
        package var password: String
        package var name: String
        package var externalId: String?

        package init(email: String, password: String, name: String, externalId: String? = nil) {
            self.email = email
            self.password = password
            self.name = name
            self.externalId = externalId
        }
    }

    package func register(_ registration: Registration) async throws -> (User, TokenPair) {
        let user = try await createUser(registration)
        return (operators.recognize(user), try await startSession(for: user))
    }

    package func createUser(_ registration: Registration) async throws -> User {
        let email = registration.email.trimmingCharacters(in: .whitespaces)
        let name = registration.name.trimmingCharacters(in: .whitespaces)
        var validation = Validation()
        validation.check(Self.looksLikeEmail(email), "email", "must be an email address")
        if let refusal = PasswordPolicy.refusal(of: registration.password, email: email) {
            validation.fail("password", refusal)
        }
        validation.checkLength(name, "name", in: 1...100, trimmed: true)
        validation.checkOneLine(name, "name")
        if let externalId = registration.externalId {
            validation.checkLength(externalId, "externalId", in: 1...128)
        }
        try validation.finish()

        let hash = try await passwords.hash(registration.password)
        switch try await users.create(email: email, name: name, passwordHash: hash, externalId: registration.externalId) {
        case .created(let user): return operators.recognize(user)
        case .emailTaken: throw AppError.conflict("an account with this email already exists")
        case .externalIdTaken: throw AppError.conflict("an account with this externalId already exists")
        }
    }

    package func login(email: String, password: String, address: String) async throws -> (User, TokenPair) {
        let key = email.trimmingCharacters(in: .whitespaces).lowercased()
        let now = now()
        if let until = try await failures.blockedUntil(
            email: key, address: address, limits: (email: throttle.maxFailuresPerEmail, address: throttle.maxFailures), window: throttle.window,
            now: now)
        {
            let wait = max(1, Int(until.timeIntervalSince(now).rounded(.up)))
            throw AppError(.tooManyRequests, "too many failed logins; try again in \(wait) seconds", retryAfter: wait)
        }
        guard let (user, hash) = try await users.credentials(email: key) else {
            try await passwords.spendVerification(of: password)
            try await failures.record(email: key, address: address, at: now)
            throw AppError.unauthorized("wrong email or password")
        }
        guard try await passwords.verify(password, hash) else {
            try await failures.record(email: key, address: address, at: now)
            throw AppError.unauthorized("wrong email or password")
        }
        try await failures.clear(email: key, address: address, olderThan: now.addingTimeInterval(-throttle.window))
        return (user, try await startSession(for: user))
    }

    package func refresh(refreshToken: String) async throws -> (User, TokenPair) {
        let now = now()
        let newToken = Self.newRefreshToken()
        switch try await sessions.rotate(
            tokenHash: Self.hash(refreshToken), newTokenHash: Self.hash(newToken),
            now: now, expiresAt: now.addingTimeInterval(refreshLifetime))
        {
        case .rotated(let session):
            guard let user = try await users.find(id: session.userId) else {
                throw AppError.unauthorized("the refresh token is not valid")
            }
            let principal = Principal(userId: user.id, sessionId: session.familyId, authenticatedAt: session.authenticatedAt)
            return (operators.recognize(user), try await pair(for: principal, refreshToken: newToken, now: now))
        case .reused:
            throw AppError.unauthorized("this refresh token was already used; the session has been revoked, log in again")
        case .invalid:
            throw AppError.unauthorized("the refresh token is not valid or has expired")
        }
    }

    package func logout(_ principal: Principal, everywhere: Bool) async throws {
        if everywhere {
            try await sessions.revokeAll(userId: principal.userId, now: now())
        } else {
            try await sessions.revokeFamily(principal.sessionId, userId: principal.userId, now: now())
        }
    }

    package func authenticate(accessToken: String) async throws -> Principal {
        try await accessTokens.verify(accessToken, now: now())
    }

    private func startSession(for user: User) async throws -> TokenPair {
        let now = now()
        let token = Self.newRefreshToken()
        let session = try await sessions.create(
            familyId: UUID(), userId: user.id, tokenHash: Self.hash(token),
            authenticatedAt: now, expiresAt: now.addingTimeInterval(refreshLifetime))
        let principal = Principal(userId: user.id, sessionId: session.familyId, authenticatedAt: now)
        return try await pair(for: principal, refreshToken: token, now: now)
    }

    private func pair(for principal: Principal, refreshToken: String, now: Date) async throws -> TokenPair {
        TokenPair(
            accessToken: try await accessTokens.issue(for: principal, now: now),
            refreshToken: refreshToken,
            expiresIn: Int(accessTokens.lifetime))
    }

    static func newRefreshToken() -> String {
        SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }.base64URLEncodedString
    }

    static func hash(_ token: String) -> Data { Data(SHA256.hash(data: Data(token.utf8))) }

    static func looksLikeEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        return (3...254).contains(email.unicodeScalars.count) && parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".") && !email.contains(where: \.isWhitespace)
    }
}
