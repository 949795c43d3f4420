import SmartCouchDomain
import Synchronization
import Vapor

/// Stay links are 256-bit random, so guessing one is hopeless; answering guesses still costs a
/// query each, and a flood of them is someone looking. Each client address may miss (ask for a
/// link that does not exist) a burst of `burst` times, then once per `refill`; past that every
/// link request from the address is refused with 429 until it has earned a miss back. A link
/// that exists costs nothing, so its holder can reload the page as often as they like.
final class LinkGuessLimiter: AsyncMiddleware, Sendable {
    struct Budget {
        var misses: Double
        var at: ContinuousClock.Instant
    }

    let burst: Double
    let refill: Duration
    /// Addresses remembered at most; past it, those back to a full budget are forgotten first.
    let capacity: Int
    private let budgets = Mutex<[String: Budget]>([:])
    private let clock = ContinuousClock()

    init(_ limit: LinkGuessLimit, capacity: Int = 100_000) {
        burst = Double(limit.burst)
        refill = limit.refill
        self.capacity = capacity
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let address = request.remoteAddress?.ipAddress ?? "unknown"
        if let wait = waitBeforeNextGuess(from: address) {
            throw AppError(.tooManyRequests, "too many unknown stay links from this address; try again later", retryAfter: wait)
        }
        do {
            let response = try await next.respond(to: request)
            if response.status == .notFound { missed(from: address) }
            return response
        } catch let error as AppError where error.kind == .notFound {
            missed(from: address)
            throw error
        }
    }

    /// Seconds until the address may miss again, when it has no miss left now.
    private func waitBeforeNextGuess(from address: String) -> Int? {
        let now = clock.now
        return budgets.withLock { budgets in
            guard let budget = budgets[address] else { return nil }
            let left = refilled(budget, at: now)
            guard left < 1 else { return nil }
            return max(1, Int(((1 - left) * seconds(refill)).rounded(.up)))
        }
    }

    private func missed(from address: String) {
        let now = clock.now
        budgets.withLock { budgets in
            let left = budgets[address].map { refilled($0, at: now) } ?? burst
            budgets[address] = Budget(misses: max(0, left - 1), at: now)
            if budgets.count > capacity {
                budgets = budgets.filter { refilled($0.value, at: now) < burst }
                if budgets.count > capacity { budgets.removeAll() }
            }
        }
    }

    private func refilled(_ budget: Budget, at now: ContinuousClock.Instant) -> Double {
        min(burst, budget.misses + seconds(now - budget.at) / seconds(refill))
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// How many unknown stay links an address may ask for at once, and how fast it earns one back.
package struct LinkGuessLimit: Sendable {
    package var burst = 10
    package var refill: Duration = .seconds(6)
}
