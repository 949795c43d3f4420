import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A couch's openHAB hub: where it is, whether it answers, and the Things it offers.
struct HubController {
    let hubs: HubService
    let provisioning: DeviceProvisioning

    func register(authenticated: any RoutesBuilder) {
        let home = authenticated.grouped("home")
        home.put("hub", ":couchId", use: configureHub)
        home.get("hub", ":couchId", use: hubStatus)
        home.get("things", ":couchId", use: things)
    }

    @Sendable func configureHub(_ request: Request) async throws -> HubStatusBody {
        let input = try request.body(HubInput.self)
        let couchId = try request.uuid("couchId")
        return HubStatusBody(
            try await spelling(["baseURL": "baseUrl"]) {
                try await hubs.configure(couchId: couchId, baseURL: input.baseUrl, apiToken: input.apiToken, by: request.principal)
            })
    }

    @Sendable func hubStatus(_ request: Request) async throws -> HubStatusBody {
        let couchId = try request.uuid("couchId")
        var body = HubStatusBody(try await hubs.status(couchId: couchId, by: request.principal))
        (body.cleanupPending, body.cleanupError) = try await provisioning.pendingCleanup(couchId: couchId)
        return body
    }

    @Sendable func things(_ request: Request) async throws -> [ThingBody] {
        try await hubs.things(couchId: request.uuid("couchId"), by: request.principal).map(ThingBody.init)
    }
}
