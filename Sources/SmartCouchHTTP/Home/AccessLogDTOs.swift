import Foundation
import OpenHABModels
import SmartCouchDomain
import SmartCouchServices
import Vapor

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
