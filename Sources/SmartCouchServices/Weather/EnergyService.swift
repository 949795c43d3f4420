import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// What the weather job did for a couch over the last days, for its host: the outdoor
/// temperatures it read for the couch's city, the thresholds it switched by, and when the couch's
/// heating and cooling were on.
package struct EnergyService: Sendable {
    let couches: CouchService
    let watchers: WeatherWatcherRepository
    let readings: WeatherReadingRepository
    let log: AccessLogRepository
    let now: @Sendable () -> Date

    package init(
        couches: CouchService, watchers: WeatherWatcherRepository, readings: WeatherReadingRepository, log: AccessLogRepository,
        now: @escaping @Sendable () -> Date
    ) {
        self.couches = couches
        self.watchers = watchers
        self.readings = readings
        self.log = log
        self.now = now
    }

    package struct Report: Sendable {
        package var from: Date
        package var until: Date
        package var readings: [WeatherReadingRecord]
        /// The watcher's, when one is set up.
        package var thresholds: WatcherThresholds?
        /// The devices the watcher switches, with their switches; nil when it switches none of that kind.
        package var heating: SwitchHistory?
        package var cooling: SwitchHistory?
    }

    package func report(couchId: UUID, days: Int, by principal: Principal) async throws -> Report {
        let couch = try await couches.owned(couchId, by: principal)
        let until = now()
        let from = until.addingTimeInterval(-Double(days) * 86_400)
        // As the job keys what it read.
        let city = WeatherJob.location(city: couch.details.city, country: couch.details.country).description.lowercased()
        async let read = readings.readings(city: city, since: from)
        let setting = try await watchers.onCouch(couchId).compactMap(\.setting).first
        let driven = [setting?.heatingDeviceId, setting?.coolingDeviceId].compactMap { $0 }
        let switches = try await log.switches(couchId: couchId, deviceIds: driven, since: from)
        func history(_ id: UUID?) -> SwitchHistory? {
            id.map { id in SwitchHistory(switches.filter { $0.deviceId == id }.map(\.change)) }
        }
        return Report(
            from: from, until: until, readings: try await read, thresholds: setting?.thresholds,
            heating: history(setting?.heatingDeviceId), cooling: history(setting?.coolingDeviceId))
    }
}
