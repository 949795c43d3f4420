import Foundation
import HTTPTransport
import Logging
import ServiceLifecycle
import SmartCouchDomain
import SmartCouchPersistence

/// Sends hosts' webhook deliveries, apart from any request: every `poll` it claims endpoints whose
/// next delivery is due (as many as it has room for), and gives each a turn of its own, sending its
/// deliveries one by one in the order of their events. A failed attempt ends the endpoint's turn:
/// later deliveries wait behind it until it goes through or runs out of attempts, which disables
/// the endpoint, saying why. Claims are leases in the database (`WebhookDeliveryRepository`), so
/// servers sharing it deliver to each endpoint one at a time and in order, and an endpoint that
/// hangs holds one place and its own deliveries, never anyone else's.
package actor WebhookDeliverer: Service {
    let deliveries: WebhookDeliveryRepository
    let secrets: SecretBox
    let egress: EgressPolicy
    /// Its own: endpoints that hang hold none of the connections other outbound calls need.
    let transport: any Transport
    let settings: WebhookSettings
    /// Rung when deliveries may have been queued: they go out then, not at the next poll.
    let wake: WakeUp
    let logger: Logger
    let now: @Sendable () -> Date
    /// The least time between two looks for due deliveries, when events keep waking the deliverer.
    static let claimGap = Duration.milliseconds(50)
    /// Endpoints having their turn now.
    private var delivering = 0

    package init(
        deliveries: WebhookDeliveryRepository, secrets: SecretBox, egress: EgressPolicy, transport: any Transport, settings: WebhookSettings,
        wake: WakeUp, logger: Logger, now: @escaping @Sendable () -> Date
    ) {
        self.wake = wake
        self.deliveries = deliveries
        self.secrets = secrets
        self.egress = egress
        self.transport = transport
        self.settings = settings
        self.logger = logger
        self.now = now
    }

    /// Once the server stops, no turn starts and none sends again; an attempt under way finishes
    /// (within `timeout`) and is recorded. In the server's services only when webhooks are on.
    package func run() async {
        // Background work: it waits for a connection as jobs do, and is never shed like a request.
        await DatabaseWork.$current.withValue(.job) {
            await withDiscardingTaskGroup { group in
                while !Task.isShuttingDownGracefully && !Task.isCancelled {
                    let claimed = ContinuousClock.now
                    for (endpoint, holder) in await claim() {
                        group.addTask { await self.turn(endpoint, holder: holder) }
                    }
                    try? await cancelWhenGracefulShutdown {
                        await self.wake.wait(atMost: self.settings.poll)
                        // Events may come every few milliseconds: however often, one claim per gap.
                        try await Task.sleep(until: claimed + Self.claimGap, clock: .continuous)
                    }
                }
            }
        }
    }

    private func claim() async -> [(WebhookDeliveryRepository.Endpoint, UUID)] {
        let room = settings.concurrency - delivering
        guard room > 0 else { return [] }
        let holder = UUID()
        do {
            let endpoints = try await deliveries.claim(limit: room, perOwner: settings.perOwner, dueAt: now(), lease: settings.lease, holder: holder)
            delivering += endpoints.count
            return endpoints.map { ($0, holder) }
        } catch {
            logger.warning("webhook deliveries wait: the due ones could not be looked up: \(String(reflecting: error))")
            return []
        }
    }

    private func finished() {
        delivering -= 1
    }

    private nonisolated func turn(_ endpoint: WebhookDeliveryRepository.Endpoint, holder: UUID) async {
        do {
            try await deliver(to: endpoint, holder: holder)
        } catch {
            logger.warning("webhook \(endpoint.id): deliveries wait: \(String(reflecting: error))")
        }
        // Disabled or taken over meanwhile, it is no longer this claim's: then this changes nothing.
        try? await deliveries.release(endpoint.id, holder: holder)
        await finished()
        // A delivery queued while the turn was ending found the endpoint still held: look again.
        wake.ring()
    }

    private nonisolated func deliver(to endpoint: WebhookDeliveryRepository.Endpoint, holder: UUID) async throws {
        guard let secret = secrets.open(endpoint.sealedSecret) else {
            let reason = "its signing secret cannot be read with the current SECRETS_KEY; delete the webhook and add it again"
            return try await deliveries.disable(endpoint.id, holder: holder, reason: reason, at: now())
        }
        guard let url = URL(string: endpoint.url) else {
            return try await deliveries.disable(endpoint.id, holder: holder, reason: "its URL cannot be used; set it again", at: now())
        }
        for _ in 0..<settings.perTurn {
            guard !Task.isShuttingDownGracefully, !Task.isCancelled,
                let head = try await deliveries.head(of: endpoint.id, holder: holder, dueAt: now(), lease: settings.lease), head.due,
                let outcome = await attempt(head, to: url, secret: secret),
                try await deliveries.record(outcome, of: head, webhookId: endpoint.id, holder: holder, at: now()),
                case .delivered = outcome
            else { return }
        }
    }

    /// Nil when the attempt was cancelled (the server is stopping): that says nothing about the
    /// endpoint, and the delivery is sent again later.
    private nonisolated func attempt(_ head: WebhookDeliveryRepository.Head, to url: URL, secret: String) async -> WebhookDeliveryRepository.Outcome?
    {
        let request = HTTPRequest(
            method: "POST", url: url,
            headers: [
                "Content-Type": "application/json",
                "SmartCouch-Event-Id": String(head.eventId),
                WebhookSignature.header: WebhookSignature.value(body: head.body, secret: secret, at: now()),
                "User-Agent": "SmartCouch-Webhooks/1"
            ],
            body: Data(head.body.utf8), egress: egress.egress(for: .webhook), timeout: settings.timeout,
            maxResponseBytes: settings.maxResponseBytes, truncatesResponse: true)
        let status: Int?
        let failure: String
        do {
            let reply = try await transport.send(request)
            if (200..<300).contains(reply.status) { return .delivered(status: reply.status) }
            (status, failure) = (reply.status, "HTTP \(reply.status)")
        } catch {
            if case .cancelled = error { return nil }
            logger.notice("a webhook delivery to \(url.host ?? "?") failed: \(error)")
            // A redirect is an answer: the endpoint's status is kept, though it is not followed.
            if case .redirected(let code) = error { (status, failure) = (code, error.kind) } else { (status, failure) = (nil, error.kind) }
        }
        guard let delay = settings.retry.delay(afterAttempts: head.attempts + 1) else {
            return .exhausted(status: status, error: failure, reason: settings.retry.disabledReason(eventId: head.eventId, last: failure))
        }
        return .retry(status: status, error: failure, next: now().addingTimeInterval(delay.seconds))
    }
}
