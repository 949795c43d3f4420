import Logging
import ServiceLifecycle

/// `pass`, then `use` of what it found, again and again, `tick` apart, until the server stops: the
/// loop of the workers that look for due work (triggers, presence simulation). A pass waits for
/// the database as a request does, bounded, and is cancelled when the server stops, so a pass that
/// cannot get the database now is the next tick's and never holds up a shutdown. A failed pass is
/// logged, saying `failure`.
func repeating<Found: Sendable>(
    every tick: Duration, logger: Logger, failure: String, isolation: isolated (any Actor)? = #isolation,
    _ pass: @Sendable @escaping () async throws -> Found, then use: (Found) -> Void = { _ in }
) async {
    while !Task.isShuttingDownGracefully && !Task.isCancelled {
        do {
            use(try await cancelWhenGracefulShutdown(pass))
        } catch  where !Task.isShuttingDownGracefully && !Task.isCancelled {
            logger.warning("\(failure): \(error)")
        } catch {
            // Cut off by the server's stop: no failure.
        }
        try? await cancelWhenGracefulShutdown { try await Task.sleep(for: tick) }
    }
}
