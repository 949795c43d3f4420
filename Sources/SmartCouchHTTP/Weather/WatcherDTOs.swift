import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

struct WatcherInput: Content {
    var heatingConfigurationId: UUID?
    var coolingConfigurationId: UUID?
    var heatOnBelow: Double
    var heatOffAbove: Double
    var coolOnAbove: Double
    var coolOffBelow: Double
}

/// A watcher; the setting's fields are absent until the host sets them.
struct WatcherBody: Content {
    var id: UUID
    var couchId: UUID
    var name: String
    var guestControllable: Bool
    var heatingConfigurationId: UUID?
    var coolingConfigurationId: UUID?
    var heatOnBelow: Double?
    var heatOffAbove: Double?
    var coolOnAbove: Double?
    var coolOffBelow: Double?
    var updatedAt: Date?

    init(_ watcher: WeatherWatcher) {
        id = watcher.id
        couchId = watcher.couchId
        name = watcher.name
        guestControllable = watcher.guestControllable
        heatingConfigurationId = watcher.setting?.heatingDeviceId
        coolingConfigurationId = watcher.setting?.coolingDeviceId
        heatOnBelow = watcher.setting?.thresholds.heatOnBelow
        heatOffAbove = watcher.setting?.thresholds.heatOffAbove
        coolOnAbove = watcher.setting?.thresholds.coolOnAbove
        coolOffBelow = watcher.setting?.thresholds.coolOffBelow
        updatedAt = watcher.updatedAt
    }
}
