import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// A couch's guide: its owner reads and replaces it; a stay's guest and link holder see it through
/// `StayAccessService`, in the stay's window only.
package struct CouchGuideService: Sendable {
    let guides: CouchGuideRepository
    let couches: CouchService
    let secrets: SecretBox
    let now: @Sendable () -> Date

    package init(guides: CouchGuideRepository, couches: CouchService, secrets: SecretBox, now: @escaping @Sendable () -> Date) {
        self.guides = guides
        self.couches = couches
        self.secrets = secrets
        self.now = now
    }

    package func guide(couchId: UUID, by principal: Principal) async throws -> CouchGuide {
        try await guide(of: couches.hosted(couchId, by: principal))
    }

    package func guide(of hosted: HostedCouch) async throws -> CouchGuide {
        try await guide(couchId: hosted.id)
    }

    package func replace(couchId: UUID, with guide: CouchGuide, by principal: Principal) async throws -> CouchGuide {
        _ = try await couches.owned(couchId, by: principal)
        try guide.validate()
        let guide = guide.withoutBlanks
        var stored = guide
        stored.wifiPassword = nil
        try await guides.save(.init(guide: stored, sealedWifiPassword: try guide.wifiPassword.map(secrets.seal)), couchId: couchId, at: now())
        return guide
    }

    /// The guide as stored, its password opened; an empty guide when the host wrote none.
    func guide(couchId: UUID) async throws -> CouchGuide {
        guard let sealed = try await guides.guide(couchId: couchId) else { return CouchGuide() }
        var guide = sealed.guide
        guide.wifiPassword = sealed.sealedWifiPassword.flatMap(secrets.open)
        return guide
    }
}
