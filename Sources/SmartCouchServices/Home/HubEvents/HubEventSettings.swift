import OpenHAB
import OpenHABModels

/// How the server listens to its hubs' event streams.
package struct HubEventSettings: Sendable {
    /// Off, no server subscribes; hubs are then asked only when someone uses a device.
    package var enabled: Bool
    /// How often the server looks for hubs to take on or let go, and confirms it still holds its leases.
    package var rescan: Duration
    /// How long the database may take to confirm a lease; a server that cannot tell whether it
    /// still holds its hubs closes their streams.
    package var leaseTimeout: Duration
    /// How long a stream may stay silent before it counts as dead; openHAB pings every 10 seconds.
    package var idleTimeout: Duration
    /// Reconnecting waits from `firstRetry`, doubling, up to `lastRetry`.
    package var firstRetry: Duration
    package var lastRetry: Duration
    /// What one hub's stream may send before it is dropped and backed off.
    package var limits: EventStreamLimits

    package init(
        enabled: Bool = true, rescan: Duration = .seconds(5), leaseTimeout: Duration = .seconds(5), idleTimeout: Duration = .seconds(35),
        firstRetry: Duration = .seconds(1), lastRetry: Duration = .seconds(60), limits: EventStreamLimits = .init()
    ) {
        self.enabled = enabled
        self.rescan = rescan
        self.leaseTimeout = leaseTimeout
        self.idleTimeout = idleTimeout
        self.firstRetry = firstRetry
        self.lastRetry = lastRetry
        self.limits = limits
    }
}
