import Foundation
import Vapor

/// `GET /rest/systeminfo` (administrators only): the runtime openHAB runs on, and its start level, which
/// clients such as HABApp wait to reach 100 (everything started) before they load items and rules. The
/// simulated hub is started through once it answers; its Java runtime is made up.
struct SystemInfoRoutes {
    let hub: Hub

    func register(on routes: any RoutesBuilder) {
        routes.get("rest", "systeminfo") { request async throws -> Response in
            try request.require(.administrator)
            let uptime = ContinuousClock.now - hub.bootedAt
            return .json(["systemInfo": SystemInfo(uptime: uptime.components.seconds)])
        }
    }

    private struct SystemInfo: Encodable {
        var configFolder = "/etc/openhab"
        var userdataFolder = "/var/lib/openhab"
        var logFolder = "/var/log/openhab"
        var javaVersion = "21.0.8"
        var javaVendor = "Eclipse Adoptium"
        var javaVendorVersion = "Temurin-21.0.8+9"
        var osName = "Linux"
        var osVersion = "6.1.0"
        var osArchitecture = "amd64"
        var availableProcessors = ProcessInfo.processInfo.activeProcessorCount
        var freeMemory = 134_217_728
        var totalMemory = 268_435_456
        /// Seconds since the hub started.
        var uptime: Int64
        var startLevel = 100
    }
}
