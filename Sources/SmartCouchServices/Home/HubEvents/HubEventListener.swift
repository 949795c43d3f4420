import Crypto
import Foundation
import HTTPTransport
import Logging
import OpenHAB
import OpenHABModels
import ServiceLifecycle
import SmartCouchDomain
import SmartCouchPersistence
import Tracing

/// Listens to the event stream of every hub that serves a device. Several servers may share one
/// database: each hub's stream is held by the one server holding its lease (a PostgreSQL advisory
/// lock on a connection of its own), so every report is recorded once, and when that server dies
/// its connection closes and another server takes the hub at its next rescan.
package actor HubEventListener: Service {
    let repository: HubEventRepository
    let hubs: HubService
    let recorder: HubEventRecorder
    let settings: HubEventSettings
    /// Carries the streams only, apart from device requests.
    let transport: any Transport
    /// Rung when devices change: the next rescan comes at once.
    let watch: HubWatch
    let logger: Logger
    private var streams: [HubService.ResolvedHub.Key: (lease: Int32, stream: HubStream)] = [:]
    /// How many rescans this listener has finished, for tests that must know it looked again.
    package private(set) var rescans = 0

    package init(
        repository: HubEventRepository, hubs: HubService, recorder: HubEventRecorder, settings: HubEventSettings, transport: any Transport,
        watch: HubWatch, logger: Logger
    ) {
        self.watch = watch
        self.repository = repository
        self.hubs = hubs
        self.recorder = recorder
        self.settings = settings
        self.transport = transport
        self.logger = logger
    }

    /// Holds the streams until the server stops; then closes every one and gives the leases back,
    /// for another server to take.
    package func run() async {
        guard settings.enabled else {
            try? await gracefulShutdown()
            return
        }
        await cancelWhenGracefulShutdown { await self.listen() }
    }

    private func listen() async {
        var delay = settings.firstRetry
        while !Task.isCancelled {
            do {
                try await repository.withLeases(answeringWithin: settings.leaseTimeout) { leases in
                    while !Task.isCancelled {
                        // One trace a rescan, not one a statement.
                        try await withSpan("hub-events rescan") { _ in try await self.rescan(leases) }
                        await self.countRescan()
                        await self.watch.wait(upTo: self.settings.rescan)
                    }
                    // Closed before the leases go, so no other server records a report this one also does.
                    await self.closeAll()
                }
                delay = settings.firstRetry
            } catch {
                // Without the lease connection this server cannot know it is the only one listening.
                await closeAll()
                if Task.isCancelled { break }
                logger.warning("hub event streams paused: the database connection holding their leases failed: \(String(reflecting: error))")
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, settings.lastRetry)
            }
        }
        await closeAll()
    }

    /// Takes the leases of hubs nobody holds, lets go of hubs no device uses any more, and gives
    /// each held stream its current items.
    private func rescan(_ leases: HubLeases) async throws {
        try await leases.confirm()
        var wanted: [HubService.ResolvedHub.Key: (hub: HubService.ResolvedHub, watch: HubStream.Watch)] = [:]
        for watched in try await repository.watchedItems() {
            // A couch whose hub cannot be used (no default hub, an unreadable token) is skipped; its requests say why.
            guard let hub = try? hubs.hub(for: watched.couchId, own: watched.ownHub, transport: transport) else { continue }
            var entry = wanted[hub.key] ?? (hub, HubStream.Watch(items: [:], ownCouches: []))
            entry.watch.items[watched.item.itemName] = watched
            if !hub.isDefault, !entry.watch.ownCouches.contains(watched.couchId) { entry.watch.ownCouches.append(watched.couchId) }
            wanted[hub.key] = entry
        }
        for (key, held) in streams where wanted[key] == nil {
            await held.stream.stop()
            streams[key] = nil
            try await leases.release(held.lease)
        }
        for (key, entry) in wanted {
            if let held = streams[key] {
                held.stream.update(entry.watch)
                continue
            }
            let lease = Self.lease(for: key)
            guard try await leases.tryAcquire(lease) else { continue }
            let stream = HubStream(entry.watch)
            stream.start(client: entry.hub.client, hubs: hubs, recorder: recorder, settings: settings, logger: logger, name: entry.hub.baseURL)
            streams[key] = (lease, stream)
        }
    }

    private func countRescan() { rescans += 1 }

    /// Hub event streams this server holds now.
    package var streamsHeld: Int { streams.count }

    private func closeAll() async {
        for held in streams.values { await held.stream.stop() }
        streams = [:]
    }

    /// The same on every server for the same hub and credentials. Two hubs that happen to share
    /// one are held by one server together: the lock is re-entrant there and refused elsewhere.
    static func lease(for key: HubService.ResolvedHub.Key) -> Int32 {
        let digest = SHA256.hash(data: Data((key.baseURL + "\n" + (key.token ?? "")).utf8))
        return digest.prefix(4).reduce(Int32(0)) { ($0 << 8) | Int32($1) }
    }
}
