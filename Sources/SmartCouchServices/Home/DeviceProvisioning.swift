import Foundation
import OpenHAB
import OpenHABModels
import SmartCouchDomain
import SmartCouchPersistence

/// Putting devices into a couch's hub and taking them out again: the wizard's channel list, the
/// items and links a device needs, and their removal. Both are a saga that finishes: the items are
/// written down as hub cleanups before they are made, so a creation that fails, or a deletion the
/// hub does not finish, leaves a work list that is retried until the hub is clean, never orphans.
package struct DeviceProvisioning: Sendable {
    let devices: DeviceRepository
    let hubs: HubService
    let access: HomeAccess
    /// Initial states go through the one command path.
    let commands: DeviceCommands
    let cleanups: HubCleanupRepository
    let cleaner: HubCleaner
    /// A light presence simulation has on is put back before its device goes.
    let presenceLights: PresenceLights
    /// Rung when a device is made, so that its hub's events are followed from then on.
    let hubWatch: HubWatch
    let now: @Sendable () -> Date

    package init(
        devices: DeviceRepository, hubs: HubService, access: HomeAccess, commands: DeviceCommands, cleanups: HubCleanupRepository,
        cleaner: HubCleaner, presenceLights: PresenceLights, hubWatch: HubWatch, now: @escaping @Sendable () -> Date
    ) {
        self.hubWatch = hubWatch
        self.devices = devices
        self.hubs = hubs
        self.access = access
        self.commands = commands
        self.cleanups = cleanups
        self.cleaner = cleaner
        self.presenceLights = presenceLights
        self.now = now
    }

    // MARK: Wizard

    /// The hub's channels that fit a device type, for the host choosing what to attach.
    package func fittingChannels(type: DeviceType, couchId: UUID, by principal: Principal) async throws -> [(Thing, Channel)] {
        try await access.requireOwner(principal, couchId: couchId, action: .listChannels)
        return try await hubs.usableThings(couchId: couchId).flatMap { thing in
            thing.channels.filter { channel in
                channel.kind == .state && type.fittingItemTypes.contains(channel.itemType?.rawValue ?? "")
                    && (type == .lock || !Self.locksADoor(channel))
            }.map { (thing, $0) }
        }
    }

    // MARK: Creating and deleting

    package struct NewDevice: Sendable {
        package var couchId: UUID
        package var name: String
        package var type: DeviceType
        package var thingUID: String?
        package var guestControllable: Bool?
        /// A keypad lock's slots for stays' codes.
        package var codeSlots: CodeSlots?
        /// Whether slots of that range that hold codes already may be cleared; otherwise they refuse the device.
        package var takeOverCodeSlots: Bool
        /// The room of the couch it is in, as the host writes it; nil for none.
        package var room: String?
        package var properties: [(channelUID: String, initialState: String?)]

        package init(
            couchId: UUID, name: String, type: DeviceType, thingUID: String? = nil, guestControllable: Bool? = nil, codeSlots: CodeSlots? = nil,
            takeOverCodeSlots: Bool = false, room: String? = nil, properties: [(channelUID: String, initialState: String?)]
        ) {
            self.couchId = couchId
            self.name = name
            self.type = type
            self.thingUID = thingUID
            self.guestControllable = guestControllable
            self.codeSlots = codeSlots
            self.takeOverCodeSlots = takeOverCodeSlots
            self.room = room
            self.properties = properties
        }
    }

    /// Creates an item per chosen channel, links it and sends its initial state; then stores the
    /// device. Any failure removes what was made in the hub, now or, if the hub refuses that too,
    /// by the hub-cleanup job once it answers again.
    package func create(_ new: NewDevice, by principal: Principal) async throws -> Device {
        try await access.requireOwner(principal, couchId: new.couchId, action: .createDevice)
        let name = new.name.trimmingCharacters(in: .whitespaces)
        var validation = Validation()
        validation.checkLength(name, "name", in: 1...100, trimmed: true)
        validation.checkOneLine(name, "name")
        let room = new.room.map { Room.name($0, field: "room", in: &validation) }
        if new.type != .weatherWatcher {
            validation.check(
                new.thingUID.flatMap { try? ThingUID($0) } != nil, "thingUID", "must be an openHAB thing UID such as zwave:device:1:node5")
            validation.check(!new.properties.isEmpty, "properties", "choose at least one channel")
        } else {
            validation.check(new.properties.isEmpty, "properties", "a weather watcher has no channels of its own")
        }
        validation.check(Set(new.properties.map(\.channelUID)).count == new.properties.count, "properties", "a channel can be chosen once")
        if let slots = new.codeSlots {
            validation.check(new.type == .lock, "codeSlots", "only a keypad lock takes door codes")
            validation.check(
                CodeSlots.possible.contains(slots.first) && CodeSlots.possible.contains(slots.last) && slots.first <= slots.last,
                "codeSlots", "first and last must be slots from 1 to 250, first ≤ last")
        }
        try validation.finish()

        let hub = try await hubs.hub(for: new.couchId)
        var thing: (uid: String, hub: HubScope)?
        if new.type != .weatherWatcher, let uid = new.thingUID {
            thing = (uid, try await hubs.scope(ofThing: uid, on: hub, hostId: principal.userId))
        }
        let plan = new.type == .weatherWatcher ? [] : try await plan(new, name: name, on: hub)
        let deviceId = UUID()
        let items = plan.map { step in
            DeviceRepository.NewItem(
                itemName: Self.itemName(device: deviceId, name: name, channel: step.channel), channelUID: step.channel.uid.rawValue,
                itemType: step.type, label: "\(name) \(step.channel.label ?? step.channel.id)", isMain: step.isMain)
        }
        try await cleanups.arm(couchId: new.couchId, deviceId: deviceId, items: items.map { ($0.itemName, $0.channelUID) }, at: now())
        do {
            for (step, item) in zip(plan, items) {
                let itemName: ItemName
                do throws(OpenHABError) {
                    itemName = try ItemName.checked(item.itemName)
                    _ = try await hub.client.putItem(ItemDefinition(name: itemName, type: step.type, label: item.label))
                    try await hub.client.link(itemName, to: step.channel.uid)
                } catch {
                    throw AppError.hub(error)
                }
                if let initial = step.initialCommand {
                    try await commands.initialize(itemName, ofType: step.type, to: initial, couchId: new.couchId, via: hub, by: principal)
                }
            }
        } catch {
            await undo(deviceId, on: hub)
            throw error
        }
        do {
            guard
                let id = try await devices.create(
                    id: deviceId, couchId: new.couchId, name: name, type: new.type, thing: thing,
                    // Guests may use every device, locks included, unless the host says otherwise.
                    guestControllable: new.guestControllable ?? true, codeSlots: new.codeSlots, room: room, items: items)
            else {
                throw AppError.conflict("the Thing \(new.thingUID ?? "") already serves another couch; a Thing serves one couch")
            }
            try await access.record(.person(principal), couchId: new.couchId, action: .createDevice, value: name, outcome: .ok)
            hubWatch.ring()
            guard let device = try await devices.find(id: id) else { throw AppError.notFound("the device was deleted while it was being made") }
            return device
        } catch {
            await undo(deviceId, on: hub)
            throw error
        }
    }

    /// A creation that failed: what it may have made is removed now, or left to the hub-cleanup job;
    /// either way the job looks once more a minute later, for a call the hub finished after it timed out.
    private func undo(_ deviceId: UUID, on hub: HubService.ResolvedHub) async {
        guard let made = try? await cleanups.release(deviceId: deviceId, at: now()), !made.isEmpty else { return }
        await cleaner.clean(made, on: hub, recheckAfter: 60)
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

    private func plan(_ new: NewDevice, name: String, on hub: HubService.ResolvedHub) async throws -> [Step] {
        let thingUID = try ThingUID(new.thingUID ?? "")
        let found = try await hubs.call(on: hub) { client throws(OpenHABError) -> Thing? in
            do throws(OpenHABError) {
                return try await client.thing(thingUID)
            } catch .notFound {
                return nil
            }
        }
        guard let thing = found else { throw AppError.invalid("thingUID", "the hub has no Thing \(thingUID)") }
        var validation = Validation()
        if let slots = new.codeSlots, let missing = slots.range.first(where: { thing.text(CodeSlots.codeParameter($0)) == nil }) {
            validation.fail(
                "codeSlots",
                "the thing \(thingUID) has no user-code slot \(missing) (no \(CodeSlots.codeParameter(missing)) in its configuration); is it a keypad lock?"
            )
        } else if let slots = new.codeSlots, !new.takeOverCodeSlots {
            let held = slots.range.filter { !(thing.text(CodeSlots.codeParameter($0)) ?? "").isEmpty }.map(String.init)
            validation.check(
                held.isEmpty, "codeSlots",
                "slots \(held.joined(separator: ", ")) of \(thingUID) already hold codes, which SmartCouch would clear: choose other slots, or set codeSlots.takeOver to true"
            )
        }
        var steps: [Step] = []
        for (index, property) in new.properties.enumerated() {
            let field = "properties[\(index)]"
            guard let channel = thing.channels.first(where: { $0.uid.rawValue == property.channelUID }) else {
                validation.fail("\(field).channelUID", "the thing \(thingUID) has no channel \(property.channelUID)")
                continue
            }
            // What guests, stay links and automations may do is decided by the device's type: a
            // door's lock dressed as a light would open to all of them.
            guard new.type == .lock || !Self.locksADoor(channel) else {
                validation.fail("\(field).channelUID", "\(property.channelUID) locks a door: only a lock device may be made of it")
                continue
            }
            guard let type = channel.itemType, new.type.fittingItemTypes.contains(type.rawValue) else {
                validation.fail(
                    "\(field).channelUID",
                    "a \(new.type.rawValue) device takes \(new.type.fittingItemTypes.sorted().joined(separator: " or ")) channels, not \(channel.itemType?.rawValue ?? "untyped")"
                )
                continue
            }
            var step = Step(channel: channel, type: type, isMain: false, initialCommand: nil)
            if let initial = property.initialState {
                switch ItemCommand.parse(initial, for: type, readOnly: !new.type.takesCommands) {
                case .success(let command): step.initialCommand = command
                case .failure(let failure): validation.fail("\(field).initialState", failure.reason)
                }
            }
            steps.append(step)
        }
        // A keypad lock's notifications tell whose code opened the door: always listened to.
        if new.codeSlots != nil, let events = thing.channels.first(where: { $0.id == DeviceItem.lockEventChannel }),
            !steps.contains(where: { $0.channel.uid == events.uid })
        {
            steps.append(Step(channel: events, type: .string, isMain: false))
        }
        let kinds = new.type.mainItemTypes
        if let main = kinds.lazy.compactMap({ kind in steps.firstIndex { $0.type.base == kind } }).first {
            steps[main].isMain = true
        } else if !kinds.isEmpty && validation.isEmpty {
            let names = kinds.map(\.rawValue).joined(separator: " or ")
            validation.fail("properties", "a \(new.type.rawValue) device needs a \(names) channel for its main switch")
        }
        try validation.finish()
        return steps
    }

    /// A door lock's lock channel: `lock` by this hub's convention, `lock_door` in the Z-Wave binding
    /// (and so in their channel types).
    static func locksADoor(_ channel: Channel) -> Bool {
        let lockChannels: Set<String> = ["lock", "lock_door"]
        return lockChannels.contains(channel.id) || lockChannels.contains(String(channel.channelTypeUID?.split(separator: ":").last ?? ""))
    }

    /// openHAB item names allow letters, digits and underscores; a piece of the device id keeps
    /// them unique in a hub that several couches share.
    /// The device's name is shortened, never the channel's: two items of one device must differ.
    static func itemName(device: UUID, name: String, channel: Channel) -> String {
        func readable(_ text: String) -> String {
            String(text.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? Character($0) : "_" })
        }
        let channelPart = readable(channel.id)
        let suffix = device.uuidString.lowercased().prefix(8)
        return itemPrefix + readable(name).prefix(max(8, 47 - channelPart.count)) + "_" + channelPart + "_" + suffix
    }

    /// Every item SmartCouch makes starts with it, so one event subscription pattern covers them all.
    package static let itemPrefix = "sc_"

    /// Removes the device at once; its items come off the hub now, or by the hub-cleanup job as
    /// soon as the hub lets them (the couch's hub status shows how many are left).
    package func delete(_ deviceId: UUID, by principal: Principal) async throws {
        let device = try await find(deviceId)
        try await access.requireOwner(principal, couchId: device.couchId, action: .deleteDevice)
        // Best effort: a hub that cannot take the command now will not take the items off either.
        try? await presenceLights.putBack(deviceId, of: device.couchId, because: "presence simulation ends: its light is deleted")
        guard let left = try await devices.delete(id: deviceId, at: now()) else { throw AppError.notFound("no device with id \(deviceId)") }
        try await access.record(.person(principal), couchId: device.couchId, action: .deleteDevice, value: device.name, outcome: .ok)
        do {
            await cleaner.clean(left, on: try await hubs.hub(for: device.couchId))
        } catch {
            await cleaner.clean(left, on: nil, unavailable: (error as? AppError)?.detail)
        }
    }

    /// How many items of the couch's devices are still to come off its hub, and why the last try
    /// failed; read after the owner's check of the hub status.
    package func pendingCleanup(couchId: UUID) async throws -> (count: Int, lastError: String?) {
        try await cleanups.pending(couchId: couchId, at: now())
    }

    private func find(_ deviceId: UUID) async throws -> Device {
        guard let device = try await devices.find(id: deviceId) else { throw AppError.notFound("no device with id \(deviceId)") }
        return device
    }
}
