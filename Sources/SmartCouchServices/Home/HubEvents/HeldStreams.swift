import OpenHAB
import OpenHABModels
import Synchronization

/// The hub event streams this server holds, for a command to hear its device's report on: one
/// already open answers sooner than a subscription of the command's own (a connection and a
/// request to the hub, on the command's path).
package final class HeldStreams: Sendable {
    private let streams = Mutex<[HubService.ResolvedHub.Key: HubStream]>([:])

    package init() {}

    func hold(_ stream: HubStream, of key: HubService.ResolvedHub.Key) {
        streams.withLock { $0[key] = stream }
    }

    func release(_ key: HubService.ResolvedHub.Key) {
        streams.withLock { $0[key] = nil }
    }

    /// The reports of `item` from now on, if this server holds its hub's stream and the stream is
    /// open; nil otherwise (the caller subscribes itself).
    func reports(of item: ItemName, on key: HubService.ResolvedHub.Key) -> AsyncStream<ItemStateUpdate>? {
        // A held stream hears SmartCouch's own items only.
        guard item.rawValue.hasPrefix(DeviceProvisioning.itemPrefix) else { return nil }
        return streams.withLock { $0[key] }?.tap(item)
    }
}
