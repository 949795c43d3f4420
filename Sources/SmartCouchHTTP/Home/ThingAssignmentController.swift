import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// The shared hub's Things and the couches they serve, for operators.
struct ThingAssignmentController {
    let assignments: ThingAssignmentService

    func register(authenticated: any RoutesBuilder) {
        let things = authenticated.grouped("admin", "hub", "things")
        things.get(use: list)
        things.put(":thingUID", use: assign)
        things.delete(":thingUID", use: unassign)
    }

    @Sendable func list(_ request: Request) async throws -> SharedThingPage {
        // A hub's Things are few: one page holds them all.
        SharedThingPage(items: try await assignments.list(by: request.principal).map(SharedThingBody.init))
    }

    @Sendable func assign(_ request: Request) async throws -> ThingAssignmentBody {
        let input = try request.body(ThingAssignmentInput.self)
        return ThingAssignmentBody(
            try await assignments.assign(
                request.parameters.get("thingUID") ?? "", to: input.couchId, by: request.principal))
    }

    @Sendable func unassign(_ request: Request) async throws -> HTTPStatus {
        try await assignments.unassign(request.parameters.get("thingUID") ?? "", by: request.principal)
        return .noContent
    }
}

struct ThingAssignmentInput: Content {
    var couchId: UUID
}

struct ThingAssignmentBody: Content {
    var thingUID: String
    var couchId: UUID
    var assignedAt: Date

    init(_ assignment: ThingAssignment) {
        thingUID = assignment.thingUID
        couchId = assignment.couchId
        assignedAt = assignment.assignedAt
    }
}

struct SharedThingBody: Content {
    var thingUID: String
    var label: String?
    /// Absent while the Thing serves no couch.
    var couchId: UUID?
    var assignedAt: Date?

    init(_ entry: ThingAssignmentService.Entry) {
        thingUID = entry.thing.uid.rawValue
        label = entry.thing.label
        couchId = entry.assignment?.couchId
        assignedAt = entry.assignment?.assignedAt
    }
}

struct SharedThingPage: Content {
    var items: [SharedThingBody]
}
