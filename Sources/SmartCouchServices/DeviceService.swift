import Foundation
import OpenHAB
import SmartCouchDomain
import SmartCouchPersistence

/// Devices on couches: creating them in the hub, reading them, and commanding them.
package struct DeviceService: Sendable {
    let devices: DeviceRepository
    let hubs: HubService
    let access: HomeAccess
    let passwords: PasswordConfirmation
    let now: @Sendable () -> Date

    package init(devices: DeviceRepository, hubs: HubService, access: HomeAccess, passwords: PasswordConfirmation, now: @escaping @Sendable () -> Date) {
        self.devices = devices
        self.hubs = hubs
        self.access = access
        self.passwords = passwords
        self.now = now
    }

    /// How recent a login must be to unlock a door without typing the password again.
    static let stepUpWindow: TimeInterval = 5 * 60

    // MARK: Wizard

    /// The hub's channels that fit a device type, for the host choosing what to attach.
    package func fittingChannels(type: DeviceType, couchId: UUID, by principal: Principal) async throws -> [(Thing, Channel)] {
        try await access.requireOwner(principal, couchId: couchId, action: "list channels")
        let things = try await hubs.call(couchId) { client throws(OpenHABError) in try await client.things() }
        return things.flatMap { thing in
            thing.channels.filter { $0.kind == .state && type.fittingItemTypes.contains($0.itemType?.rawValue ?? "") }.map { (thing, $0) }
        }
    }

    // MARK: Creating and deleting

    package struct NewDevice: Sendable {
        package var couchId: UUID
        package var name: String
        package var type: DeviceType
        package var thingUID: String?
        package var guestControllable: Bool?
        package var properties: [(channelUID: String, initialState: String?)]

        package init(couchId: UUID, name: String, type: DeviceType, thingUID: String? = nil, guestControllable: Bool? = nil, properties: [(channelUID: String, initialState: String?)]) {
            self.couchId = couchId
            self.name = name
            self.type = type
            self.thingUID = thingUID
            self.guestControllable = guestControllable
            self.properties = properties
        }
    }

    /// Creates an item per chosen channel, links it and sends its initial state; then stores the
    /// device. Any failure undoes what was made in the hub, so nothing half-made remains.
    package func create(_ new: NewDevice, by principal: Principal) async throws -> Device {
        try await access.requireOwner(principal, couchId: new.couchId, action: "create device")
        let name = new.name.trimmingCharacters(in: .whitespaces)
        var validation = Validation()
        validation.check((1...100).contains(name.count), "name", "must be 1 to 100 characters")
        if new.type != .weatherWatcher {
            validation.check(new.thingUID.flatMap { try? ThingUID($0) } != nil, "thingUID", "must be an openHAB thing UID such as zwave:device:1:node5")
            validation.check(!new.properties.isEmpty, "properties", "choose at least one channel")
        } else {
            validation.check(new.properties.isEmpty, "properties", "a weather watcher has no channels of its own")
        }
        validation.check(Set(new.properties.map(\.channelUID)).count == new.properties.count, "properties", "a channel can be chosen once")
        try validation.finish()

        let plan = new.type == .weatherWatcher ? [] : try await plan(new, name: name)
        let deviceId = UUID()
        let items = plan.map { step in
            DeviceRepository.NewItem(
                itemName: Self.itemName(device: deviceId, name: name, channel: step.channel), channelUID: step.channel.uid.rawValue,
                itemType: step.type.rawValue, label: "\(name) \(step.channel.label ?? step.channel.id)", isMain: step.isMain)
        }
        let hub = try await hubs.hub(for: new.couchId)
        var made = Saga(client: hub.client)
        do {
            for (step, item) in zip(plan, items) {
                let itemName = try ItemName(item.itemName)
                try await made.putItem(ItemDefinition(name: itemName, type: step.type, label: item.label))
                try await made.link(itemName, to: step.channel.uid)
                if let initial = step.initialCommand {
                    try await hub.client.send(initial, to: itemName, ofType: step.type)
                }
            }
        } catch {
            await made.undo()
            throw AppError.hub(error)
        }
        do {
            let id = try await devices.create(
                couchId: new.couchId, name: name, type: new.type, thingUID: new.thingUID,
                // Guests may use every device, locks included, unless the host says otherwise.
                guestControllable: new.guestControllable ?? true, items: items)
            try await access.record(principal, couchId: new.couchId, device: nil, itemName: nil, action: "create device", value: name, outcome: .ok, detail: nil)
            return try await devices.find(id: id)!
        } catch {
            await made.undo()
            throw error
        }
    }

    /// One channel to attach: checked against the hub's thing before anything is made.
    struct Step {
        var channel: Channel
        var type: ItemType
        var isMain: Bool
        var initialCommand: Command?

        package init(channel: Channel, type: ItemType, isMain: Bool, initialCommand: Command? = nil) {
            self.channel = channel
            self.type = type
            self.isMain = isMain
            self.initialCommand = initialCommand
        }
    }

    private func plan(_ new: NewDevice, name: String) async throws -> [Step] {
        let thingUID = try ThingUID(new.thingUID ?? "")
        let thing = try await hubs.call(new.couchId) { client throws(OpenHABError) in try await client.thing(thingUID) }
        var validation = Validation()
        var steps: [Step] = []
        for (index, property) in new.properties.enumerated() {
            let field = "properties[\(index)]"
            guard let channel = thing.channels.first(where: { $0.uid.rawValue == property.channelUID }) else {
                validation.fail("\(field).channelUID", "the thing \(thingUID) has no channel \(property.channelUID)")
                continue
            }
            guard let type = channel.itemType, new.type.fittingItemTypes.contains(type.rawValue) else {
                validation.fail("\(field).channelUID", "a \(new.type.rawValue) device takes \(new.type.fittingItemTypes.sorted().joined(separator: " or ")) channels, not \(channel.itemType?.rawValue ?? "untyped")")
                continue
            }
            var step = Step(channel: channel, type: type, isMain: false, initialCommand: nil)
            if let initial = property.initialState {
                switch Self.command(initial, for: type, readOnly: false) {
                case .success(let command): step.initialCommand = command
                case .failure(let failure): validation.fail("\(field).initialState", failure.reason)
                }
            }
            steps.append(step)
        }
        if let main = steps.firstIndex(where: { $0.type.base == .switch }) {
            steps[main].isMain = true
        } else if validation.isEmpty {
            validation.fail("properties", "a \(new.type.rawValue) device needs a Switch channel for its main switch")
        }
        try validation.finish()
        return steps
    }

    /// openHAB item names allow letters, digits and underscores; a piece of the device id keeps
    /// them unique in a hub that several couches share.
    static func itemName(device: UUID, name: String, channel: Channel) -> String {
        let readable = (name + "_" + channel.id).unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? Character($0) : "_" }
        let suffix = device.uuidString.lowercased().prefix(8)
        return "sc_" + String(String(readable).prefix(48)) + "_" + suffix
    }

    package func delete(_ deviceId: UUID, by principal: Principal) async throws {
        let device = try await find(deviceId)
        try await access.requireOwner(principal, couchId: device.couchId, action: "delete device")
        let hub = try await hubs.hub(for: device.couchId)
        do {
            for item in device.items {
                let name = try ItemName(item.itemName)
                if let channel = try? ChannelUID(item.channelUID) {
                    try await ignoringNotFound { () throws(OpenHABError) in try await hub.client.unlink(name, from: channel) }
                }
                try await ignoringNotFound { () throws(OpenHABError) in try await hub.client.deleteItem(name) }
            }
        } catch {
            throw AppError.hub(error)
        }
        try await devices.delete(id: deviceId)
        try await access.record(principal, couchId: device.couchId, device: nil, itemName: nil, action: "delete device", value: device.name, outcome: .ok, detail: nil)
    }

    // MARK: Reading

    /// A device with each item's current state; the states are nil when the hub cannot be reached.
    package struct LiveDevice: Sendable {
        package var device: Device
        package var states: [UUID: String]
        package var reachable: Bool

        package init(device: Device, states: [UUID: String], reachable: Bool) {
            self.device = device
            self.states = states
            self.reachable = reachable
        }
    }

    package func devices(onCouch couchId: UUID, by principal: Principal) async throws -> [LiveDevice] {
        let role = try await access.require(principal, couchId: couchId, action: "read devices")
        let visible = try await devices.onCouch(couchId).filter { role == .owner || $0.guestControllable }
        return try await withStates(visible, couchId: couchId)
    }

    package func device(_ deviceId: UUID, by principal: Principal) async throws -> LiveDevice {
        let device = try await find(deviceId)
        try await access.require(principal, couchId: device.couchId, device: device, action: "read device")
        return try await withStates([device], couchId: device.couchId)[0]
    }

    private func withStates(_ devices: [Device], couchId: UUID) async throws -> [LiveDevice] {
        let items = devices.flatMap(\.items)
        guard !items.isEmpty else { return devices.map { LiveDevice(device: $0, states: [:], reachable: true) } }
        let hub = try await hubs.hub(for: couchId)
        // Concurrently, each bounded by the hub timeout: a slow hub costs one timeout, not one per item.
        let results = await withTaskGroup(of: (UUID, Result<State, OpenHABError>).self) { group in
            for item in items {
                group.addTask {
                    do throws(OpenHABError) {
                        return (item.id, .success(try await hub.client.state(of: try ItemName(item.itemName))))
                    } catch {
                        return (item.id, .failure(error))
                    }
                }
            }
            return await group.reduce(into: [UUID: Result<State, OpenHABError>]()) { $0[$1.0] = $1.1 }
        }
        let reachable = !results.values.contains { if case .failure(let error) = $0 { error.meansUnreachable } else { false } }
        let states = results.compactMapValues { try? $0.get().rawValue }
        return devices.map { LiveDevice(device: $0, states: states, reachable: reachable) }
    }

    /// Every Switch item's state on a hub, by item name, in one call: an automation over many
    /// couches reads their main switches this way instead of one call per device.
    package func switchStates(on hub: HubService.ResolvedHub) async throws -> [String: State] {
        let items = try await hubs.call(on: hub) { client throws(OpenHABError) in try await client.items(type: .switch) }
        return Dictionary(items.map { ($0.name.rawValue, $0.state) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Commanding

    package struct CommandResult: Sendable {
        package var item: DeviceItem
        package var state: String

        package init(item: DeviceItem, state: String) {
            self.item = item
            self.state = state
        }
    }

    /// Flips a device's main switch; for a lock, ON is locked.
    package func toggle(itemId: UUID, password: String?, by principal: Principal) async throws -> CommandResult {
        let (device, item) = try await find(itemId: itemId)
        try await access.require(principal, couchId: device.couchId, device: device, action: "switch", itemName: item.itemName)
        guard item.itemType == "Switch" else {
            throw AppError.invalid("itemId", "only a Switch can be toggled; other items take a property value instead")
        }
        let name = try ItemName(item.itemName)
        let hub = try await hubs.hub(for: device.couchId)
        let current = try await recordingFailure(of: "switch", on: item, of: device, by: .person(principal)) {
            try await hubs.call(on: hub) { client throws(OpenHABError) in try await client.state(of: name) }
        }
        return try await send(current == .on ? .off : .on, to: item, of: device, via: hub, password: password, action: "switch", by: .person(principal))
    }

    /// Sets one property: ON/OFF for switches, a number within the item's range for numbers,
    /// 5–35 °C for temperature setpoints. Sensors cannot be set.
    package func set(itemId: UUID, to value: String, password: String?, by principal: Principal) async throws -> CommandResult {
        let (device, item) = try await find(itemId: itemId)
        try await access.require(principal, couchId: device.couchId, device: device, action: "set", itemName: item.itemName, value: value)
        guard let type = ItemType(rawValue: item.itemType) else { throw AppError.invalid("itemId", "unknown item type \(item.itemType)") }
        let name = try ItemName(item.itemName)
        let hub = try await hubs.hub(for: device.couchId)
        let current = try await recordingFailure(of: "set", on: item, of: device, value: value, by: .person(principal)) {
            try await hubs.call(on: hub) { client throws(OpenHABError) in try await client.item(name) }
        }
        let description = current.stateDescription
        let command: Command
        switch Self.command(value, for: type, readOnly: description?.readOnly ?? false) {
        case .success(let parsed): command = parsed
        case .failure(let failure): throw AppError.invalid("state", failure.reason)
        }
        if case .quantity(let number, _) = command, let minimum = description?.minimum, let maximum = description?.maximum,
           !(minimum...maximum).contains(number) {
            throw AppError.invalid("state", "must be from \(minimum) to \(maximum) for this item")
        }
        return try await send(command, to: item, of: device, via: hub, password: password, action: "set", by: .person(principal))
    }

    /// Switches a device's main item for an automation: validated, sent and logged as a person's
    /// command is, with the automation as the actor and `reason` as the log's detail. Locks are
    /// left to people.
    package func switchMain(
        of device: Device, to command: Command, via hub: HubService.ResolvedHub, by automation: String, reason: String
    ) async throws -> CommandResult {
        guard device.type != .lock, let item = device.mainItem else {
            throw AppError.invalid("configurationId", "an automation switches only the main switch of heating and cooling devices")
        }
        return try await send(command, to: item, of: device, via: hub, password: nil, action: "switch", by: .automation(automation), reason: reason)
    }

    private func send(
        _ command: Command, to item: DeviceItem, of device: Device, via hub: HubService.ResolvedHub,
        password: String?, action: String, by actor: HomeAccess.Actor, reason: String? = nil
    ) async throws -> CommandResult {
        // Only people unlock doors: `switchMain` keeps automations away from locks.
        if case .person(let principal) = actor, device.type == .lock && item.isMain && command == .off {
            try await requireRecentAuthentication(principal, password: password, device: device, item: item)
        }
        let name = try ItemName(item.itemName)
        guard let type = ItemType(rawValue: item.itemType) else { throw AppError.invalid("itemId", "unknown item type \(item.itemType)") }
        try await recordingFailure(of: action, on: item, of: device, value: command.rawValue, by: actor) {
            try await hubs.call(on: hub) { client throws(OpenHABError) in try await client.send(command, to: name, ofType: type) }
        }
        try await access.record(actor, couchId: device.couchId, device: device, itemName: item.itemName, action: action, value: command.rawValue, outcome: .ok, detail: reason)
        return CommandResult(item: item, state: command.rawValue)
    }

    /// A command that the hub failed is logged as failed, whichever call of it failed.
    private func recordingFailure<T>(
        of action: String, on item: DeviceItem, of device: Device, value: String? = nil, by actor: HomeAccess.Actor,
        _ body: () async throws -> T
    ) async throws -> T {
        do {
            return try await body()
        } catch let error as AppError where error.kind == .badGateway || error.kind == .gatewayTimeout {
            try await access.record(actor, couchId: device.couchId, device: device, itemName: item.itemName, action: action, value: value, outcome: .failed, detail: error.detail)
            throw error
        }
    }

    /// Unlocking a door is the backend's counterpart of the app's Face ID prompt: a login within
    /// the last minutes, or the password again.
    private func requireRecentAuthentication(_ principal: Principal, password: String?, device: Device, item: DeviceItem) async throws {
        if now().timeIntervalSince(principal.authenticatedAt) <= Self.stepUpWindow { return }
        if let password, try await passwords.confirm(password, for: principal) { return }
        try await access.record(principal, couchId: device.couchId, device: device, itemName: item.itemName, action: "switch", value: "OFF", outcome: .denied,
                                detail: password == nil ? "unlocking needs a recent login or the password" : "wrong password")
        throw AppError(.reauthenticationRequired, password == nil
            ? "unlocking needs a login within the last 5 minutes: send the password in the body or log in again"
            : "the password is wrong")
    }

    /// The command a client's value stands for on an item of this type, or why there is none.
    static func command(_ raw: String, for type: ItemType, readOnly: Bool) -> Result<Command, ValidationFailure> {
        if readOnly || type.base == .contact { return .failure(.init("this item is a sensor; it cannot be set")) }
        let value = raw.trimmingCharacters(in: .whitespaces)
        switch type.base {
        case .switch:
            switch value.uppercased() {
            case "ON": return .success(.on)
            case "OFF": return .success(.off)
            default: return .failure(.init("must be ON or OFF"))
            }
        case .number where type.dimension == "Temperature":
            let number = Decimal(string: value.replacingOccurrences(of: "°C", with: "").trimmingCharacters(in: .whitespaces), locale: Locale(identifier: "en_US_POSIX"))
            guard let number, number >= 5, number <= 35 else { return .failure(.init("must be a temperature from 5 to 35 °C")) }
            return .success(.quantity(number, unit: "°C"))
        case .number:
            guard let number = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) else { return .failure(.init("must be a number")) }
            return .success(.decimal(number))
        default:
            return .failure(.init("\(type.rawValue) items cannot be set here"))
        }
    }

    struct ValidationFailure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private func find(_ deviceId: UUID) async throws -> Device {
        guard let device = try await devices.find(id: deviceId) else { throw AppError.notFound("no device with id \(deviceId)") }
        return device
    }

    private func find(itemId: UUID) async throws -> (Device, DeviceItem) {
        guard let device = try await devices.owning(itemId: itemId), let item = device.items.first(where: { $0.id == itemId }) else {
            throw AppError.notFound("no device item with id \(itemId)")
        }
        return (device, item)
    }
}

/// What a device creation made in the hub so far, to be removed again if a later step fails.
struct Saga {
    let client: OpenHABClient
    /// Compensations are best effort: a hub that failed a step may fail its undo too.
    private var undoSteps: [@Sendable () async -> Void] = []

    init(client: OpenHABClient) { self.client = client }

    mutating func putItem(_ definition: ItemDefinition) async throws(OpenHABError) {
        try await client.putItem(definition)
        undoSteps.append { [client] in _ = try? await client.deleteItem(definition.name) }
    }

    mutating func link(_ name: ItemName, to channel: ChannelUID) async throws(OpenHABError) {
        try await client.link(name, to: channel)
        undoSteps.append { [client] in _ = try? await client.unlink(name, from: channel) }
    }

    /// Newest first: links go before the items they join.
    func undo() async {
        for step in undoSteps.reversed() { await step() }
    }
}

/// Deleting what is already gone is fine.
private func ignoringNotFound(_ body: () async throws(OpenHABError) -> Void) async throws(OpenHABError) {
    do {
        try await body()
    } catch .notFound {
        return
    }
}

/// Checks a password for a step-up without opening a new session.
package struct PasswordConfirmation: Sendable {
    let users: UserRepository
    let passwords: PasswordHasher

    package init(users: UserRepository, passwords: PasswordHasher) {
        self.users = users
        self.passwords = passwords
    }

    package func confirm(_ password: String, for principal: Principal) async throws -> Bool {
        guard let user = try await users.find(id: principal.userId),
              let (_, hash) = try await users.credentials(email: user.email) else { return false }
        return try await passwords.verify(password, hash)
    }
}
