import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// Time-boxed device access a host gives someone (the cleaner between stays).
package struct GrantService: Sendable {
    let grants: GrantRepository
    let users: UserRepository
    let access: HomeAccess
    let now: @Sendable () -> Date

    package init(grants: GrantRepository, users: UserRepository, access: HomeAccess, now: @escaping @Sendable () -> Date) {
        self.grants = grants
        self.users = users
        self.access = access
        self.now = now
    }

    package func grant(couchId: UUID, userId: UUID, startsAt: Date, endsAt: Date, by principal: Principal) async throws -> AccessGrant {
        try await access.requireOwner(principal, couchId: couchId, action: .grantAccess)
        var validation = Validation()
        validation.check(endsAt > startsAt, "endsAt", "must be after startsAt")
        validation.check(endsAt > now(), "endsAt", "must be in the future")
        validation.check(endsAt.timeIntervalSince(startsAt) <= 366 * 24 * 3600, "endsAt", "a grant lasts at most a year")
        validation.check(userId != principal.userId, "userId", "the owner needs no grant")
        try validation.finish()
        guard try await users.find(id: userId) != nil else { throw AppError.notFound("no user with id \(userId)") }
        let grant = try await grants.create(couchId: couchId, userId: userId, startsAt: startsAt, endsAt: endsAt, createdBy: principal.userId)
        try await access.record(.person(principal), couchId: couchId, action: .grantAccess, value: "\(userId)", outcome: .ok)
        return grant
    }

    package func grants(couchId: UUID, by principal: Principal) async throws -> [AccessGrant] {
        try await access.requireOwner(principal, couchId: couchId, action: .listGrants)
        return try await grants.onCouch(couchId)
    }

    package func revoke(_ grantId: UUID, by principal: Principal) async throws {
        guard let grant = try await grants.find(id: grantId) else { throw AppError.notFound("no grant with id \(grantId)") }
        try await access.requireOwner(principal, couchId: grant.couchId, action: .revokeAccess)
        try await grants.revoke(id: grantId, at: now())
        try await access.record(.person(principal), couchId: grant.couchId, action: .revokeAccess, value: "\(grant.userId)", outcome: .ok)
    }
}
