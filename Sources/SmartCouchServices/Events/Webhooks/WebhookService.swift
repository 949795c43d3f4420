import Foundation
import HTTPTransport
import SmartCouchDomain
import SmartCouchPersistence

/// A user's webhook endpoints, which hear the events of the couches they own: registering one
/// (its secret shown that once), reading, changing and removing them, and their delivery logs.
package struct WebhookService: Sendable {
    let webhooks: WebhookRepository
    let secrets: SecretBox
    let egress: EgressPolicy
    let settings: WebhookSettings
    let now: @Sendable () -> Date

    package init(
        webhooks: WebhookRepository, secrets: SecretBox, egress: EgressPolicy, settings: WebhookSettings, now: @escaping @Sendable () -> Date
    ) {
        self.webhooks = webhooks
        self.secrets = secrets
        self.egress = egress
        self.settings = settings
        self.now = now
    }

    /// The new endpoint and its signing secret, which is stored sealed and never shown again.
    package func create(url text: String, types names: [String], by principal: Principal) async throws -> (webhook: Webhook, secret: String) {
        var validation = Validation()
        let url = Webhook.url(text, into: &validation)
        let types = Webhook.types(names, into: &validation)
        try validation.finish()
        guard let url else { preconditionFailure("validation admits only URLs") }
        try await checkAddress(of: url)
        let secret = WebhookSignature.newSecret()
        switch try await webhooks.create(
            userId: principal.userId, url: text, types: types, sealedSecret: try secrets.seal(secret), limit: settings.maxPerUser, at: now()
        ) {
        case .created(let webhook):
            return (webhook, secret)
        case .full:
            throw AppError.conflict("a user has at most \(settings.maxPerUser) webhooks; remove one first")
        }
    }

    package func list(by principal: Principal) async throws -> [Webhook] {
        try await webhooks.webhooks(userId: principal.userId)
    }

    package func webhook(_ id: UUID, by principal: Principal) async throws -> Webhook {
        guard let webhook = try await webhooks.webhook(id, userId: principal.userId) else { throw Self.notFound(id) }
        return webhook
    }

    /// Changes what is given; an endpoint enabled again goes on with its pending deliveries.
    package func update(_ id: UUID, url text: String?, types names: [String]?, enabled: Bool?, by principal: Principal) async throws -> Webhook {
        var validation = Validation()
        let url = text.flatMap { Webhook.url($0, into: &validation) }
        let types = names.map { Webhook.types($0, into: &validation) }
        try validation.finish()
        // Someone else's endpoint is not found, whatever the URL would be.
        _ = try await webhook(id, by: principal)
        if let url { try await checkAddress(of: url) }
        guard let webhook = try await webhooks.update(id, userId: principal.userId, url: text, types: types, enabled: enabled, at: now()) else {
            throw Self.notFound(id)
        }
        return webhook
    }

    package func delete(_ id: UUID, by principal: Principal) async throws {
        guard try await webhooks.delete(id, userId: principal.userId) else { throw Self.notFound(id) }
    }

    /// The endpoint's deliveries, newest event first.
    package func deliveries(of id: UUID, after cursor: PageCursor?, limit: Int, by principal: Principal) async throws -> Page<WebhookDelivery> {
        let before = try cursor.map { cursor in
            guard cursor.order == Self.logOrder, cursor.id == id, let eventId = Int64(cursor.key) else {
                throw AppError.badRequest("the cursor belongs to another list")
            }
            return eventId
        }
        _ = try await webhook(id, by: principal)
        let rows = try await webhooks.deliveries(webhookId: id, before: before, limit: limit)
        return Page(fetched: rows, limit: limit) { PageCursor(order: Self.logOrder, key: String($0.eventId), id: id) }
    }

    /// The delivery sent again, in the order of its event, with all its attempts ahead of it.
    package func redeliver(_ deliveryId: Int64, of id: UUID, by principal: Principal) async throws -> WebhookDelivery {
        guard try await webhook(id, by: principal).enabled else {
            throw AppError.conflict("the webhook is disabled; switch it on, then ask again")
        }
        guard let delivery = try await webhooks.redeliver(deliveryId, webhookId: id, at: now()) else {
            throw AppError.notFound("the webhook has no delivery with id \(deliveryId)")
        }
        return delivery
    }

    /// A URL whose host is, or resolves to, an address deliveries may not go to is refused now,
    /// while its owner is there to read why, rather than failing every delivery later.
    private func checkAddress(of url: URL) async throws {
        do {
            try await egress.egress(for: .webhook).check(url, within: settings.timeout)
        } catch {
            throw AppError.invalid("url", "cannot be delivered to: \(error.kind)")
        }
    }

    private static let logOrder = "webhook-deliveries"

    private static func notFound(_ id: UUID) -> AppError {
        AppError.notFound("you have no webhook with id \(id)")
    }
}
