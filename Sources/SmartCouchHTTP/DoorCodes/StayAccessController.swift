import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A stay as its guest and its host reach it through the API: its codes and guide, the link that
/// shares them, and checking out early.
struct StayAccessController {
    let access: StayAccessService

    let publicURL: String?

    func register(authenticated: any RoutesBuilder) {
        authenticated.get("reservations", ":id", "access", use: stayAccess)
        authenticated.post("reservations", ":id", "stay-link", use: createLink)
        authenticated.delete("reservations", ":id", "stay-link", use: revokeLink)
        authenticated.post("reservations", ":id", "checkout", use: checkOut)
    }

    @Sendable func stayAccess(_ request: Request) async throws -> StayAccessBody {
        StayAccessBody(try await access.access(stayId: request.uuid("id", as: "reservation id"), by: request.principal))
    }

    @Sendable func createLink(_ request: Request) async throws -> Response {
        let (token, stay) = try await access.link(stayId: request.uuid("id", as: "reservation id"), by: request.principal)
        let path = "/stays/\(token)"
        let body = StayLinkBody(stayId: stay.id, token: token, path: path, url: publicURL.map { $0 + path }, expiresAt: stay.accessUntil)
        return try await body.encodeResponse(status: .created, for: request)
    }

    @Sendable func revokeLink(_ request: Request) async throws -> HTTPStatus {
        guard try await access.revokeLink(stayId: request.uuid("id", as: "reservation id"), by: request.principal) else {
            throw AppError.notFound("the stay has no link to revoke")
        }
        return .noContent
    }

    @Sendable func checkOut(_ request: Request) async throws -> StayAccessBody {
        StayAccessBody(try await access.checkOut(stayId: request.uuid("id", as: "reservation id"), by: request.principal))
    }
}
