import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// The thresholds by which the weather job switches a couch's heating and cooling.
package struct WeatherWatcherService: Sendable {
    let watchers: WeatherWatcherRepository
    let devices: DeviceRepository
    let access: HomeAccess
    let now: @Sendable () -> Date

    package init(watchers: WeatherWatcherRepository, devices: DeviceRepository, access: HomeAccess, now: @escaping @Sendable () -> Date) {
        self.watchers = watchers
        self.devices = devices
        self.access = access
        self.now = now
    }

    /// Read as the couch's devices are: all by the owner; by a guest during the stay or someone
    /// granted access, the guest-controllable ones, as the automation switches devices they use.
    package func watchers(onCouch couchId: UUID, by principal: Principal) async throws -> [WeatherWatcher] {
        let role = try await access.require(principal, couchId: couchId, action: .readWatchers)
        return try await watchers.onCouch(couchId).filter { role == .owner || $0.guestControllable }
    }

    /// Sets a watcher's thresholds and the heating and cooling devices of its couch it switches.
    package func configure(_ watcherId: UUID, _ setting: WatcherSetting, by principal: Principal) async throws -> WeatherWatcher {
        guard let watcher = try await devices.find(id: watcherId) else { throw AppError.notFound("no device with id \(watcherId)") }
        try await access.requireOwner(principal, couchId: watcher.couchId, action: .setWatcher)
        guard watcher.type == .weatherWatcher else {
            throw AppError.invalid("watcher", "is a \(watcher.type.rawValue) device; thresholds belong to a weatherWatcher")
        }
        var validation = Validation()
        setting.thresholds.check(&validation)
        for (field, id, type) in [
            ("heatingDevice", setting.heatingDeviceId, DeviceType.heating),
            ("coolingDevice", setting.coolingDeviceId, .cooling)
        ] {
            guard let id else { continue }
            guard let driven = try await devices.find(id: id), driven.couchId == watcher.couchId else {
                validation.fail(field, "no device with this id on the watcher's couch")
                continue
            }
            validation.check(driven.type == type, field, "is a \(driven.type.rawValue) device, not \(type.rawValue)")
        }
        try validation.finish()

        switch try await watchers.save(watcherId: watcherId, couchId: watcher.couchId, setting, at: now()) {
        case .saved:
            break
        case .alreadyDriven(let type):
            throw AppError.invalid("\(type.rawValue)Device", "another watcher already switches this device")
        case .deviceGone:
            throw AppError.conflict("the watcher or a device it names was removed meanwhile")
        }
        let thresholds = setting.thresholds
        try await access.record(
            .person(principal), couchId: watcher.couchId, device: watcher, action: .setWatcher,
            value: "heating \(thresholds.heatOnBelow)–\(thresholds.heatOffAbove) °C, cooling \(thresholds.coolOffBelow)–\(thresholds.coolOnAbove) °C",
            outcome: .ok)
        guard let saved = try await watchers.find(id: watcherId) else { throw AppError.conflict("the watcher was removed meanwhile") }
        return saved
    }
}
