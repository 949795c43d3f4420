import Foundation

/// What one run of the weather job did; the scheduler stores it as the run's summary.
public struct WeatherRunSummary: Encodable, Sendable {
    /// Cities whose reading was fresh enough to act on.
    public var citiesFetched = 0
    /// Cities whose provider call failed or whose reading was older than the limit.
    public var citiesFailed = 0
    /// Watched couches whose thresholds were checked against a reading (one per watcher: a couch
    /// with two watchers counts twice).
    public var couchesEvaluated = 0
    /// Commands the hubs accepted.
    public var commandsSent = 0
    /// Driven devices left as they were: inside their gap, or already as wanted.
    public var unchanged = 0
    /// Watched couches not evaluated, because their city had no reading to act on (also per watcher).
    public var skipped = 0
    /// Driven devices that needed a command their hub could not be asked for or did not take.
    public var failed = 0
    /// The first few failed cities and devices, to say why without growing with the failures.
    public var cityFailures: [CityFailure] = []
    public var failures: [DeviceFailure] = []

    public struct CityFailure: Encodable, Sendable {
        public var city: String
        public var reason: String
    }

    public struct DeviceFailure: Encodable, Sendable {
        public var couchId: UUID
        public var configurationId: UUID
        public var reason: String
    }

    static let detailLimit = 20

    mutating func cityFailed(_ city: String, _ reason: String) {
        citiesFailed += 1
        if cityFailures.count < Self.detailLimit { cityFailures.append(CityFailure(city: city, reason: reason)) }
    }

    mutating func deviceFailed(couchId: UUID, configurationId: UUID, _ reason: String) {
        failed += 1
        if failures.count < Self.detailLimit {
            failures.append(DeviceFailure(couchId: couchId, configurationId: configurationId, reason: reason))
        }
    }
}
