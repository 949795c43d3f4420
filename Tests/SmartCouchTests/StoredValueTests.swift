import Foundation
import Testing

/// A value in the database that this version of the server does not know (a status a newer
/// migration added while this binary still runs) fails the request that reads it, not the server.
@Suite struct StoredValueTests {
    @Test func aReservationStatusThisVersionDoesNotKnowFailsOnlyTheRequestsThatReadIt() async throws {
        try await TestServer.with { server in
            let host = try await server.register("Host")
            let guest = try await server.register("Guest")
            let other = try await server.register("Other guest")
            let couch = try await server.createCouch(by: host)
            let stay = try await server.book(guest, couch, from: 3, to: 5)
            _ = try await server.book(other, couch, from: 10, to: 12)
            // What a later migration would do: widen the statuses and use a new one.
            _ = try await server.scalar("ALTER TABLE reservations DROP CONSTRAINT reservations_status_check")
            _ = try await server.scalar("UPDATE reservations SET status = 'on_hold' WHERE id = '\(stay.uuidString.lowercased())'")

            let failed = try await server.send(.GET, "/reservations/user/\(guest.id.uuidString.lowercased())", token: guest.accessToken)
            let problem = try failed.problem(.internalServerError)
            #expect(!failed.text.contains("on_hold"), "the answer names no stored value: \(problem)")
            // The server is still there, and answers what it can read.
            #expect(try await server.send(.GET, "/health").status == .ok)
            let others = try await server.send(.GET, "/reservations/user/\(other.id.uuidString.lowercased())", token: other.accessToken)
            #expect(others.status == .ok, "\(others.text)")
        }
    }
}
