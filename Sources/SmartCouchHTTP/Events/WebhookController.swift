import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A user's webhook endpoints and their delivery logs; someone else's are not found.
struct WebhookController {
    let webhooks: WebhookService

    func register(authenticated: any RoutesBuilder) {
        let all = authenticated.grouped("webhooks")
        all.post(use: create)
        all.get(use: list)
        let one = all.grouped(":id")
        one.get(use: show)
        one.patch(use: update)
        one.delete(use: delete)
        one.get("deliveries", use: deliveries)
        one.post("deliveries", ":deliveryId", "redeliver", use: redeliver)
    }

    @Sendable func create(_ request: Request) async throws -> Response {
        let input = try request.body(WebhookInput.self)
        let (webhook, secret) = try await webhooks.create(url: input.url, types: input.types, by: request.principal)
        return try await WebhookBody(webhook, secret: secret).encodeResponse(status: .created, for: request)
    }

    @Sendable func list(_ request: Request) async throws -> WebhookPage {
        // A user has a few endpoints: one page holds them all.
        WebhookPage(items: try await webhooks.list(by: request.principal).map { WebhookBody($0) })
    }

    @Sendable func show(_ request: Request) async throws -> WebhookBody {
        WebhookBody(try await webhooks.webhook(request.uuid("id", as: "webhook id"), by: request.principal))
    }

    @Sendable func update(_ request: Request) async throws -> WebhookBody {
        let input = try request.body(WebhookPatch.self)
        return WebhookBody(
            try await webhooks.update(
                request.uuid("id", as: "webhook id"), url: input.url, types: input.types, enabled: input.enabled, by: request.principal))
    }

    @Sendable func delete(_ request: Request) async throws -> HTTPStatus {
        try await webhooks.delete(request.uuid("id", as: "webhook id"), by: request.principal)
        return .noContent
    }

    @Sendable func deliveries(_ request: Request) async throws -> PageBody<WebhookDeliveryBody> {
        let query = try PageQuery(request, defaultLimit: 50)
        let page = try await webhooks.deliveries(
            of: request.uuid("id", as: "webhook id"), after: query.cursor, limit: query.limit, by: request.principal)
        return PageBody(page, WebhookDeliveryBody.init)
    }

    @Sendable func redeliver(_ request: Request) async throws -> Response {
        let raw = request.parameters.get("deliveryId") ?? ""
        guard !raw.isEmpty, raw.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw AppError.badRequest("delivery id in the path must be a whole number, not '\(raw)'")
        }
        // Digits past any id name a delivery nobody has: not found, like any other unknown id.
        let delivery = try await webhooks.redeliver(Int64(raw) ?? 0, of: request.uuid("id", as: "webhook id"), by: request.principal)
        return try await WebhookDeliveryBody(delivery).encodeResponse(status: .accepted, for: request)
    }
}
