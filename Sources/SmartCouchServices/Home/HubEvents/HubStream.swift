import Foundation
import Logging
import OpenHAB
import OpenHABModels
import SmartCouchPersistence
import Synchronization

/// One hub's event stream, held open for as long as this server holds the hub's lease: it
/// reconnects with backoff after a drop, counts a silent stream (no `alive` ping) as dead, and
/// hands every report of a SmartCouch item to the recorder. openHAB does not replay events, so a
/// reconnect can miss reports but never repeats one.
final class HubStream: Sendable {
    struct Watch: Sendable {
        /// By item name: only items of couches served by this hub, so a hub cannot speak for another's devices.
        var items: [String: HubEventRepository.WatchedItem]
        /// Couches whose own hub this is, for their stored status.
        var ownCouches: [UUID]
    }

    private let watch: Mutex<Watch>
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(_ watch: Watch) {
        self.watch = Mutex(watch)
    }

    func update(_ watch: Watch) {
        self.watch.withLock { $0 = watch }
    }

    func start(client: OpenHABClient, hubs: HubService, recorder: HubEventRecorder, settings: HubEventSettings, logger: Logger, name: String) {
        let running = Task {
            await DatabaseWork.$current.withValue(.job) {
                await self.listen(client: client, hubs: hubs, recorder: recorder, settings: settings, logger: logger, name: name)
            }
        }
        task.withLock { $0 = running }
    }

    /// Returns once the stream is closed and no report is being recorded.
    func stop() async {
        let running = task.withLock { $0 }
        running?.cancel()
        await running?.value
    }

    private func catchUp(client: OpenHABClient, recorder: HubEventRecorder, logger: Logger, name: String) async {
        let watched = watch.withLock { $0.items }
        guard !watched.isEmpty else { return }
        do {
            for item in try await client.items() {
                guard let watchedItem = watched[item.name.rawValue] else { continue }
                try await recorder.recordCurrent(item.state, of: watchedItem)
            }
        } catch {
            logger.notice("the states of hub \(name)'s items could not be read after connecting: \(error)")
        }
    }

    private func listen(client: OpenHABClient, hubs: HubService, recorder: HubEventRecorder, settings: HubEventSettings, logger: Logger, name: String)
        async
    {
        var delay = settings.firstRetry
        var reported: Bool?
        while !Task.isCancelled {
            let failure: String
            let connected = ContinuousClock.now
            do {
                let updates = try await client.itemStateUpdates(
                    named: DeviceProvisioning.itemPrefix + "*", idleTimeout: settings.idleTimeout, limits: settings.limits)
                if reported != true {
                    logger.info("listening to the events of hub \(name)")
                    await hubs.noteEventStream(of: watch.withLock { $0.ownCouches }, failure: nil)
                    reported = true
                }
                // openHAB replays nothing: what changed before the stream opened (a device made a
                // moment ago, a hub that was away) is read once now. Reports arriving meanwhile
                // wait in the stream and are recorded after, so the newer state wins.
                await catchUp(client: client, recorder: recorder, logger: logger, name: name)
                for try await update in updates {
                    guard let watched = watch.withLock({ $0.items[update.itemName.rawValue] }) else { continue }
                    do {
                        try await recorder.record(update, of: watched)
                    } catch {
                        // The server stopping cut the write short: nothing went wrong with the report.
                        if Task.isCancelled { break }
                        logger.error("a report of item \(update.itemName) from hub \(name) could not be recorded: \(String(reflecting: error))")
                    }
                }
                failure = "the hub closed its event stream"
            } catch {
                failure = error.summary
            }
            // Only a stream that lasted starts the backoff over: a hub that accepts and then floods
            // or closes at once is retried ever more slowly.
            if ContinuousClock.now - connected >= settings.lastRetry { delay = settings.firstRetry }
            guard !Task.isCancelled else { break }
            if reported != false {
                logger.notice("the event stream of hub \(name) failed (\(failure)); reconnecting")
                await hubs.noteEventStream(of: watch.withLock { $0.ownCouches }, failure: failure)
                reported = false
            }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, settings.lastRetry)
        }
    }
}
