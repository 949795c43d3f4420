import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// What one run of the weather job did; the scheduler stores it as the run's summary.
package struct WeatherRunSummary: Encodable, Sendable {
    /// Cities whose reading was fresh enough to act on.
    package var citiesFetched = 0
    /// Cities whose provider call failed or whose reading was older than the limit.
    package var citiesFailed = 0
    /// Watched couches whose thresholds were checked against a reading (one per watcher: a couch
    /// with two watchers counts twice).
    package var couchesEvaluated = 0
    /// Commands the hubs accepted.
    package var commandsSent = 0
    /// Driven devices left as they were: inside their gap, or already as wanted.
    package var unchanged = 0
    /// Watched couches not evaluated, because their city had no reading to act on (also per watcher).
    package var skipped = 0
    /// Driven devices that needed a command their hub could not be asked for or did not take.
    package var failed = 0
    /// The first few failed cities and devices, to say why without growing with the failures.
    package var cityFailures: [CityFailure] = []
    package var failures: [DeviceFailure] = []

    package struct CityFailure: Encodable, Sendable {
        package var city: String
        package var reason: String

        package init(city: String, reason: String) {
            self.city = city
            self.reason = reason
        }
    }

    package struct DeviceFailure: Encodable, Sendable {
        package var couchId: UUID
        package var configurationId: UUID
        package var reason: String

        package init(couchId: UUID, configurationId: UUID, reason: String) {
            self.couchId = couchId
            self.configurationId = configurationId
            self.reason = reason
        }
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
