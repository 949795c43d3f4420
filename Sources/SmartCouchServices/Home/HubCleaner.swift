import Foundation
import OpenHAB
import OpenHABModels
import SmartCouchDomain
import SmartCouchPersistence

/// Takes items SmartCouch made off their hub: each is unlinked and deleted, what is already gone
/// counting as done. One the hub refuses or does not answer stays written down, tried again by
/// the hub-cleanup job after a minute, doubling to an hour, until the hub is clean.
package struct HubCleaner: Sendable {
    let cleanups: HubCleanupRepository
    let hubs: HubService
    let now: @Sendable () -> Date

    package init(cleanups: HubCleanupRepository, hubs: HubService, now: @escaping @Sendable () -> Date) {
        self.cleanups = cleanups
        self.hubs = hubs
        self.now = now
    }

    /// Works off `items`, all of one couch, on `hub` (nil when the couch's hub cannot be had, with
    /// the reason in `unavailable`). With `recheckAfter`, what the hub says is gone is looked at once
    /// more after that long: a call that timed out may still make its item after the removal.
    /// Answers how many are left.
    @discardableResult
    func clean(
        _ items: [HubCleanupRepository.Cleanup], on hub: HubService.ResolvedHub?, unavailable: String? = nil, recheckAfter: TimeInterval? = nil
    ) async -> Int {
        var left = 0
        // After one failure the hub is not asked again this time: a dead hub costs one timeout, not one per item.
        var hubFailure = hub == nil ? unavailable ?? "the couch has no hub" : nil
        for item in items {
            var failure = hubFailure
            if failure == nil, let hub {
                failure = await remove(item, from: hub.client)
                hubFailure = failure
            }
            do {
                if let failure {
                    left += 1
                    try await cleanups.failed(
                        item.id, error: failure, retryAt: now().addingTimeInterval(Self.retryDelay(afterAttempts: item.attempts + 1)))
                } else if let recheckAfter {
                    try await cleanups.recheck(item.id, at: now().addingTimeInterval(recheckAfter))
                } else {
                    try await cleanups.done(item.id)
                }
            } catch {
                left += 1
            }
        }
        return left
    }

    /// Nil once the item and its link are off the hub.
    private func remove(_ item: HubCleanupRepository.Cleanup, from client: OpenHABClient) async -> String? {
        // A name that is not an item name was never made on the hub.
        guard let name = try? ItemName(item.itemName) else { return nil }
        let channel = item.channelUID.flatMap { try? ChannelUID($0) }
        do throws(OpenHABError) {
            if let channel {
                try await Self.ignoringNotFound { () throws(OpenHABError) in try await client.unlink(name, from: channel) }
            }
            try await Self.ignoringNotFound { () throws(OpenHABError) in try await client.deleteItem(name) }
            return nil
        } catch {
            return error.summary
        }
    }

    /// A minute, doubling to an hour.
    static func retryDelay(afterAttempts attempts: Int) -> TimeInterval {
        min(60 * pow(2, Double(max(0, attempts - 1))), 3600)
    }

    /// Deleting what is already gone is fine.
    static func ignoringNotFound(_ body: () async throws(OpenHABError) -> Void) async throws(OpenHABError) {
        do {
            try await body()
        } catch .notFound {
            return
        }
    }
}
