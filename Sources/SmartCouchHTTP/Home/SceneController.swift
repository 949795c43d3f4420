import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A couch's scenes: the host manages them; the host and guests in their window run them as far
/// as each may, and stay links' holders list theirs. A link's holder runs them through
/// `StayLinkController`, which answers the guest's page's buttons with the page.
struct SceneController {
    let scenes: SceneService

    /// `links`: the stay-link routes, which share one limit on guessing.
    func register(authenticated: any RoutesBuilder, links: any RoutesBuilder) {
        authenticated.post("couches", ":id", "scenes", use: create)
        authenticated.get("couches", ":id", "scenes", use: list)
        authenticated.patch("scenes", ":id", use: change)
        authenticated.delete("scenes", ":id", use: delete)
        authenticated.post("scenes", ":id", "run", use: run)
        links.get("stays", ":token", "scenes", use: linkedScenes)
    }

    @Sendable func create(_ request: Request) async throws -> Response {
        let input = try request.body(SceneInput.self)
        let scene = try await scenes.create(couchId: request.uuid("id", as: "couchId"), input.draft, by: request.principal)
        return try await SceneBody(scene).encodeResponse(status: .created, for: request)
    }

    @Sendable func list(_ request: Request) async throws -> ScenePage {
        let (listed, devices) = try await scenes.list(couchId: request.uuid("id", as: "couchId"), by: request.principal)
        return ScenePage(items: listed.map { SceneBody($0, devices: devices) })
    }

    @Sendable func change(_ request: Request) async throws -> SceneBody {
        let input = try request.body(SceneInput.self)
        return SceneBody(try await scenes.change(request.uuid("id", as: "sceneId"), input.draft, by: request.principal))
    }

    @Sendable func delete(_ request: Request) async throws -> HTTPStatus {
        try await scenes.delete(request.uuid("id", as: "sceneId"), by: request.principal)
        return .noContent
    }

    @Sendable func run(_ request: Request) async throws -> SceneRunBody {
        let id = try request.uuid("id", as: "sceneId")
        return SceneRunBody(sceneId: id, try await scenes.run(id, by: request.principal))
    }

    @Sendable func linkedScenes(_ request: Request) async throws -> ScenePage {
        let (listed, devices) = try await scenes.scenes(linkToken: request.parameters.get("token") ?? "")
        return ScenePage(items: listed.map { SceneBody($0, devices: devices) })
    }
}
