import Foundation
import OpenHABModels
import SmartCouchDomain
import SmartCouchServices
import Vapor

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
