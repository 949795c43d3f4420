import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Who may use a couch's devices, right now, and the record of every attempt.
package struct HomeAccess: Sendable {
    let relations: HomeAccessRepository
    let log: AccessLogRepository
    let now: @Sendable () -> Date

    package init(relations: HomeAccessRepository, log: AccessLogRepository, now: @escaping @Sendable () -> Date) {
        self.relations = relations
        self.log = log
        self.now = now
    }

    package enum Role: Sendable, Equatable {
        case owner
        /// A guest inside their stay window, or a user inside a grant's window: only devices the
        /// host marked guest-controllable.
        case visitor
    }

    /// The caller's role on the couch, or a 403 (logged) saying why not. `device`, when given,
    /// must be one a visitor may use.
    @discardableResult
    package func require(
        _ principal: Principal, couchId: UUID, device: Device? = nil, action: AccessAction, itemName: String? = nil, value: String? = nil
    ) async throws -> Role {
        let relation = try await relations.relation(of: principal.userId, to: couchId, at: now())
        return try await require(principal, as: relation, couchId: couchId, device: device, action: action, itemName: itemName, value: value)
    }

    /// The same with the caller's relation to the couch already read (nil: no such couch).
    @discardableResult
    func require(
        _ principal: Principal, as relation: HomeAccessRepository.Relation?, couchId: UUID, device: Device? = nil, action: AccessAction,
        itemName: String? = nil, value: String? = nil
    ) async throws -> Role {
        guard let relation else {
            throw AppError.notFound("no couch with id \(couchId)")
        }
        if relation.isOwner { return .owner }
        let refusal: String
        if relation.isStaying || relation.hasGrant {
            if device?.guestControllable ?? true { return .visitor }
            refusal = "the host has not made this device available to guests"
        } else if relation.hasStayOutsideWindow {
            refusal = "devices can be used only during the stay, from check-in to check-out time in the couch's time zone"
        } else {
            refusal = "only the host, a guest during their stay or someone the host granted access may use this couch's devices"
        }
        try await record(
            .person(principal), couchId: couchId, device: device, itemName: itemName, action: action, value: value, outcome: .denied, detail: refusal)
        throw AppError.forbidden(refusal)
    }

    /// Whether the caller is the couch's owner, a guest of a stay there (under way or not) or
    /// someone with a grant: who may be told what belongs to its home.
    package func knows(_ principal: Principal, couchId: UUID) async throws -> Bool {
        guard let relation = try await relations.relation(of: principal.userId, to: couchId, at: now()) else { return false }
        return relation.isOwner || relation.isStaying || relation.hasGrant || relation.hasStayOutsideWindow
    }

    /// Only the owner; for managing the hub, devices and grants.
    package func requireOwner(_ principal: Principal, couchId: UUID, action: AccessAction) async throws {
        guard try await require(principal, couchId: couchId, action: action) == .owner else {
            try await record(.person(principal), couchId: couchId, action: action, outcome: .denied, detail: "only the couch's owner may do this")
            throw AppError.forbidden("only the couch's owner may do this")
        }
    }

    package func record(
        _ actor: Actor, couchId: UUID, device: Device? = nil, itemName: String? = nil,
        action: AccessAction, value: String? = nil, outcome: AccessLogEntry.Outcome, detail: String? = nil
    ) async throws {
        try await log.append(
            .init(
                couchId: couchId, deviceId: device?.id, itemName: itemName, actor: actor,
                action: action, value: value, outcome: outcome, detail: detail), at: now())
    }

    /// The log of a couch: all of it for the owner, one's own entries for a guest.
    package func entries(couchId: UUID, for principal: Principal, after cursor: PageCursor?, limit: Int) async throws -> Page<AccessLogEntry> {
        let cursor = try PageCursor.instantKeyed(cursor, order: AccessLogRepository.order)
        guard let relation = try await relations.relation(of: principal.userId, to: couchId, at: now()) else {
            throw AppError.notFound("no couch with id \(couchId)")
        }
        return try await log.entries(couchId: couchId, actorId: relation.isOwner ? nil : principal.userId, before: cursor, limit: limit)
    }

    /// The whole access log of a couch its caller hosts, newest first.
    package func entries(of hosted: HostedCouch, after cursor: PageCursor?, limit: Int) async throws -> Page<AccessLogEntry> {
        let cursor = try PageCursor.instantKeyed(cursor, order: AccessLogRepository.order)
        return try await log.entries(couchId: hosted.id, actorId: nil, before: cursor, limit: limit)
    }
}
