import Vapor

/// Starts the scheduler once the server has booted and stops it, waiting for a run in progress
/// to notice cancellation, before the server shuts down.
struct SchedulerLifecycle: LifecycleHandler {
    let scheduler: Scheduler
    let scheduling: Bool

    func didBootAsync(_ application: Application) async throws {
        await scheduler.start(scheduling: scheduling)
    }

    func shutdownAsync(_ application: Application) async {
        await scheduler.stop()
    }
}
