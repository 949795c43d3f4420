import Foundation
import OpenHABModels

/// What a device on a couch is for; decides which channels fit it.
package enum DeviceType: String, Sendable, CaseIterable, Codable {
    case heating, cooling, weatherWatcher, lock, light, blinds, sensor

    /// openHAB item types of the channels a device of this type is made of.
    package var fittingItemTypes: Set<String> {
        switch self {
        case .heating, .cooling: ["Switch", "Number:Temperature"]
        case .lock: ["Switch", "Contact"]
        case .light: ["Switch", "Dimmer"]
        case .blinds: ["Rollershutter"]
        case .sensor: ["Contact", "Number:Temperature", "Number:Dimensionless"]
        case .weatherWatcher: []
        }
    }

    /// The item types that can be the device's main item, the one its toggle flips, in the order
    /// one is chosen: a lamp with a power switch and a dimmer is switched by its power switch.
    /// Empty for a device with nothing to switch.
    package var mainItemTypes: [ItemType.Base] {
        switch self {
        case .heating, .cooling, .lock: [.switch]
        case .light: [.switch, .dimmer]
        case .blinds: [.rollershutter]
        case .sensor, .weatherWatcher: []
        }
    }

    /// A sensor only reports (a window open, the room's temperature and humidity): nobody sets it.
    package var takesCommands: Bool { self != .sensor }
}

/// A device ("home configuration") attached to a couch and the openHAB items made for it.
package struct Device: Sendable, Equatable {
    package var id: UUID
    package var couchId: UUID
    package var name: String
    package var type: DeviceType
    package var thingUID: String?
    package var guestControllable: Bool
    /// A keypad lock's user-code slots SmartCouch manages; nil for every other device.
    package var codeSlots: CodeSlots?
    /// The room of the couch the device is in, as the host named it (see `Room`); nil for none.
    package var room: String?
    package var items: [DeviceItem]
    package var createdAt: Date

    package init(
        id: UUID, couchId: UUID, name: String, type: DeviceType, thingUID: String? = nil, guestControllable: Bool, codeSlots: CodeSlots? = nil,
        room: String? = nil, items: [DeviceItem], createdAt: Date
    ) {
        self.id = id
        self.couchId = couchId
        self.name = name
        self.type = type
        self.thingUID = thingUID
        self.guestControllable = guestControllable
        self.codeSlots = codeSlots
        self.room = room
        self.items = items
        self.createdAt = createdAt
    }

    package var mainItem: DeviceItem? { items.first { $0.isMain } }
}

package struct DeviceItem: Sendable, Equatable {
    package var id: UUID
    package var deviceId: UUID
    package var itemName: String
    package var channelUID: String
    package var itemType: ItemType
    package var label: String
    package var isMain: Bool
    /// What the hub last reported on its event stream, and when.
    package var lastState: String?
    package var lastStateAt: Date?

    package init(
        id: UUID, deviceId: UUID, itemName: String, channelUID: String, itemType: ItemType, label: String, isMain: Bool,
        lastState: String? = nil, lastStateAt: Date? = nil
    ) {
        self.id = id
        self.deviceId = deviceId
        self.itemName = itemName
        self.channelUID = channelUID
        self.itemType = itemType
        self.label = label
        self.isMain = isMain
        self.lastState = lastState
        self.lastStateAt = lastStateAt
    }

    /// A keypad lock's notification channel: read-only, its reports are decoded as lock events.
    package var reportsLockEvents: Bool { channelUID.hasSuffix(":" + Self.lockEventChannel) }

    /// The channel id the Z-Wave binding gives a lock's notifications.
    package static let lockEventChannel = "alarm_raw"
}

/// A couch's own hub as stored (the token stays sealed).
package struct HubRecord: Sendable {
    package var baseURL: String
    package var sealedToken: Data

    package init(baseURL: String, sealedToken: Data) {
        self.baseURL = baseURL
        self.sealedToken = sealedToken
    }
}

package struct HubStatus: Sendable, Equatable {
    package var baseURL: String
    package var reachable: Bool
    package var version: String?
    package var lastError: String?
    package var checkedAt: Date
    /// True when this is the server's default hub rather than the couch's own.
    package var isDefault: Bool
    /// Why the server is not listening to the hub's event stream now, and since when.
    package var eventStreamError: String?
    package var eventStreamErrorAt: Date?

    package init(
        baseURL: String, reachable: Bool, version: String? = nil, lastError: String? = nil, checkedAt: Date, isDefault: Bool,
        eventStreamError: String? = nil, eventStreamErrorAt: Date? = nil
    ) {
        self.baseURL = baseURL
        self.reachable = reachable
        self.version = version
        self.lastError = lastError
        self.checkedAt = checkedAt
        self.isDefault = isDefault
        self.eventStreamError = eventStreamError
        self.eventStreamErrorAt = eventStreamErrorAt
    }
}

package struct AccessGrant: Sendable, Equatable {
    package var id: UUID
    package var couchId: UUID
    package var userId: UUID
    package var startsAt: Date
    package var endsAt: Date
    package var createdBy: UUID
    package var createdAt: Date
    package var revokedAt: Date?

    package init(id: UUID, couchId: UUID, userId: UUID, startsAt: Date, endsAt: Date, createdBy: UUID, createdAt: Date, revokedAt: Date? = nil) {
        self.id = id
        self.couchId = couchId
        self.userId = userId
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}

package struct AccessLogEntry: Sendable, Equatable {
    /// `unconfirmed`: the command reached the hub, but the device did not report it done in time.
    package enum Outcome: String, Sendable { case ok, denied, failed, unconfirmed }

    package var id: UUID
    package var couchId: UUID
    package var deviceId: UUID?
    package var itemName: String?
    package var actorId: UUID?
    package var actorName: String?
    package var action: String
    package var value: String?
    package var outcome: Outcome
    package var detail: String?
    package var createdAt: Date

    package init(
        id: UUID, couchId: UUID, deviceId: UUID? = nil, itemName: String? = nil, actorId: UUID? = nil, actorName: String? = nil, action: String,
        value: String? = nil, outcome: Outcome, detail: String? = nil, createdAt: Date
    ) {
        self.id = id
        self.couchId = couchId
        self.deviceId = deviceId
        self.itemName = itemName
        self.actorId = actorId
        self.actorName = actorName
        self.action = action
        self.value = value
        self.outcome = outcome
        self.detail = detail
        self.createdAt = createdAt
    }
}
