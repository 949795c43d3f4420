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

    package func device(_ deviceId: UUID, by principal: Principal) async throws -> LiveDevice {
        let device = try await find(deviceId)
        try await access.require(principal, couchId: device.couchId, device: device, action: .readDevice)
        return try await withStates([device], couchId: device.couchId)[0]
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
