import Foundation
import OpenHAB
import OpenHABModels
import ServiceLifecycle
import Synchronization

/// The commands and reports of SmartCouch's items on each hub commanded lately, heard on one event stream per
/// hub that stays open while commands come, as any client wanting confirmation holds it: a command
/// listens for its item before it goes out, and waits for no stream of its own to open. The first
/// command to a hub opens the stream and hands it over (`adopt`); a stream nobody listened to for
/// `keepOpen` closes, and one that fails, or on which a command heard nothing, is opened anew by
/// the next command.
package final class ItemReports: Service, Sendable {
    /// One hub's stream and who listens to it now.
    private struct Tap {
        let key: HubService.ResolvedHub.Key
        var listeners: [UUID: Listener] = [:]
        var lastUsed = ContinuousClock.now
    }

    private struct Listener {
        let item: ItemName
        let continuation: AsyncStream<ItemActivity>.Continuation
    }

    private struct Registry {
        var running = false
        var taps: [UUID: Tap] = [:]
        /// The tap a new command of each hub listens on; a tap no longer here serves out its listeners.
        var current: [HubService.ResolvedHub.Key: UUID] = [:]
    }

    /// A command's ear on its hub's stream: its item's commands and reports from now on. It ends
    /// when the stream does.
    struct Listening: Sendable {
        let activity: AsyncStream<ItemActivity>
        let tap: UUID
        let continuation: AsyncStream<ItemActivity>.Continuation

        /// The command is done with it: it leaves the tap.
        func end() { continuation.finish() }
    }

    /// How long a stream may stay silent before it counts as dead; openHAB pings every 10 seconds.
    let idleTimeout: Duration
    /// What one hub's stream may send. Its consumer only hands reports to waiting commands, so it
    /// takes every report a busy hub sends; the bytes still bound a flood.
    let limits: EventStreamLimits
    let keepOpen: Duration
    /// Streams held at once: past it, a command to another hub opens a stream for itself alone, as
    /// the connections of every command's stream are bounded together.
    let maxStreams: Int
    private let registry = Mutex(Registry())
    private let handed: AsyncStream<(UUID, ItemActivities)>
    private let hand: AsyncStream<(UUID, ItemActivities)>.Continuation

    package init(
        idleTimeout: Duration = .seconds(35), keepOpen: Duration = .seconds(60), maxStreams: Int = 1000,
        limits: EventStreamLimits = .init(maxEventsPerMinute: 120_000)
    ) {
        self.idleTimeout = idleTimeout
        self.keepOpen = keepOpen
        self.maxStreams = maxStreams
        self.limits = limits
        (handed, hand) = AsyncStream.makeStream()
    }

    /// Reads the streams handed over until the server stops; then closes them all.
    package func run() async {
        registry.withLock { $0.running = true }
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                for await (tap, activity) in self.handed {
                    group.addTask { await self.read(activity, into: tap) }
                }
            }
        }
        let open = registry.withLock { registry in
            registry.running = false
            defer {
                registry.taps = [:]
                registry.current = [:]
            }
            return registry.taps.values.flatMap { $0.listeners.values.map(\.continuation) }
        }
        hand.finish()
        for continuation in open { continuation.finish() }
    }

    /// The streams open now, those serving out their last listeners included.
    package var streams: Int { registry.withLock { $0.taps.count } }

    /// Listens for `item` on the hub's open stream; nil when there is none to listen on.
    func listen(for item: ItemName, on hub: HubService.ResolvedHub.Key) -> Listening? {
        registry.withLock { registry in
            guard registry.running, let tap = registry.current[hub] else { return nil }
            return self.register(item, on: tap, in: &registry)
        }
    }

    /// Takes over a stream of the hub's item activity just opened, listening for `item` on it; nil
    /// when this server is not running or holds `maxStreams` already, so the caller reads it alone.
    /// If another command's stream was handed over meanwhile, that one is listened on and this one
    /// dropped.
    func adopt(_ activity: ItemActivities, for item: ItemName, on hub: HubService.ResolvedHub.Key) -> Listening? {
        registry.withLock { registry in
            guard registry.running else { return nil }
            if let tap = registry.current[hub] { return self.register(item, on: tap, in: &registry) }
            guard registry.taps.count < maxStreams else { return nil }
            let tap = UUID()
            registry.taps[tap] = Tap(key: hub)
            registry.current[hub] = tap
            hand.yield((tap, activity))
            return self.register(item, on: tap, in: &registry)
        }
    }

    /// A command heard nothing on this stream: it may have died silently, so the next command
    /// opens another. Its listeners keep it until they are done.
    func distrust(_ listening: Listening) {
        registry.withLock { registry in
            guard let key = registry.taps[listening.tap]?.key, registry.current[key] == listening.tap else { return }
            registry.current[key] = nil
        }
    }

    /// Called under the registry's lock; the listener leaves when its command stops reading, which
    /// never happens under that lock (its stream is finished outside it).
    private func register(_ item: ItemName, on tap: UUID, in registry: inout Registry) -> Listening {
        let listener = UUID()
        let (activity, continuation) = AsyncStream<ItemActivity>.makeStream(bufferingPolicy: .bufferingNewest(16))
        continuation.onTermination = { [weak self] _ in
            self?.registry.withLock { registry in
                registry.taps[tap]?.listeners[listener] = nil
                registry.taps[tap]?.lastUsed = .now
            }
        }
        registry.taps[tap]?.listeners[listener] = Listener(item: item, continuation: continuation)
        registry.taps[tap]?.lastUsed = .now
        return Listening(activity: activity, tap: tap, continuation: continuation)
    }

    private func read(_ activity: ItemActivities, into tap: UUID) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    for try await heard in activity { self.dispatch(heard, from: tap) }
                } catch {}
            }
            group.addTask {
                while !Task.isCancelled, self.wanted(tap) {
                    try? await Task.sleep(for: .seconds(1))
                }
            }
            await group.next()
            group.cancelAll()
        }
        let listeners = registry.withLock { registry in
            let listeners = registry.taps.removeValue(forKey: tap)?.listeners.values.map(\.continuation) ?? []
            for (key, current) in registry.current where current == tap { registry.current[key] = nil }
            return listeners
        }
        for continuation in listeners { continuation.finish() }
    }

    private func dispatch(_ heard: ItemActivity, from tap: UUID) {
        let waiting = registry.withLock { registry in
            registry.taps[tap]?.listeners.values.filter { $0.item == heard.itemName }.map(\.continuation) ?? []
        }
        for continuation in waiting { continuation.yield(heard) }
    }

    /// A tap without listeners stays while new commands use it and one did within `keepOpen`.
    private func wanted(_ tap: UUID) -> Bool {
        registry.withLock { registry in
            guard let held = registry.taps[tap] else { return false }
            if !held.listeners.isEmpty { return true }
            return registry.current[held.key] == tap && ContinuousClock.now - held.lastUsed < keepOpen
        }
    }
}
