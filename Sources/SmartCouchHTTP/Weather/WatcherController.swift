import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// The weather automation's thresholds: `/home/watchers`.
struct WatcherController {
    let watchers: WeatherWatcherService

    func register(authenticated: any RoutesBuilder) {
        let home = authenticated.grouped("home", "watchers")
        home.get(":couchId", use: watchersOnCouch)
        home.put(":configurationId", use: configure)
    }

    @Sendable func watchersOnCouch(_ request: Request) async throws -> [WatcherBody] {
        try await watchers.watchers(onCouch: request.uuid("couchId"), by: request.principal).map(WatcherBody.init)
    }

    @Sendable func configure(_ request: Request) async throws -> WatcherBody {
        let input = try request.body(WatcherInput.self)
        let watcherId = try request.uuid("configurationId")
        let names = ["watcher": "configurationId", "heatingDevice": "heatingConfigurationId", "coolingDevice": "coolingConfigurationId"]
        return WatcherBody(
            try await spelling(names) {
                try await watchers.configure(
                    watcherId,
                    WatcherSetting(
                        heatingDeviceId: input.heatingConfigurationId, coolingDeviceId: input.coolingConfigurationId,
                        thresholds: WatcherThresholds(
                            heatOnBelow: input.heatOnBelow, heatOffAbove: input.heatOffAbove,
                            coolOnAbove: input.coolOnAbove, coolOffBelow: input.coolOffBelow)
                    ), by: request.principal)
            })
    }
}
