import Foundation
import SmartCouchDomain
import SmartCouchPersistence

/// A stay as its guest and its host reach it: its codes and guide for the booking's guest and the
/// host, and for whoever holds its link while it lasts; the link itself; checking out early.
package struct StayAccessService: Sendable {
    let codes: DoorCodeRepository
    let stays: StayRepository
    let guides: CouchGuideService
    let log: AccessLogRepository
    let secrets: SecretBox
    let stayChanges: StayChanges
    let now: @Sendable () -> Date

    package init(
        codes: DoorCodeRepository, stays: StayRepository, guides: CouchGuideService, log: AccessLogRepository,
        secrets: SecretBox, stayChanges: StayChanges, now: @escaping @Sendable () -> Date
    ) {
        self.stayChanges = stayChanges
        self.codes = codes
        self.stays = stays
        self.guides = guides
        self.log = log
        self.secrets = secrets
        self.now = now
    }

    /// A stay's codes and guide for its guest or its host.
    package func access(stayId: UUID, by principal: Principal) async throws -> ShownStay {
        try await shown(try await visible(stayId, to: principal))
    }

    /// A new link to the stay for its guest; the previous one stops working. Answers the token,
    /// which is not stored and cannot be shown again.
    package func link(stayId: UUID, by principal: Principal) async throws -> (token: String, stay: GuestStay) {
        let stay = try await owned(stayId, by: principal)
        guard stay.live, stay.presence.checkedOutAt == nil, stay.accessUntil > now() else {
            throw AppError.conflict("the stay is over, checked out or cancelled; it has no codes to share")
        }
        var generator = SystemRandomNumberGenerator()
        let token = Data((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64URLEncodedString
        try await stays.link(stayId: stayId, couchId: stay.couchId, token: token, by: principal.userId, at: now())
        return (token, stay)
    }

    /// Whether the stay had a link that worked; it has none now either way.
    package func revokeLink(stayId: UUID, by principal: Principal) async throws -> Bool {
        _ = try await owned(stayId, by: principal)
        return try await stays.revokeLink(stayId: stayId, at: now())
    }

    /// What a link shows; unknown, revoked and expired links alike are not found, and so is the
    /// link of a stay checked out: its codes have ended.
    package func linked(token: String) async throws -> ShownStay {
        let stay = try await linkedStay(token: token)
        guard stay.presence.checkedOutAt == nil else { throw Self.linkGone }
        return try await shown(stay)
    }

    /// What the guest's page shows for a link: the stay while it lasts, as `linked`; once it is over
    /// (checked out, or past its end), for `pageOutlivesStay` more, the stay with no code and of its
    /// guide only the host's contact: a guest who left something behind still finds the address and
    /// whom to call, never a code that no longer opens the door.
    package func page(linkToken token: String) async throws -> ShownStay {
        let stay = try await linkedStay(token: token, outliving: Self.pageOutlivesStay)
        if let left = stay.presence.checkedOutAt, left + Self.pageOutlivesStay <= now() { throw Self.linkGone }
        guard stay.phase(at: now()) == .checkedOut else { return try await shown(stay) }
        let contact = try await guides.guide(couchId: stay.couchId).hostContact
        return ShownStay(stay: stay, codes: [], guide: contact.map { CouchGuide(hostContact: $0) }, phase: .checkedOut)
    }

    package static let pageOutlivesStay: TimeInterval = 30 * 86_400

    /// The link's stay while its window is open (check-in to check-out time at the couch) and it
    /// has not been checked out of: what a link's holder may use the home in.
    package func stayInWindow(linkToken token: String) async throws -> GuestStay {
        let (stay, closed) = try await stayForHome(linkToken: token)
        if let closed { throw closed }
        return stay
    }

    /// The link's stay, and the refusal its holder gets now (nil: the window is open): for a
    /// caller that logs the refusal on the stay's couch before it answers it.
    package func stayForHome(linkToken token: String) async throws -> (stay: GuestStay, closed: AppError?) {
        let stay = try await linkedStay(token: token)
        guard stay.presence.checkedOutAt == nil else { throw Self.linkGone }
        let window = StayWindow(
            checkIn: stay.stay.checkIn, checkOut: stay.stay.checkOut, checkInTime: stay.checkInTime, checkOutTime: stay.checkOutTime,
            timeZone: stay.timeZone)
        guard let window, window.contains(now()) else {
            return (stay, AppError.forbidden("the home can be used only during the stay, from check-in to check-out time in the couch's time zone"))
        }
        return (stay, nil)
    }

    /// What a link that leads to no stay is answered: the one miss a guesser pays for.
    package static let linkGone = AppError.notFound("no stay for this link; it may have been revoked or the stay is over")

    private func linkedStay(token: String, outliving extra: TimeInterval = 0) async throws -> GuestStay {
        guard token.count <= 100, let stayId = try await stays.stayId(linkToken: token), let stay = try await stays.find(id: stayId),
            stay.live, stay.accessUntil + extra > now()
        else { throw Self.linkGone }
        return stay
    }

    /// "I left": the stay's guest or its host ends it early. Its codes come off the locks at once
    /// and the app stops opening the door; the nights stay booked.
    package func checkOut(stayId: UUID, by principal: Principal) async throws -> ShownStay {
        let stay = try await visible(stayId, to: principal)
        let via: StayPresence.CheckOut = principal.userId == stay.guestId ? .guest : .host
        return try await checkOut(stay, via: via, by: .person(principal))
    }

    /// The same for whoever holds the stay's link: the guest of an imported stay has no account.
    /// Sent again (a flaky connection at the door), it answers as the first time did.
    package func checkOut(linkToken token: String) async throws -> ShownStay {
        let stay = try await linkedStay(token: token)
        return try await checkOut(stay, via: .link, by: .atDoor(userId: nil, name: "the stay link's holder"))
    }

    private func checkOut(_ stay: GuestStay, via: StayPresence.CheckOut, by actor: Actor) async throws -> ShownStay {
        let time = now()
        guard stay.presence.checkedOutAt == nil else { return ShownStay(stay: stay, codes: [], guide: nil, phase: .checkedOut) }
        guard stay.live else { throw AppError.conflict("the stay was cancelled; there is nothing to check out of") }
        guard time >= stay.accessFrom else { throw AppError.conflict("the stay has not begun; cancel it instead of checking out") }
        guard time < stay.accessUntil else { throw AppError.conflict("the stay is already over") }
        if try await stays.checkOut(stayId: stay.id, couchId: stay.couchId, via: via, at: time) {
            try await log.append(
                .init(
                    couchId: stay.couchId, actor: actor, action: .checkOut, outcome: .ok,
                    detail: "stay \(stay.id.uuidString.lowercased()) checked out early; its codes end"), at: time)
            stayChanges.changed(couchId: stay.couchId)
        }
        return ShownStay(stay: try await find(stay.id), codes: [], guide: nil, phase: .checkedOut)
    }

    private func find(_ stayId: UUID) async throws -> GuestStay {
        guard let stay = try await stays.find(id: stayId) else { throw AppError.notFound("no reservation or imported stay with id \(stayId)") }
        return stay
    }

    /// The stay, for its guest and its host; anyone else learns nothing, not even that it exists.
    private func visible(_ stayId: UUID, to principal: Principal) async throws -> GuestStay {
        let stay = try await find(stayId)
        guard stay.ownerId == principal.userId || stay.guestId == principal.userId else {
            throw AppError.notFound("no reservation or imported stay with id \(stayId)")
        }
        return stay
    }

    private func owned(_ stayId: UUID, by principal: Principal) async throws -> GuestStay {
        let stay = try await visible(stayId, to: principal)
        guard stay.ownerId == principal.userId else { throw AppError.forbidden("only the couch's owner may share a stay") }
        return stay
    }

    private func shown(_ stay: GuestStay) async throws -> ShownStay {
        let time = now()
        return ShownStay(
            stay: stay, codes: try await liveCodes(of: stay),
            guide: stay.showsGuide(at: time) ? try await guides.guide(couchId: stay.couchId).nonEmpty : nil,
            phase: stay.phase(at: time))
    }

    /// What its guest may see: nothing before `codesVisibleFrom`, nor once it ended.
    private func liveCodes(of stay: GuestStay) async throws -> [DoorCode] {
        guard stay.live, stay.presence.checkedOutAt == nil, now() >= stay.codesVisibleFrom else { return [] }
        return try await codes.codes(stayIds: [stay.id]).map(secrets.open).filter { $0.state != .clearing }
    }

}

/// A stay as its guest sees it: the codes and the guide while they are theirs to see.
package struct ShownStay: Sendable {
    package var stay: GuestStay
    package var codes: [DoorCode]
    package var guide: CouchGuide?
    package var phase: StayPhase
}
