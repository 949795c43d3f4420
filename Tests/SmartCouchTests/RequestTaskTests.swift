import Testing
import Vapor

/// A request's middleware and route run in one task (`RequestTask`): a route behind Vapor's own
/// `grouped(_:)` would start a task for each of its middleware again.
@Suite struct RequestTaskTests {
    @Test func everyRouteRunsInTheTaskOfItsRequest() async throws {
        try await TestServer.with { server in
            let apart = server.app.routes.all.filter { !($0.responder is any AsyncResponder) }.map { "\($0.method.rawValue) \($0.path.string)" }
            #expect(apart.isEmpty, "routes behind grouped(_:) instead of grouped(inline:): \(apart)")
        }
    }
}
