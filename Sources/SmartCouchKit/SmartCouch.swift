public import Foundation
public import OpenAPIRuntime

/// A SmartCouch server as an app talks to it: every operation of the contract through `client`,
/// with the session's tokens sent and renewed for the app, an `Idempotency-Key` on every booking,
/// and a problem the server answers thrown as a ``Problem``.
///
/// ```swift
/// let couch = SmartCouch(serverURL: URL(string: "https://api.smartcouch.example")!)
/// try await couch.signIn(email: "guest@example.com", password: "correct horse battery")
/// let booking = try await couch { try await $0.createReservation(body: .json(.init(
///     couchId: id, checkIn: "2027-03-01", checkOut: "2027-03-04", guests: 2))).created.body.json }
/// ```
public struct SmartCouch: Sendable {
    /// Every operation, signed in as ``session``. Its errors wrap a ``Problem`` or a
    /// ``SessionError`` in `ClientError`; ``callAsFunction(_:)`` unwraps them.
    public let client: Client
    public let session: Session

    /// - Parameters:
    ///   - tokens: A session the app kept from an earlier launch (see ``Session/Tokens``).
    ///   - tokensChanged: Called with every new pair of tokens, and with nil when the session
    ///     ends, so that the app can keep them (in the Keychain, say).
    public init(
        serverURL: URL, transport: any ClientTransport, tokens: Session.Tokens? = nil,
        tokensChanged: @escaping @Sendable (Session.Tokens?) -> Void = { _ in }
    ) {
        let bare = Client(serverURL: serverURL, configuration: .smartCouch, transport: transport, middlewares: [Problems()])
        session = Session(tokens: tokens, renewingWith: bare, tokensChanged: tokensChanged)
        client = Client(
            serverURL: serverURL, configuration: .smartCouch, transport: transport,
            middlewares: [IdempotencyKeys(), Problems(), Authentication(session: session)])
    }

    /// Runs `operation` and throws what went wrong as the server or the session said it: a
    /// ``Problem`` or a ``SessionError`` rather than the `ClientError` that carries it.
    public func callAsFunction<Result>(_ operation: (Client) async throws -> Result) async throws -> Result {
        do {
            return try await operation(client)
        } catch let error as ClientError where error.underlyingError is Problem || error.underlyingError is SessionError {
            throw error.underlyingError
        }
    }

    /// Makes an account and signs in with it.
    @discardableResult
    public func register(email: String, password: String, name: String) async throws -> Components.Schemas.User {
        let answer = try await self { try await $0.register(body: .json(.init(email: email, password: password, name: name))).created.body.json }
        await session.begin(answer)
        return answer.user
    }

    @discardableResult
    public func signIn(email: String, password: String) async throws -> Components.Schemas.User {
        let answer = try await self { try await $0.login(body: .json(.init(email: email, password: password))).ok.body.json }
        await session.begin(answer)
        return answer.user
    }

    /// Revokes this session on the server (or every session of the user) and forgets its tokens,
    /// here even when the server could not be told (the error says so).
    public func signOut(everywhere: Bool = false) async throws {
        do {
            _ = try await self { try await $0.logout(query: .init(all: everywhere)).noContent }
            await session.end()
        } catch SessionError.revoked {
            // Already ended on the server.
        } catch {
            await session.end()
            throw error
        }
    }
}

extension Configuration {
    /// Instants as the server writes them, with or without fractions of a second.
    static let smartCouch = Configuration(dateTranscoder: Instants())
}
