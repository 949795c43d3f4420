import OpenAPIRuntime

/// Why a call could not be made for the session.
public enum SessionError: Error, Sendable, Equatable {
    /// Nobody is signed in, or the user signed out (or another signed in) while the call waited.
    case signedOut
    /// The server ended the session (signed out everywhere, or its refresh token was used twice,
    /// as a stolen copy would be): sign in again.
    case revoked(Problem)
}

/// The tokens of one signed-in user, renewed for the app: when the server refuses an access token,
/// its refresh token is exchanged once for a new pair (each refresh token works once, so two
/// exchanges at a time would revoke the session), and every call refused meanwhile waits for it.
/// Each sign-in and sign-out starts a new generation: a call begun under one never goes out with
/// another's token.
public actor Session {
    public struct Tokens: Sendable, Codable, Equatable {
        public var accessToken: String
        public var refreshToken: String

        public init(accessToken: String, refreshToken: String) {
            self.accessToken = accessToken
            self.refreshToken = refreshToken
        }
    }

    public private(set) var tokens: Tokens?
    private var generation = 0
    private var renewal: (refreshToken: String, exchange: Task<Tokens, any Error>)?
    private let renewer: Client
    private let tokensChanged: @Sendable (Tokens?) -> Void

    init(tokens: Tokens?, renewingWith renewer: Client, tokensChanged: @escaping @Sendable (Tokens?) -> Void) {
        self.tokens = tokens
        self.renewer = renewer
        self.tokensChanged = tokensChanged
    }

    func begin(_ session: Components.Schemas.Session) {
        generation += 1
        change(to: Tokens(accessToken: session.accessToken, refreshToken: session.refreshToken))
    }

    func end() {
        generation += 1
        change(to: nil)
    }

    /// The access token to send, and the generation it belongs to.
    func current() -> (String, Int)? {
        tokens.map { ($0.accessToken, generation) }
    }

    /// An access token to use after the server refused `refused`: the current one if it was
    /// renewed meanwhile, else the one the single exchange in flight brings.
    func renewed(after refused: String, generation asked: Int) async throws -> String {
        guard asked == generation, let tokens else { throw SessionError.signedOut }
        guard tokens.accessToken == refused else { return tokens.accessToken }
        if let renewal, renewal.refreshToken == tokens.refreshToken {
            let fresh = try await renewal.exchange.value
            guard asked == generation else { throw SessionError.signedOut }
            return fresh.accessToken
        }
        let exchange = Task { [renewer, refreshToken = tokens.refreshToken] in
            try await Self.exchange(refreshToken, with: renewer)
        }
        renewal = (tokens.refreshToken, exchange)
        defer { if renewal?.exchange == exchange { renewal = nil } }
        do {
            let fresh = try await exchange.value
            guard asked == generation else { throw SessionError.signedOut }
            change(to: fresh)
            return fresh.accessToken
        } catch SessionError.revoked(let problem) {
            if asked == generation { end() }
            throw SessionError.revoked(problem)
        }
    }

    private func change(to tokens: Tokens?) {
        self.tokens = tokens
        tokensChanged(tokens)
    }

    private static func exchange(_ refreshToken: String, with client: Client) async throws -> Tokens {
        do {
            let session = try await client.refresh(body: .json(.init(refreshToken: refreshToken))).ok.body.json
            return Tokens(accessToken: session.accessToken, refreshToken: session.refreshToken)
        } catch let error as ClientError {
            if let problem = error.underlyingError as? Problem, problem.status == 401 { throw SessionError.revoked(problem) }
            throw error
        }
    }
}
