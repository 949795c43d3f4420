import OpenHABModels
import Synchronization

/// What each hub said of itself at `GET /rest/`, kept for a few minutes: a command asks only when
/// no fresh answer is kept, as a hub changes its openHAB version rarely and one read per command
/// cost every command a call. A hub set up anew (another address or token) is another key.
final class KnownHubs: Sendable {
    private struct Answer {
        let info: ServerInfo
        let readAt: ContinuousClock.Instant
    }

    private let answers = Mutex<[HubService.ResolvedHub.Key: Answer]>([:])
    let freshFor: Duration

    init(freshFor: Duration = .seconds(300)) {
        self.freshFor = freshFor
    }

    func info(of hub: HubService.ResolvedHub.Key) -> ServerInfo? {
        answers.withLock { answers in
            guard let answer = answers[hub], ContinuousClock.now - answer.readAt < freshFor else { return nil }
            return answer.info
        }
    }

    /// Forgets the stale answers meanwhile: a hub set up anew leaves its old key behind.
    func remember(_ info: ServerInfo, of hub: HubService.ResolvedHub.Key) {
        let now = ContinuousClock.now
        answers.withLock { answers in
            answers = answers.filter { now - $0.value.readAt < freshFor }
            answers[hub] = Answer(info: info, readAt: now)
        }
    }
}
