import SmartCouchDomain
import SmartCouchPersistence
import SmartCouchServices
import Vapor

/// Starts the scheduler once the server has booted and stops it, letting a run in progress finish
/// within the drain deadline, before the server shuts down.
struct SchedulerLifecycle: LifecycleHandler {
    let scheduler: Scheduler
    let scheduling: Bool
    let grace: Duration

    func didBootAsync(_ application: Application) async throws {
        await scheduler.start(scheduling: scheduling)
    }

    func shutdownAsync(_ application: Application) async {
        await scheduler.stop(grace: grace)
    }
}
