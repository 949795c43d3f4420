import SmartCouchDomain
import SmartCouchServices
import Synchronization
import Vapor

/// Stay links are 256-bit random, so guessing one is hopeless; answering guesses still costs a
/// query each, and a flood of them is someone looking. Each client address may miss (ask for a
/// link that does not exist) a burst of `burst` times, then once per `refill`; a miss beyond that
/// is answered 429 instead of 404. A link that exists is always answered and costs nothing, so
/// its holder is never slowed, not even behind the address of someone guessing; nor does what a
/// link's holder asks for that is not there (a scene deleted meanwhile) count as a miss.
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

    init(burst: Int = 10, refill: Duration = .seconds(6), capacity: Int = 100_000) {
        self.burst = Double(burst)
        self.refill = refill
        self.capacity = capacity
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let address = request.clientAddress
        do {
            return try await next.respond(to: request)
        } catch let error as AppError where error == StayAccessService.linkGone {
            try charge(address)
            throw error
        }
    }

    /// Takes a miss from the address's budget, or refuses with the seconds until it has one again.
    private func charge(_ address: String) throws {
        let now = clock.now
        let wait: Int? = budgets.withLock { budgets in
            let left = budgets[address].map { refilled($0, at: now) } ?? burst
            guard left >= 1 else { return max(1, Int(((1 - left) * seconds(refill)).rounded(.up))) }
            budgets[address] = Budget(misses: left - 1, at: now)
            if budgets.count > capacity {
                budgets = budgets.filter { refilled($0.value, at: now) < burst }
                if budgets.count > capacity { budgets.removeAll() }
            }
            return nil
        }
        if let wait { throw AppError(.tooManyRequests, "too many unknown stay links from this address; try again later", retryAfter: wait) }
    }

    private func refilled(_ budget: Budget, at now: ContinuousClock.Instant) -> Double {
        min(burst, budget.misses + seconds(now - budget.at) / seconds(refill))
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
