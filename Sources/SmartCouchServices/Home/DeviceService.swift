import Foundation
import OpenHAB
import OpenHABModels
import SmartCouchDomain
import SmartCouchPersistence

/// Reading a couch's devices with their items' current states. `DeviceProvisioning` makes and
/// removes them, `DeviceCommands` commands them.
package struct DeviceService: Sendable {
    let devices: DeviceRepository
    let hubs: HubService
    let access: HomeAccess

    package init(devices: DeviceRepository, hubs: HubService, access: HomeAccess) {
        self.devices = devices
        self.hubs = hubs
        self.access = access
    }

    /// A device with each item's current state and its Thing's status on the hub; both are
    /// absent when the hub cannot be reached.
    package struct LiveDevice: Sendable {
        package var device: Device
        package var states: [UUID: String]
        package var reachable: Bool
        package var thingStatus: ThingStatusInfo?

        package init(device: Device, states: [UUID: String], reachable: Bool, thingStatus: ThingStatusInfo? = nil) {
            self.device = device
            self.states = states
            self.reachable = reachable
            self.thingStatus = thingStatus
        }
    }

    /// The couch's devices the caller may see; with `room`, only those in that room (see `Room`).
    package func devices(onCouch couchId: UUID, room: String? = nil, by principal: Principal) async throws -> [LiveDevice] {
        let role = try await access.require(principal, couchId: couchId, action: .readDevices)
        var validation = Validation()
        let wanted = room.map { Room.name($0, field: "room", in: &validation) }
        try validation.finish()
        let visible = try await devices.onCouch(couchId).filter { device in
            guard role == .owner || device.guestControllable else { return false }
            return wanted.map { Room.contains(device.room, $0) } ?? true
        }
        return try await withStates(visible, couchId: couchId)
    }

    /// Every device of a couch its caller hosts, with their states.
    package func devices(on hosted: HostedCouch) async throws -> [LiveDevice] {
        try await withStates(try await devices.onCouch(hosted.id), couchId: hosted.id)
    }

    package func device(_ deviceId: UUID, by principal: Principal) async throws -> LiveDevice {
        let device = try await find(deviceId)
        try await access.require(principal, couchId: device.couchId, device: device, action: .readDevice)
        return try await withStates([device], couchId: device.couchId)[0]
    }

    /// A device its host cannot use now, and why.
    package struct UnusableDevice: Sendable {
        package enum Reason: Sendable {
            /// The hub could not be asked, or did not answer in time (the failure, said briefly).
            case hubUnusable(String)
            /// The hub says the device's Thing is not ONLINE.
            case thing(ThingStatusInfo)
            /// The hub has no such Thing any more.
            case thingMissing
        }

        package var device: Device
        package var reason: Reason
    }

    /// Every device on the host's couches that cannot be used now: each of a hub that cannot be
    /// asked, and each whose Thing its hub says is not ONLINE. One call to each hub, however many
    /// couches share it, all at once, each bounded by `patience`: a glance must not wait for a
    /// hub's full timeout.
    package func unusable(ownedBy principal: Principal, patience: Duration = .seconds(2)) async throws -> [UnusableDevice] {
        // A device without a Thing (a weather watcher) has nothing on the hub to be offline.
        let owned = try await devices.ownedBy(principal.userId).filter { $0.thingUID != nil }
        var byHub: [HubService.ResolvedHub.Key: (hub: HubService.ResolvedHub, devices: [Device])] = [:]
        var hubless: [UnusableDevice] = []
        for (couchId, devices) in Dictionary(grouping: owned, by: \.couchId) {
            do {
                let hub = try await hubs.hub(for: couchId)
                byHub[hub.key, default: (hub, [])].devices += devices
            } catch let error as AppError {
                // Its hub's token no longer opens with this server's key, or the hub is gone.
                hubless += devices.map { UnusableDevice(device: $0, reason: .hubUnusable(error.detail)) }
            }
        }
        let deadline = ContinuousClock.now + patience
        return await withTaskGroup(of: [UnusableDevice].self) { group in
            for (hub, devices) in byHub.values {
                group.addTask {
                    let listed: [Thing]
                    do {
                        listed = try await hubs.call(on: hub, until: deadline) { client throws(OpenHABError) in try await client.things(summary: true)
                        }
                    } catch {
                        let reason = (error as? AppError)?.detail ?? "\(error)"
                        return devices.map { UnusableDevice(device: $0, reason: .hubUnusable(reason)) }
                    }
                    let things = Dictionary(listed.map { ($0.uid.rawValue, $0.statusInfo) }) { first, _ in first }
                    return devices.compactMap { device in
                        guard let uid = device.thingUID else { return nil }
                        guard let status = things[uid] else { return UnusableDevice(device: device, reason: .thingMissing) }
                        return status.status == .online ? nil : UnusableDevice(device: device, reason: .thing(status))
                    }
                }
            }
            return await group.reduce(into: hubless) { $0 += $1 }.sorted { $0.device.name < $1.device.name }
        }
    }

    private func withStates(_ devices: [Device], couchId: UUID) async throws -> [LiveDevice] {
        let items = devices.flatMap(\.items)
        guard !items.isEmpty else { return devices.map { LiveDevice(device: $0, states: [:], reachable: true) } }
        let hub = try await hubs.hub(for: couchId)
        // Concurrently, each bounded by the hub timeout: a slow hub costs one timeout, not one per item.
        async let statuses = thingStatuses(of: Set(devices.compactMap(\.thingUID)), on: hub)
        let results = await withTaskGroup(of: (UUID, Result<State, OpenHABError>).self) { group in
            for item in items {
                group.addTask {
                    do throws(OpenHABError) {
                        return (item.id, .success(try await hub.client.state(of: try ItemName.checked(item.itemName))))
                    } catch {
                        return (item.id, .failure(error))
                    }
                }
            }
            return await group.reduce(into: [UUID: Result<State, OpenHABError>]()) { $0[$1.0] = $1.1 }
        }
        let reachable = !results.values.contains { if case .failure(let error) = $0 { error.meansUnreachable } else { false } }
        let states = results.compactMapValues { try? $0.get().rawValue }
        let things = await statuses
        return devices.map { LiveDevice(device: $0, states: states, reachable: reachable, thingStatus: $0.thingUID.flatMap { things[$0] }) }
    }

    /// Each Thing's status, as its hub tells it now; a Thing the hub did not answer for is left out.
    private func thingStatuses(of uids: Set<String>, on hub: HubService.ResolvedHub) async -> [String: ThingStatusInfo] {
        await withTaskGroup(of: (String, ThingStatusInfo?).self) { group in
            for uid in uids {
                group.addTask {
                    guard let thing = try? ThingUID(uid) else { return (uid, nil) }
                    return (uid, try? await hub.client.thing(thing).statusInfo)
                }
            }
            return await group.reduce(into: [String: ThingStatusInfo]()) { $0[$1.0] = $1.1 }
        }
    }

    private func find(_ deviceId: UUID) async throws -> Device {
        guard let device = try await devices.find(id: deviceId) else { throw AppError.notFound("no device with id \(deviceId)") }
        return device
    }
}
