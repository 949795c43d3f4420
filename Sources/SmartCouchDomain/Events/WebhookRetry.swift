/// When a webhook delivery that failed is tried again, and when its endpoint is given up on:
/// `firstRetry` after the first failure, doubling after each one, `maxAttempts` in all.
package struct WebhookRetry: Sendable, Equatable {
    package var firstRetry: Duration
    package var maxAttempts: Int

    package init(firstRetry: Duration, maxAttempts: Int) {
        self.firstRetry = firstRetry
        self.maxAttempts = maxAttempts
    }

    /// How long to wait after a delivery's `attempts`th failed attempt; nil when that was its last.
    package func delay(afterAttempts attempts: Int) -> Duration? {
        guard attempts < maxAttempts else { return nil }
        return firstRetry * (1 << (max(attempts, 1) - 1))
    }

    /// From the first attempt to the last, each made when due.
    package var span: Duration {
        firstRetry * ((1 << (maxAttempts - 1)) - 1)
    }

    /// What an endpoint says once a delivery used up its attempts; `last` is how the last one went.
    package func disabledReason(eventId: Int64, last: String) -> String {
        let over = Self.words(span).map { " over \($0)" } ?? ""
        return "disabled after \(maxAttempts) failed attempts\(over) to deliver event \(eventId); last: \(last)"
    }

    /// The largest whole unit ("1 day", "17 hours"); nil under a second.
    static func words(_ duration: Duration) -> String? {
        let seconds = duration.components.seconds
        for (unit, length) in [("day", Int64(86400)), ("hour", 3600), ("minute", 60), ("second", 1)] where seconds >= length {
            let count = seconds / length
            return "\(count) \(unit)\(count == 1 ? "" : "s")"
        }
        return nil
    }
}
