import Foundation
import OpenHABModels
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A channel that fits a device type, with the thing it belongs to (the device wizard's list).
struct FittingChannelBody: Content {
    var thingUID: String
    var thingLabel: String?
    var channelUID: String
    var channelId: String
    var itemType: String?
    var label: String?
}

struct DeviceInput: Content {
    struct Property: Content {
        var channelUID: String
        var initialState: FlexibleState?
    }

    var couchId: UUID
    var name: String
    var type: String
    var thingUID: String?
    var guestControllable: Bool?
    var properties: [Property]?
    var codeSlots: CodeSlotsBody?
    var room: String?
}

/// The user-code slots of a keypad lock SmartCouch manages.
struct CodeSlotsBody: Content {
    var first: Int
    var last: Int
    /// On creation: slots in the range that already hold codes are SmartCouch's to clear.
    var takeOver: Bool?
}

/// A state as clients send it: "ON", "21.5" or the number 21.5.
struct FlexibleState: Codable, Sendable {
    var text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Decimal.self) {
            text = "\(number)"
        } else {
            text = try container.decode(String.self)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

struct DeviceItemBody: Content {
    var id: UUID
    var itemName: String
    var channelUID: String
    var itemType: String
    var label: String
    /// The hub's current state; absent when the hub could not be asked.
    var state: String?
    /// What the hub last reported on its event stream, and when; absent until it reports.
    var lastState: String?
    var lastStateAt: Date?
}

struct DeviceBody: Content {
    var id: UUID
    var couchId: UUID
    var name: String
    var type: String
    var thingUID: String?
    var guestControllable: Bool
    var codeSlots: CodeSlotsBody?
    var room: String?
    var items: [DeviceItemBody]
    var mainItemId: UUID?
    /// False when the hub could not be reached; the items are then as stored, without states.
    var reachable: Bool
    /// The device's Thing as its hub reports it now (ONLINE, OFFLINE, …): commands go only to an ONLINE one.
    var thingStatus: String?
    var thingStatusDetail: String?
    var createdAt: Date

    init(_ device: Device, states: [UUID: String] = [:], reachable: Bool = true) {
        id = device.id
        couchId = device.couchId
        name = device.name
        type = device.type.rawValue
        thingUID = device.thingUID
        guestControllable = device.guestControllable
        codeSlots = device.codeSlots.map { CodeSlotsBody(first: $0.first, last: $0.last) }
        room = device.room
        items = device.items.map {
            DeviceItemBody(
                id: $0.id, itemName: $0.itemName, channelUID: $0.channelUID, itemType: $0.itemType.rawValue, label: $0.label,
                state: states[$0.id], lastState: $0.lastState, lastStateAt: $0.lastStateAt)
        }
        mainItemId = device.mainItem?.id
        self.reachable = reachable
        createdAt = device.createdAt
    }

    init(_ live: DeviceService.LiveDevice) {
        self.init(live.device, states: live.states, reachable: live.reachable)
        thingStatus = live.thingStatus?.status.rawValue
        thingStatusDetail = live.thingStatus?.statusDetail
    }
}
