import SmartCouchDomain

/// How hosts' webhooks are delivered, and how many a user may have.
package struct WebhookSettings: Sendable {
    /// Off, the server delivers nothing (only for tests that need no deliveries).
    package var enabled = true
    /// How often each server looks for deliveries that are due (`WEBHOOK_POLL_MS`).
    package var poll: Duration
    /// 45 s after the first failure, doubling, 12 attempts: the last about 25 hours after the first.
    package var retry: WebhookRetry
    /// One attempt, from resolving the name to the end of the answer; also the check of a URL's
    /// addresses when it is registered.
    package var timeout: Duration
    /// Only the status of an answer counts: at most this much of its body is read.
    package var maxResponseBytes: Int
    /// Endpoints one server delivers to at once: a slow or dead one holds a place, never the others.
    package var concurrency: Int
    /// Endpoints of one owner delivered to at once, over all servers: however many of theirs hang,
    /// the other places stay for other owners.
    package var perOwner: Int
    /// Deliveries one endpoint gets before it lets others with due deliveries have a turn.
    package var perTurn: Int
    /// How long a server's claim on an endpoint lasts unless renewed, as it is before each attempt:
    /// well past one attempt, so that no other server sends to the endpoint meanwhile.
    package var lease: Duration
    package var maxPerUser: Int

    package init(
        poll: Duration = .seconds(1), retry: WebhookRetry = WebhookRetry(firstRetry: .seconds(45), maxAttempts: 12),
        timeout: Duration = .seconds(5), maxResponseBytes: Int = 4096, concurrency: Int = 32, perOwner: Int = 4, perTurn: Int = 100,
        lease: Duration = .seconds(60), maxPerUser: Int = 20
    ) {
        self.perOwner = perOwner
        self.poll = poll
        self.retry = retry
        self.timeout = timeout
        self.maxResponseBytes = maxResponseBytes
        self.concurrency = concurrency
        self.perTurn = perTurn
        self.lease = lease
        self.maxPerUser = maxPerUser
    }
}
