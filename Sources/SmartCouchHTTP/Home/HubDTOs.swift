import Foundation
import OpenHABModels
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

    init(_ channel: OpenHABModels.Channel) {
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
