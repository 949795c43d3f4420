import Foundation
import HTTPTransport
import OpenHAB
import OpenHABModels
import SmartCouchDomain
import SmartCouchPersistence

/// The one way a command reaches a device, whoever gives it: who may act on the device at this
/// moment, whether the command fits the item, the hub call, and the access log's line for it (ok,
/// denied or failed). People toggle and set; jobs switch main switches.
package struct DeviceCommands: Sendable {
    let devices: DeviceRepository
    let hubs: HubService
    let access: HomeAccess
    let passwords: PasswordConfirmation
    let stays: StayRepository
    let delivery: CommandDelivery
    let now: @Sendable () -> Date

    /// `confirmWithin`: how long a command waits for the device's own report before it is answered
    /// as sent but not confirmed.
    package init(
        devices: DeviceRepository, hubs: HubService, access: HomeAccess, passwords: PasswordConfirmation, stays: StayRepository,
        confirmWithin: Duration, streams: any Transport, reports: ItemReports, now: @escaping @Sendable () -> Date
    ) {
        self.devices = devices
        self.hubs = hubs
        self.access = access
        self.passwords = passwords
        self.stays = stays
        self.delivery = CommandDelivery(hubs: hubs, confirmWithin: confirmWithin, streams: streams, reports: reports)
        self.now = now
    }

    /// How recent a login must be to unlock a door without typing the password again.
    static let stepUpWindow: TimeInterval = 5 * 60

    package struct CommandResult: Sendable {
        package var item: DeviceItem
        /// The state the device reported when confirmed; the commanded one otherwise.
        package var state: String
        /// The device reported the commanded state in time.
        package var confirmed: Bool
        /// What the device reported instead, when it reported something else.
        package var reportedState: String?

        package init(item: DeviceItem, state: String, confirmed: Bool, reportedState: String? = nil) {
            self.item = item
            self.state = state
            self.confirmed = confirmed
            self.reportedState = reportedState
        }
    }

    /// Flips a device's main switch (for a lock, ON is locked), a lamp's dimmer or a shutter. With
    /// `couch`, only an item of that couch: a page of one couch's home switches nothing elsewhere.
    package func toggle(itemId: UUID, on couch: HostedCouch? = nil, password: String?, by principal: Principal) async throws -> CommandResult {
        // The couch's hub is read with the device and who may act: reading it changes nothing, and a
        // refusal still comes first.
        let (device, item, relation, ownHub) = try await find(itemId: itemId, on: couch, for: principal)
        let actor = Actor.person(principal)
        try await access.require(principal, as: relation, couchId: device.couchId, device: device, action: .switch, itemName: item.itemName)
        try Self.requireCommands(to: device)
        guard let flip = ItemCommand.flip(of: item.itemType) else {
            throw AppError.invalid("item", "only a Switch, Dimmer or Rollershutter can be toggled; other items take a property value instead")
        }
        let name = try ItemName(item.itemName)
        let hub = try hubs.hub(for: device.couchId, own: ownHub)
        let deadline = hubs.deadline()
        // The device's Thing is asked whether it is online meanwhile: two reads, one wait.
        let (current, status) = try await recordingFailure(of: .switch, on: item, of: device, by: actor) {
            async let status = delivery.status(of: device, on: hub, until: deadline)
            let current = try await hubs.call(on: hub, until: deadline) { client throws(OpenHABError) in try await client.state(of: name) }
            return (current, try await status)
        }
        return try await send(
            flip(current), to: item, of: device, status: status, via: hub, until: deadline, action: .switch, by: actor, password: password)
    }

    /// Sets one property: ON/OFF for switches, a number within the item's range for numbers,
    /// 5–35 °C for temperature setpoints, ON/OFF or 0–100 % for dimmers, UP/DOWN/STOP or 0–100 %
    /// for shutters. Sensors cannot be set.
    package func set(itemId: UUID, on couch: HostedCouch? = nil, to value: String, password: String?, by principal: Principal) async throws
        -> CommandResult
    {
        try await set(itemId: itemId, on: couch, to: value, password: password, as: .person(principal), reason: nil)
    }

    /// Who gives a command, and so what they may command.
    package enum Authority: Sendable {
        /// Whatever the person may do on the couch right now.
        case person(Principal)
        /// A stay link's holder inside the stay's window: the devices the host made available to guests.
        case linkHolder
        /// An automation of the couch's, for its owner: anything but unlocking a door.
        case automation(String)

        var person: Principal? {
            if case .person(let principal) = self { principal } else { nil }
        }

        package var actor: Actor {
            switch self {
            case .person(let principal): .person(principal)
            case .linkHolder: .atDoor(userId: nil, name: "the stay link's holder")
            case .automation(let name): .automation(name)
            }
        }
    }

    /// The same, given with `authority`'s rights; `reason` is the log's detail (what gave it).
    package func set(
        itemId: UUID, on couch: HostedCouch? = nil, to value: String, password: String? = nil, as authority: Authority, reason: String?
    ) async throws -> CommandResult {
        let (device, item, relation, ownHub) = try await find(itemId: itemId, on: couch, for: authority.person)
        let actor = authority.actor
        try await permit(authority, relation: relation, device: device, item: item, value: value)
        try Self.requireCommands(to: device)
        guard !item.reportsLockEvents else {
            throw AppError.invalid("item", "a lock's notifications come from the lock itself and cannot be set")
        }
        let name = try ItemName(item.itemName)
        let hub = try hubs.hub(for: device.couchId, own: ownHub)
        let deadline = hubs.deadline()
        let (current, status) = try await recordingFailure(of: .set, on: item, of: device, value: value, by: actor, reason: reason) {
            async let status = delivery.status(of: device, on: hub, until: deadline)
            let current = try await hubs.call(on: hub, until: deadline) { client throws(OpenHABError) in try await client.item(name) }
            return (current, try await status)
        }
        let description = current.stateDescription
        let command: Command
        switch ItemCommand.parse(value, for: item.itemType, readOnly: description?.readOnly ?? false) {
        case .success(let parsed): command = parsed
        case .failure(let failure): throw AppError.invalid("command", failure.reason)
        }
        if case .quantity(let number, _) = command, let minimum = description?.minimum, let maximum = description?.maximum,
            !(minimum...maximum).contains(number)
        {
            throw AppError.invalid("command", "must be from \(minimum) to \(maximum) for this item")
        }
        return try await send(
            command, to: item, of: device, status: status, via: hub, until: deadline, action: .set, by: actor, password: password, reason: reason)
    }

    private func permit(
        _ authority: Authority, relation: HomeAccessRepository.Relation?, device: Device, item: DeviceItem, value: String
    ) async throws {
        switch authority {
        case .person(let principal):
            try await access.require(
                principal, as: relation, couchId: device.couchId, device: device, action: .set, itemName: item.itemName, value: value)
        case .linkHolder where !device.guestControllable:
            let refusal = "the host has not made this device available to guests"
            try await access.record(
                authority.actor, couchId: device.couchId, device: device, itemName: item.itemName, action: .set,
                value: value, outcome: .denied, detail: refusal)
            throw AppError.forbidden(refusal)
        case .linkHolder, .automation:
            return
        }
    }

    // MARK: For jobs, which act on many couches at once

    /// The devices with these ids, by id; missing ones are left out.
    package func devices(ids: [UUID]) async throws -> [UUID: Device] {
        Dictionary(try await devices.find(ids: ids).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The hub serving a couch whose own hub (if any) was read along with other rows.
    package func hub(for couchId: UUID, own: HubRecord?) throws -> HubService.ResolvedHub {
        try hubs.hub(for: couchId, own: own)
    }

    /// Every Switch item's state on a hub, by item name, in one call.
    package func switchStates(on hub: HubService.ResolvedHub) async throws -> [String: State] {
        try await hubs.switchStates(on: hub)
    }

    /// An item's state as its hub has it now: what an automation that switches it puts back.
    package func liveState(itemId: UUID) async throws -> String {
        let (device, item, ownHub) = try await find(itemId: itemId)
        let name = try ItemName(item.itemName)
        let hub = try hubs.hub(for: device.couchId, own: ownHub)
        return try await hubs.call(on: hub, until: hubs.deadline()) { client throws(OpenHABError) in try await client.state(of: name) }.rawValue
    }

    /// Why a job could not use a couch's hub, in words for the log.
    package struct HubUnavailable: Error, Sendable {
        package var reason: String

        package init(reason: String) { self.reason = reason }
    }

    /// Switches a device's main item for a job, with `reason` as the log's detail. `hub` is the
    /// couch's hub as the job resolved it, or why it could not be; either way the log has a line.
    /// Locks are left to people.
    package func switchMain(
        of device: Device, to command: Command, via hub: Result<HubService.ResolvedHub, HubUnavailable>, by actor: Actor, reason: String
    ) async throws -> CommandResult {
        guard let item = device.mainItem else {
            throw AppError.conflict("the device has no main switch")
        }
        guard device.type != .lock else {
            let refusal = "only people lock and unlock doors"
            try await access.record(
                actor, couchId: device.couchId, device: device, itemName: item.itemName, action: .switch,
                value: command.rawValue, outcome: .denied, detail: refusal)
            throw AppError.forbidden(refusal)
        }
        switch hub {
        case .success(let resolved):
            let deadline = hubs.deadline()
            let status = try await recordingFailure(of: .switch, on: item, of: device, value: command.rawValue, by: actor, reason: reason) {
                try await delivery.status(of: device, on: resolved, until: deadline)
            }
            return try await send(
                command, to: item, of: device, status: status, via: resolved, until: deadline, action: .switch, by: actor, reason: reason)
        case .failure(let unavailable):
            try await access.record(
                actor, couchId: device.couchId, device: device, itemName: item.itemName, action: .switch,
                value: command.rawValue, outcome: .failed, detail: unavailable.reason)
            throw unavailable
        }
    }

    // MARK: For provisioning

    /// Sends a new device's item its initial state while the device is being made, for the host
    /// making it. The device is not stored yet, so the log's line names the item alone.
    package func initialize(
        _ item: ItemName, ofType type: ItemType, to command: Command, couchId: UUID, via hub: HubService.ResolvedHub, by principal: Principal
    ) async throws {
        let actor = Actor.person(principal)
        do {
            try await hubs.call(on: hub, until: hubs.deadline()) { client throws(OpenHABError) in
                try await client.send(command, to: item, ofType: type)
            }
        } catch let error as AppError where [.badGateway, .gatewayTimeout, .deviceOffline].contains(error.kind) {
            try await access.record(
                actor, couchId: couchId, itemName: item.rawValue, action: .set, value: command.rawValue,
                outcome: .failed, detail: error.detail)
            throw error
        }
        try await access.record(
            actor, couchId: couchId, itemName: item.rawValue, action: .set, value: command.rawValue,
            outcome: .ok, detail: "the initial state of a new device")
    }

    /// `status`: what the hub said of the device's Thing, read along with the item.
    private func send(
        _ command: Command, to item: DeviceItem, of device: Device, status: ThingStatusInfo?, via hub: HubService.ResolvedHub,
        until deadline: ContinuousClock.Instant, action: AccessAction, by actor: Actor, password: String? = nil, reason: String? = nil
    ) async throws -> CommandResult {
        if device.type == .lock && item.isMain && command == .off {
            guard case .person(let principal) = actor else {
                let refusal = "only people unlock doors"
                try await access.record(
                    actor, couchId: device.couchId, device: device, itemName: item.itemName, action: action,
                    value: command.rawValue, outcome: .denied, detail: refusal)
                throw AppError.forbidden(refusal)
            }
            try await requireRecentAuthentication(principal, password: password, device: device, item: item, action: action)
        }
        let name = try ItemName(item.itemName)
        let outcome = try await recordingFailure(of: action, on: item, of: device, value: command.rawValue, by: actor, reason: reason) {
            try await delivery.deliver(command, to: name, ofType: item.itemType, status: status, deviceName: device.name, via: hub, until: deadline)
        }
        switch outcome {
        case .confirmed(let state, let hubFailure):
            let notes = [reason, hubFailure.map { "confirmed by the device though the hub failed: \($0)" }].compactMap { $0 }
            try await access.record(
                actor, couchId: device.couchId, device: device, itemName: item.itemName, action: action,
                value: command.rawValue, outcome: .ok, detail: notes.isEmpty ? nil : notes.joined(separator: "; "))
            if let guestId = actor.userId, device.type == .lock && item.isMain && command == .off {
                // A guest opening the door in their stay window has arrived; a host opening it is not a check-in.
                _ = try await stays.checkInByApp(guestId: guestId, couchId: device.couchId, at: now())
            }
            return CommandResult(item: item, state: state.rawValue, confirmed: true)
        case .unconfirmed(let reported, let hubFailure):
            let milliseconds = delivery.confirmWithin.milliseconds
            let sent = hubFailure.map { "sent, result unknown (\($0))" } ?? "sent, not confirmed"
            let detail =
                "\(sent): the device did not report \(command.rawValue) within \(milliseconds) ms"
                + (reported.map { "; it reported \($0.rawValue)" } ?? "")
            try await access.record(
                actor, couchId: device.couchId, device: device, itemName: item.itemName, action: action,
                value: command.rawValue, outcome: .unconfirmed, detail: [reason, detail].compactMap { $0 }.joined(separator: "; "))
            return CommandResult(item: item, state: command.rawValue, confirmed: false, reportedState: reported?.rawValue)
        case .unconfirmable(let version):
            let detail = "sent, not confirmed: the hub runs openHAB \(version), which does not announce state updates (openHAB 4.0 and later do)"
            try await access.record(
                actor, couchId: device.couchId, device: device, itemName: item.itemName, action: action,
                value: command.rawValue, outcome: .unconfirmed, detail: [reason, detail].compactMap { $0 }.joined(separator: "; "))
            return CommandResult(item: item, state: command.rawValue, confirmed: false)
        }
    }

    /// A command that its hub failed is logged as failed, whichever call of it failed.
    private func recordingFailure<T>(
        of action: AccessAction, on item: DeviceItem, of device: Device, value: String? = nil, by actor: Actor, reason: String? = nil,
        _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch let error as AppError where [.badGateway, .gatewayTimeout, .deviceOffline].contains(error.kind) {
            try await access.record(
                actor, couchId: device.couchId, device: device, itemName: item.itemName, action: action,
                value: value, outcome: .failed, detail: [reason, error.detail].compactMap { $0 }.joined(separator: "; "))
            throw error
        }
    }

    /// Unlocking a door is the backend's counterpart of the app's Face ID prompt: a login within
    /// the last minutes, or the password again.
    private func requireRecentAuthentication(
        _ principal: Principal, password: String?, device: Device, item: DeviceItem, action: AccessAction
    ) async throws {
        if now().timeIntervalSince(principal.authenticatedAt) <= Self.stepUpWindow { return }
        if let password, try await passwords.confirm(password, for: principal) { return }
        try await access.record(
            .person(principal), couchId: device.couchId, device: device, itemName: item.itemName, action: action,
            value: "OFF", outcome: .denied,
            detail: password == nil ? "unlocking needs a recent login or the password" : "wrong password")
        throw AppError(
            .reauthenticationRequired,
            password == nil
                ? "unlocking needs a login within the last 5 minutes: send the password in the body or log in again"
                : "the password is wrong")
    }

    /// A sensor device is refused before its hub is asked anything.
    private static func requireCommands(to device: Device) throws {
        guard device.type.takesCommands else {
            throw AppError.invalid("item", "\(device.name) is a sensor: it reports, and takes no commands")
        }
    }

    /// The same, and for a person who they are to the device's couch, read at once.
    private func find(
        itemId: UUID, on couch: HostedCouch?, for person: Principal?
    ) async throws -> (Device, DeviceItem, HomeAccessRepository.Relation?, HubRecord?) {
        guard let person else {
            let (device, item, ownHub) = try await find(itemId: itemId, on: couch)
            return (device, item, nil, ownHub)
        }
        guard let (device, ownHub, relation) = try await devices.owning(itemId: itemId, relationOf: person.userId, at: now()) else {
            throw AppError.notFound("no device item with id \(itemId)")
        }
        return (device, try Self.item(itemId, of: device, on: couch), relation, ownHub)
    }

    /// The device with the item, the item, and the couch's own hub (nil: none).
    private func find(itemId: UUID, on couch: HostedCouch? = nil) async throws -> (Device, DeviceItem, HubRecord?) {
        guard let (device, ownHub) = try await devices.owning(itemId: itemId) else {
            throw AppError.notFound("no device item with id \(itemId)")
        }
        return (device, try Self.item(itemId, of: device, on: couch), ownHub)
    }

    /// The item of the device, when the device is on `couch` (if given): a page of one couch's
    /// home finds nothing elsewhere.
    private static func item(_ itemId: UUID, of device: Device, on couch: HostedCouch?) throws -> DeviceItem {
        guard couch.map({ $0.id == device.couchId }) ?? true, let item = device.items.first(where: { $0.id == itemId }) else {
            throw AppError.notFound("no device item with id \(itemId)")
        }
        return item
    }
}
