import Foundation
import SmartCouchDomain
import Vapor

struct WebhookInput: Content {
    var url: String
    var types: [String]
}

/// Every field optional: what is sent changes, the rest stays.
struct WebhookPatch: Content {
    var url: String?
    var types: [String]?
    var enabled: Bool?
}

struct WebhookBody: Content {
    var id: UUID
    var url: String
    var types: [String]
    var enabled: Bool
    var disabledAt: Date?
    var disabledReason: String?
    var createdAt: Date
    /// The signing secret: in the answer that made the endpoint, and never again.
    var secret: String?

    init(_ webhook: Webhook, secret: String? = nil) {
        id = webhook.id
        url = webhook.url
        types = webhook.types.map(\.rawValue)
        enabled = webhook.enabled
        disabledAt = webhook.disabledAt
        disabledReason = webhook.disabledReason
        createdAt = webhook.createdAt
        self.secret = secret
    }
}

struct WebhookPage: Content {
    var items: [WebhookBody]
}

struct WebhookDeliveryBody: Content {
    /// Ids of deliveries and events are numbers, sent as text as the events themselves have them.
    var id: String
    var eventId: String
    var eventType: String
    var status: String
    var attempts: Int
    /// While it is pending only.
    var nextAttemptAt: Date?
    var lastAttemptAt: Date?
    var lastStatusCode: Int?
    var lastError: String?
    var deliveredAt: Date?
    var createdAt: Date

    init(_ delivery: WebhookDelivery) {
        id = String(delivery.id)
        eventId = String(delivery.eventId)
        eventType = delivery.eventType
        status = delivery.status.rawValue
        attempts = delivery.attempts
        nextAttemptAt = delivery.status == .pending ? delivery.nextAttemptAt : nil
        lastAttemptAt = delivery.lastAttemptAt
        lastStatusCode = delivery.lastStatusCode
        lastError = delivery.lastError
        deliveredAt = delivery.deliveredAt
        createdAt = delivery.createdAt
    }
}
