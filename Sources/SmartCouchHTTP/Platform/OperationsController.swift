import SmartCouchDomain
import SmartCouchServices
import Vapor

struct OperationsController {
    let readiness: ReadinessService
    let contract: String

    func register(routes: any RoutesBuilder) {
        routes.get("health", use: health)
        routes.get("ready", use: ready)
        routes.get("openapi.yaml", use: openAPI)
    }

    struct Status: Content {
        var status: String
    }

    @Sendable func health(_ request: Request) async throws -> Status {
        Status(status: "ok")
    }

    @Sendable func ready(_ request: Request) async throws -> Response {
        if let reason = await readiness.unreadyReason() {
            var problem = Problem(status: .serviceUnavailable, type: "/problems/not-ready", detail: reason)
            problem.headers.replaceOrAdd(name: .retryAfter, value: "2")
            return problem.response()
        }
        return try await Status(status: "ready").encodeResponse(for: request)
    }

    @Sendable func openAPI(_ request: Request) async throws -> Response {
        Response(status: .ok, headers: ["Content-Type": "application/yaml; charset=utf-8"], body: .init(string: contract))
    }
}
