import AsyncHTTPClient
import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import SmartCouchKit
import Synchronization
import TestSupport
import Testing

/// SmartCouchKit as an app uses it, against a real server over real HTTP: a session renewed once
/// however many calls need it, a revoked session as a typed error, a key on every booking, problems
/// with their field, and events once each, in order, across a dropped stream.
@Suite struct SmartCouchKitTests {
    @Test func callsRefusedAnExpiredTokenRenewItOnceAndGoThrough() async throws {
        try await TestServer.with { server in
            let network = Network()
            let kept = Kept()
            let app = try server.app(over: network) { tokens in kept.set(tokens) }
            try await app.register(email: "kit+\(UUID())@example.com", password: "correct horse battery", name: "Kit")
            let first = try #require(kept.tokens)
            server.clock.advance(by: 16 * 60)
            let names = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 { group.addTask { try await app { try await $0.getMe().ok.body.json.name } } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // Each refresh token works once: a second exchange would have revoked the session.
            #expect(names == Array(repeating: "Kit", count: 8))
            #expect(await network.sent("/auth/refresh").count == 1)
            #expect(kept.tokens != nil && kept.tokens != first, "the app was handed the new pair to keep")
        }
    }

    @Test func aSessionRevokedElsewhereIsATypedErrorAndForgotten() async throws {
        try await TestServer.with { server in
            let kept = Kept()
            let app = try server.app(over: Network()) { tokens in kept.set(tokens) }
            try await app.register(email: "kit+\(UUID())@example.com", password: "correct horse battery", name: "Kit")
            // A stolen copy of the refresh token is used first: the server revokes the session
            // when the app presents it too.
            let stolen = try #require(await app.session.tokens?.refreshToken)
            try await server.send(.POST, "/auth/refresh", json: ["refreshToken": stolen]).expect(.ok)
            server.clock.advance(by: 16 * 60)
            do {
                _ = try await app { try await $0.getMe().ok }
                Issue.record("a call went through on a revoked session")
            } catch SessionError.revoked(let problem) {
                #expect(problem.status == 401, "\(problem)")
            }
            #expect(await app.session.tokens == nil)
            #expect(kept.changes.last == .some(nil), "the app was told to forget the tokens")
            await #expect(throws: SessionError.signedOut, "signed out now: nothing is sent") { try await app { try await $0.getMe().ok } }
        }
    }

    @Test func everyBookingCarriesAKeySoThatARetryBooksOnce() async throws {
        try await TestServer.with { server in
            let network = Network()
            let (couch, app) = try await server.couchAndGuest(over: network)
            let booking = try await app {
                try await $0.createReservation(body: .json(.init(couchId: couch, checkIn: server.date(3), checkOut: server.date(5), guests: 2)))
                    .created.body.json
            }
            let key = try #require(await network.sent("/reservations").last?.headerFields[HTTPField.Name("Idempotency-Key")!])
            let again = try await app {
                try await $0.createReservation(
                    headers: .init(idempotencyKey: key),
                    body: .json(.init(couchId: couch, checkIn: server.date(3), checkOut: server.date(5), guests: 2))
                ).created.body.json
            }
            #expect(again.id == booking.id, "the retry was answered with the first booking")
            #expect(try await server.count("reservations") == 1)
        }
    }

    @Test func problemsAreTypedErrorsNamingTheirField() async throws {
        try await TestServer.with { server in
            let (couch, app) = try await server.couchAndGuest(over: Network())
            do {
                _ = try await app {
                    try await $0.createReservation(body: .json(.init(couchId: couch, checkIn: server.date(3), checkOut: server.date(5), guests: 0)))
                        .created
                }
                Issue.record("zero guests were booked")
            } catch let problem as Problem {
                #expect(problem.status == 422 && problem.kind == "validation-failed" && problem.field == "guests", "\(problem) \(problem.errors)")
            }
            _ = try await app {
                try await $0.createReservation(body: .json(.init(couchId: couch, checkIn: server.date(3), checkOut: server.date(5), guests: 1)))
                    .created
            }
            do {
                _ = try await app {
                    try await $0.createReservation(body: .json(.init(couchId: couch, checkIn: server.date(4), checkOut: server.date(6), guests: 1)))
                        .created
                }
                Issue.record("the same night was booked twice")
            } catch let problem as Problem {
                #expect(problem.status == 409, "\(problem)")
            }
        }
    }

    /// The host's stream drops when its access token expires; the refresh that its reconnection
    /// needs is held until another booking has committed, so that the stream must resume after
    /// the last event it delivered to see it: every booking arrives once, in order.
    @Test func theEventStreamResumesAfterADropWithEveryEventOnce() async throws {
        try await TestServer.with({ configuration in
            configuration.events.enabled = true
            configuration.events.keepAlive = .milliseconds(100)
        }) { server in
            let network = Network()
            let host = try server.app(over: network)
            try await host.register(email: "host+\(UUID())@example.com", password: "correct horse battery", name: "Host")
            let couch = try await host {
                try await $0.createCouch(body: .json(.init(name: "Loft", city: "Budapest", country: "HU", maxGuests: 2))).created.body.json.id
            }
            let guest = try server.app(over: Network())
            try await guest.register(email: "guest+\(UUID())@example.com", password: "correct horse battery", name: "Guest")
            func book(_ night: Int) async throws -> String {
                try await guest {
                    try await $0.createReservation(
                        body: .json(.init(couchId: couch, checkIn: server.date(night), checkOut: server.date(night + 1), guests: 1))
                    ).created.body.json.id
                }
            }
            let received = Received()
            // From the first event on: nothing is missed between subscribing and the first booking.
            let follower = Task { for try await event in host.events(types: [.reservation_created], after: "0") { await received.add(event) } }
            defer { follower.cancel() }
            var booked = [try await book(1), try await book(2)]
            try await eventually("the first two bookings arrive") { await received.reservations.count == 2 }

            await network.hold("/auth/refresh")
            server.clock.advance(by: 16 * 60)
            try await eventually("the stream dropped and its reconnection waits for a fresh token") {
                await network.sent("/auth/refresh").count == 1
            }
            booked.append(try await book(3))
            await network.release()
            booked.append(try await book(4))
            try await eventually("the later bookings arrive") { await received.reservations.count >= 4 }
            #expect(await received.reservations == booked, "each once, in order")
            let ids = await received.ids.compactMap { UInt64($0) }
            #expect(ids == ids.sorted() && Set(ids).count == ids.count)
            #expect(await network.sent("/events").count == 3, "one reconnection: refused for its expired token, then sent with the fresh one")
        }
    }

    /// The token goes only where the contract asks for one, and a call that needs a session is not
    /// sent while none is signed in.
    @Test func theTokenGoesOnlyWhereTheContractTakesOne() async throws {
        let document = try await Contract.document()
        var open: Set<String> = []
        var optional: Set<String> = []
        for (_, item) in document.paths {
            for endpoint in try #require(item.b).endpoints {
                guard let id = endpoint.operation.operationId, let security = endpoint.operation.security else { continue }
                if security.isEmpty { open.insert(id) } else if security.contains(where: \.isEmpty) { optional.insert(id) }
            }
        }
        #expect(SmartCouch.operationsWithoutSession == open)
        #expect(SmartCouch.operationsWithOptionalSession == optional)

        try await TestServer.with { server in
            let network = Network()
            let app = try server.app(over: network)
            await #expect(throws: SessionError.signedOut) { try await app { try await $0.getMe().ok } }
            #expect(await network.sent("/users/me").isEmpty, "nothing was sent")
            try await app.register(email: "kit+\(UUID())@example.com", password: "correct horse battery", name: "Kit")
            _ = try await app { try await $0.health().ok }
            #expect(await network.sent("/health").last?.headerFields[.authorization] == nil)
            _ = try await app { try await $0.getMe().ok }
            #expect(await network.sent("/users/me").last?.headerFields[.authorization]?.hasPrefix("Bearer ") == true)
        }
    }

    /// A booking whose answer is lost on the way is sent again with its key and books once.
    @Test func aBookingWhoseAnswerIsLostIsResentWithItsKeyAndBooksOnce() async throws {
        try await TestServer.with { server in
            let network = Network()
            let (couch, app) = try await server.couchAndGuest(over: network)
            await network.loseAnswer(to: "/reservations")
            let booking = try await app {
                try await $0.createReservation(body: .json(.init(couchId: couch, checkIn: server.date(3), checkOut: server.date(5), guests: 2)))
                    .created.body.json
            }
            let sent = await network.sent("/reservations")
            #expect(sent.count == 2 && Set(sent.map { $0.headerFields[HTTPField.Name("Idempotency-Key")!] }).count == 1, "\(sent)")
            #expect(try await server.count("reservations") == 1)
            #expect(try await server.scalar("SELECT id::text FROM reservations") == booking.id)
        }
    }
}

extension TestServer {
    /// A host's couch, and a guest signed in through SmartCouchKit over `network`.
    func couchAndGuest(over network: Network) async throws -> (couch: String, guest: SmartCouch) {
        let host = try await register("Host")
        let couch = try await createCouch(by: host).uuidString.lowercased()
        let guest = try app(over: network)
        try await guest.register(email: "guest+\(UUID())@example.com", password: "correct horse battery", name: "Guest")
        return (couch, guest)
    }

    /// SmartCouchKit pointed at this server over `network`.
    func app(over network: Network, tokensChanged: @escaping @Sendable (Session.Tokens?) -> Void = { _ in }) throws -> SmartCouch {
        try SmartCouch(serverURL: #require(URL(string: baseURL)), transport: network.transport, tokensChanged: tokensChanged)
    }
}

/// The network between the kit and the server: AsyncHTTPClient, noting every request as it goes
/// out, and holding back requests to one path while the test asks it to (a slow link).
actor Network {
    private var requests: [HTTPRequest] = []
    private var held: String?
    private var losing: String?
    private var waiting: [CheckedContinuation<Void, Never>] = []

    nonisolated var transport: any ClientTransport { Link(network: self, inner: AsyncHTTPClientTransport()) }

    func sent(_ path: String) -> [HTTPRequest] {
        requests.filter { $0.path?.split(separator: "?").first.map(String.init) == path }
    }

    func hold(_ path: String) {
        held = path
    }

    /// The next request to `path` reaches the server, and its answer is lost on the way back.
    func loseAnswer(to path: String) {
        losing = path
    }

    func release() {
        held = nil
        waiting.forEach { $0.resume() }
        waiting = []
    }

    fileprivate func losesAnswer(to request: HTTPRequest) -> Bool {
        guard let losing, request.path == losing else { return false }
        self.losing = nil
        return true
    }

    fileprivate func pass(_ request: HTTPRequest) async {
        requests.append(request)
        guard let held, request.path == held else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    private struct Link: ClientTransport {
        let network: Network
        let inner: AsyncHTTPClientTransport

        func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
            await network.pass(request)
            let answer = try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
            if await network.losesAnswer(to: request) { throw LostAnswer() }
            return answer
        }
    }
}

/// What the app was told to keep.
final class Kept: Sendable {
    private let state = Mutex<[Session.Tokens?]>([])
    func set(_ tokens: Session.Tokens?) { state.withLock { $0.append(tokens) } }
    var changes: [Session.Tokens?] { state.withLock { $0 } }
    var tokens: Session.Tokens? { changes.last ?? nil }
}

actor Received {
    private(set) var ids: [String] = []
    private(set) var reservations: [String] = []

    func add(_ event: Components.Schemas.Event) {
        guard case .reservation_created(let created) = event else { return }
        ids.append(created.id)
        reservations.append(created.data.reservationId)
    }
}

/// The connection dropped after the server answered.
struct LostAnswer: Error {}
