import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// A couch's door codes and the settings they are made by, for its owner.
package struct DoorCodeService: Sendable {
    let codes: DoorCodeRepository
    let couches: CouchService
    let secrets: SecretBox
    let stayChanges: StayChanges

    package init(codes: DoorCodeRepository, couches: CouchService, secrets: SecretBox, stayChanges: StayChanges) {
        self.codes = codes
        self.couches = couches
        self.secrets = secrets
        self.stayChanges = stayChanges
    }

    /// Every code of a couch, latest window first (the owner).
    package func codes(couchId: UUID, after cursor: PageCursor?, limit: Int, by principal: Principal) async throws -> Page<DoorCode> {
        _ = try await couches.owned(couchId, by: principal)
        let cursor = try PageCursor.instantKeyed(cursor, order: DoorCodeRepository.order)
        return try await codes.codes(couchId: couchId, after: cursor, limit: limit).map(secrets.open)
    }

    /// The codes of these stays that are not cleared, at the caller's own couches only.
    package func codes(ofStays stayIds: [UUID], by principal: Principal) async throws -> [DoorCode] {
        guard !stayIds.isEmpty else { return [] }
        return try await codes.codes(stayIds: stayIds, ownerId: principal.userId).map(secrets.open)
    }

    package func settings(couchId: UUID, by principal: Principal) async throws -> CodeSettings {
        try await settings(of: couches.hosted(couchId, by: principal))
    }

    package func settings(of hosted: HostedCouch) async throws -> CodeSettings {
        guard let settings = try await codes.settings(couchId: hosted.id) else { throw AppError.notFound("no couch with id \(hosted.id)") }
        return settings
    }

    /// Changes what is given and keeps the rest.
    package func changeSettings(
        couchId: UUID, length: Int?, leadMinutes: Int?, graceMinutes: Int?, revealHours: Int?, by principal: Principal
    ) async throws -> CodeSettings {
        var settings = try await self.settings(couchId: couchId, by: principal)
        settings.length = length ?? settings.length
        settings.leadMinutes = leadMinutes ?? settings.leadMinutes
        settings.graceMinutes = graceMinutes ?? settings.graceMinutes
        settings.revealHours = revealHours ?? settings.revealHours
        try settings.validate()
        try await codes.save(settings, couchId: couchId)
        // The codes' windows and lengths follow the settings.
        stayChanges.changed(couchId: couchId)
        return settings
    }
}

extension SecretBox {
    /// The code with its PIN unsealed, for whoever may see it.
    func open(_ sealed: DoorCodeRepository.SealedDoorCode) -> DoorCode {
        var code = sealed.code
        code.code = open(sealed.sealed) ?? ""
        return code
    }
}
