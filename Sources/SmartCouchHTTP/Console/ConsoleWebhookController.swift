import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// The host's webhooks: each endpoint, whether it is on, and its latest deliveries with what the
/// receiver answered; redeliver one, switch an endpoint on or off.
struct ConsoleWebhookController {
    let webhooks: WebhookService
    let view: ConsoleView

    func register(signedIn: any RoutesBuilder) {
        let group = signedIn.grouped("console", "webhooks")
        group.get(use: list)
        group.post(":webhookId", "enable", use: enable)
        group.post(":webhookId", "disable", use: disable)
        group.post(":webhookId", "deliveries", ":deliveryId", "redeliver", use: redeliver)
    }

    struct DeliveryLine: Encodable {
        var event: String
        var status: String
        var statusLabel: String
        var attempts: Int
        var last: String
        /// The delivery's id, which the template makes its redeliver form's address of.
        var id: String
    }

    struct Endpoint: Encodable {
        var id: String
        var url: String
        var types: String
        var enabled: Bool
        var state: String
        var deliveries: [DeliveryLine]
        var noDeliveries: Bool
    }

    struct Page: Encodable {
        var endpoints: [Endpoint]
        var none: Bool
    }

    /// The deliveries shown per endpoint: the latest.
    static let shown = 20

    @Sendable func list(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let t = view.language(request)
        let clock = StayClock(language: t, timeZone: "UTC")
        var endpoints: [Endpoint] = []
        for webhook in try await webhooks.list(by: principal) {
            let id = webhook.id.uuidString.lowercased()
            let deliveries = try await webhooks.deliveries(of: webhook.id, after: nil, limit: Self.shown, by: principal).items.map { delivery in
                DeliveryLine(
                    event: delivery.eventType, status: delivery.status.rawValue, statusLabel: t["delivery.\(delivery.status.rawValue)"],
                    attempts: delivery.attempts,
                    last: Self.last(delivery, clock),
                    id: String(delivery.id))
            }
            endpoints.append(
                Endpoint(
                    id: id, url: webhook.url, types: webhook.types.map(\.rawValue).joined(separator: ", "), enabled: webhook.enabled,
                    state: webhook.enabled ? t["webhookOn"] : [t["webhookOff"], webhook.disabledReason].compactMap { $0 }.joined(separator: ": "),
                    deliveries: deliveries,
                    noDeliveries: deliveries.isEmpty))
        }
        return try await view.render("webhooks", title: t["webhooks"], Page(endpoints: endpoints, none: endpoints.isEmpty), for: request)
    }

    /// When it was last tried and how that went; an error that only repeats the status is said once.
    static func last(_ delivery: WebhookDelivery, _ clock: StayClock) -> String {
        let status = delivery.lastStatusCode.map { "HTTP \($0)" }
        return [delivery.lastAttemptAt.map { clock.moment($0) + " UTC" }, status, delivery.lastError == status ? nil : delivery.lastError]
            .compactMap { $0 }.joined(separator: " · ")
    }

    @Sendable func enable(_ request: Request) async throws -> Response { try await switchTo(true, request) }
    @Sendable func disable(_ request: Request) async throws -> Response { try await switchTo(false, request) }

    private func switchTo(_ enabled: Bool, _ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let id = try request.uuid("webhookId", as: "webhookId")
        return try await view.submit("/console/webhooks", done: view.language(request)[enabled ? "webhookEnabled" : "webhookDisabled"]) {
            _ = try await webhooks.update(id, url: nil, types: nil, enabled: enabled, by: principal)
        }
    }

    @Sendable func redeliver(_ request: Request) async throws -> Response {
        let principal = try request.console.principal
        let id = try request.uuid("webhookId", as: "webhookId")
        guard let deliveryId = request.parameters.get("deliveryId").flatMap(Int64.init), deliveryId > 0 else {
            throw AppError.invalid("deliveryId", "must be a delivery's id")
        }
        let t = view.language(request)
        var waiting: WebhookDelivery?
        let response = try await view.submit("/console/webhooks", done: t["redelivered"]) {
            let delivery = try await webhooks.redeliver(deliveryId, of: id, by: principal)
            // Still pending after tries, it keeps its backoff: asking again changed nothing.
            if delivery.attempts > 0 { waiting = delivery }
        }
        guard let waiting else { return response }
        let clock = StayClock(language: t, timeZone: "UTC")
        return view.redirect("/console/webhooks", notice: t("redeliverWaiting", ["at": clock.moment(waiting.nextAttemptAt) + " UTC"]))
    }
}
