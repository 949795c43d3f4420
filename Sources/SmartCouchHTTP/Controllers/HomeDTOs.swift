import Foundation
import OpenHAB
import SmartCouchDomain
import SmartCouchServices
import Vapor

struct HubInput: Content {
    var baseUrl: String
    var apiToken: String
}

struct HubStatusBody: Content {
    var baseUrl: String
    var reachable: Bool
    var version: String?
    var lastError: String?
    var checkedAt: Date
    var isDefault: Bool
    var eventStreamError: String?
    var eventStreamErrorAt: Date?
    /// Items of deleted devices, or of creations that failed, still to come off the hub.
    var cleanupPending = 0
    var cleanupError: String?

    init(_ status: HubStatus) {
        baseUrl = status.baseURL
        reachable = status.reachable
        version = status.version
        lastError = status.lastError
        checkedAt = status.checkedAt
        isDefault = status.isDefault
        eventStreamError = status.eventStreamError
        eventStreamErrorAt = status.eventStreamErrorAt
    }
}

struct ChannelBody: Content {
    var uid: String
    var id: String
    var itemType: String?
    var kind: String
    var label: String?
    var linkedItems: [String]

    init(_ channel: OpenHAB.Channel) {
        uid = channel.uid.rawValue
        id = channel.id
        itemType = channel.itemType?.rawValue
        kind = channel.kind.rawValue
        label = channel.label
        linkedItems = channel.linkedItems.map(\.rawValue)
    }
}

struct ThingBody: Content {
    var uid: String
    var label: String?
    var thingTypeUID: String
    var status: String
    var statusDetail: String
    var channels: [ChannelBody]

    init(_ thing: Thing) {
        uid = thing.uid.rawValue
        label = thing.label
        thingTypeUID = thing.thingTypeUID
        status = thing.statusInfo.status.rawValue
        statusDetail = thing.statusInfo.statusDetail
        channels = thing.channels.map(ChannelBody.init)
    }
}

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

/// Optional body of a command: the password, for a step-up when unlocking.
struct CommandAuthentication: Content {
    var password: String?
}

struct SetPropertyInput: Content {
    var itemId: UUID
    var state: FlexibleState
    var password: String?
}

struct CommandResultBody: Content {
    var itemId: UUID
    var itemName: String
    var state: String
    var confirmed: Bool
    var reportedState: String?

    init(_ result: DeviceCommands.CommandResult) {
        itemId = result.item.id
        itemName = result.item.itemName
        state = result.state
        confirmed = result.confirmed
        reportedState = result.reportedState
    }

    /// 200 once the device reported the new state; 202 when the command was sent but not confirmed.
    static func response(to request: Request, _ result: DeviceCommands.CommandResult) async throws -> Response {
        try await CommandResultBody(result).encodeResponse(status: result.confirmed ? .ok : .accepted, for: request)
    }
}

struct GrantInput: Content {
    var couchId: UUID
    var userId: UUID
    var startsAt: Date
    var endsAt: Date
}

struct GrantBody: Content {
    var id: UUID
    var couchId: UUID
    var userId: UUID
    var startsAt: Date
    var endsAt: Date
    var createdBy: UUID
    var createdAt: Date
    var revokedAt: Date?

    init(_ grant: AccessGrant) {
        id = grant.id
        couchId = grant.couchId
        userId = grant.userId
        startsAt = grant.startsAt
        endsAt = grant.endsAt
        createdBy = grant.createdBy
        createdAt = grant.createdAt
        revokedAt = grant.revokedAt
    }
}

struct AccessLogEntryBody: Content {
    var id: UUID
    var couchId: UUID
    var configurationId: UUID?
    var itemName: String?
    var actorId: UUID?
    var actorName: String?
    var action: String
    var value: String?
    var outcome: String
    var detail: String?
    var createdAt: Date

    init(_ entry: AccessLogEntry) {
        id = entry.id
        couchId = entry.couchId
        configurationId = entry.deviceId
        itemName = entry.itemName
        actorId = entry.actorId
        actorName = entry.actorName
        action = entry.action
        value = entry.value
        outcome = entry.outcome.rawValue
        detail = entry.detail
        createdAt = entry.createdAt
    }
}

struct AccessLogPage: Content {
    var items: [AccessLogEntryBody]
    var nextCursor: String?
}
