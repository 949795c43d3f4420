import SmartCouchServices
import Vapor

/// Opens the hubs' event streams once the server has booted, and closes them (giving their leases
/// to another server) before it shuts down.
struct HubEventLifecycle: LifecycleHandler {
    let listener: HubEventListener
    let enabled: Bool

    func didBootAsync(_ application: Application) async throws {
        if enabled { await listener.start() }
    }

    func shutdownAsync(_ application: Application) async {
        await listener.stop()
    }
}

