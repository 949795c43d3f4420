import Foundation
import OpenHAB
import OpenHABModels
import SmartCouchDomain
import SmartCouchPersistence

/// Operators give the shared hub's Things to couches: until then a Thing of that hub belongs to
/// nobody, so no host sees or binds another host's door lock.
package struct ThingAssignmentService: Sendable {
    let things: HubThingRepository
    let hubs: HubService
    let couches: CouchRepository
    let users: UserService
    let now: @Sendable () -> Date

    package init(things: HubThingRepository, hubs: HubService, couches: CouchRepository, users: UserService, now: @escaping @Sendable () -> Date) {
        self.things = things
        self.hubs = hubs
        self.couches = couches
        self.users = users
        self.now = now
    }

    /// A Thing of the shared hub, with the couch it serves if any.
    package struct Entry: Sendable {
        package var thing: Thing
        package var assignment: ThingAssignment?
    }

    package func list(by principal: Principal) async throws -> [Entry] {
        try await users.requireOperator(principal)
        let client = try hubs.sharedHub()
        let all = try await sharedHubCall { () async throws(OpenHABError) in try await client.things() }
        let assignments = Dictionary(try await things.assignments().map { ($0.thingUID, $0) }, uniquingKeysWith: { first, _ in first })
        return all.map { Entry(thing: $0, assignment: assignments[$0.uid.rawValue]) }
    }

    package func assign(_ thingUID: String, to couchId: UUID, by principal: Principal) async throws -> ThingAssignment {
        try await users.requireOperator(principal)
        let uid = try Self.parse(thingUID)
        let client = try hubs.sharedHub()
        guard try await couches.find(id: couchId) != nil else { throw AppError.invalid("couchId", "no couch with this id") }
        do {
            _ = try await client.thing(uid)
        } catch .notFound {
            throw AppError.notFound("the shared hub has no Thing \(thingUID)")
        } catch {
            throw AppError.hub(error)
        }
        switch try await things.assign(thingUID, to: couchId, by: principal.userId, at: now()) {
        case .done(let assignment): return assignment
        case .inUse: throw AppError.conflict("devices of the couch it serves use this Thing; remove them first")
        case .couchGone: throw AppError.invalid("couchId", "no couch with this id")
        }
    }

    package func unassign(_ thingUID: String, by principal: Principal) async throws {
        try await users.requireOperator(principal)
        _ = try Self.parse(thingUID)
        switch try await things.unassign(thingUID) {
        case .done, .couchGone: return
        case .inUse: throw AppError.conflict("devices of the couch it serves use this Thing; remove them first")
        case nil: throw AppError.notFound("the Thing \(thingUID) is not assigned to a couch")
        }
    }

    private static func parse(_ thingUID: String) throws -> ThingUID {
        do {
            return try ThingUID(thingUID)
        } catch {
            throw AppError.invalid("thingUID", "must be an openHAB thing UID such as zwave:device:1:node5")
        }
    }

    private func sharedHubCall<T: Sendable>(_ body: () async throws(OpenHABError) -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw AppError.hub(error)
        }
    }
}
