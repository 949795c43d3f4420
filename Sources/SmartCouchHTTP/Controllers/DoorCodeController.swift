import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// Door codes as hosts, guests and stay-link holders read them, and the links themselves.
struct DoorCodeController {
    let access: StayAccessService

    let publicURL: String?

    func register(authenticated: any RoutesBuilder) {
        authenticated.get("couches", ":id", "codes", use: couchCodes)
        authenticated.get("couches", ":id", "code-settings", use: settings)
        authenticated.patch("couches", ":id", "code-settings", use: changeSettings)
        authenticated.get("reservations", ":id", "access", use: stayAccess)
        authenticated.post("reservations", ":id", "stay-link", use: createLink)
        authenticated.delete("reservations", ":id", "stay-link", use: revokeLink)
        authenticated.post("reservations", ":id", "checkout", use: checkOut)
    }

    @Sendable func couchCodes(_ request: Request) async throws -> PageBody<DoorCodeBody> {
        let query = try PageQuery(request, defaultLimit: 50)
        let page = try await access.codes(couchId: request.uuid("id", as: "couch id"), after: query.cursor, limit: query.limit, by: request.principal)
        return PageBody(page, DoorCodeBody.init)
    }

    @Sendable func settings(_ request: Request) async throws -> CodeSettingsBody {
        CodeSettingsBody(try await access.settings(couchId: request.uuid("id", as: "couch id"), by: request.principal))
    }

    @Sendable func changeSettings(_ request: Request) async throws -> CodeSettingsBody {
        let input = try request.body(CodeSettingsInput.self)
        return CodeSettingsBody(
            try await access.changeSettings(
                couchId: request.uuid("id", as: "couch id"), length: input.codeLength, leadMinutes: input.leadMinutes,
                graceMinutes: input.graceMinutes, revealHours: input.revealHours, by: request.principal))
    }

    @Sendable func stayAccess(_ request: Request) async throws -> StayAccessBody {
        StayAccessBody(try await access.access(stayId: request.uuid("id", as: "reservation id"), by: request.principal))
    }

    @Sendable func createLink(_ request: Request) async throws -> Response {
        let (token, stay) = try await access.link(stayId: request.uuid("id", as: "reservation id"), by: request.principal)
        let path = "/stays/\(token)"
        let body = StayLinkBody(stayId: stay.id, token: token, path: path, url: publicURL.map { $0 + path }, expiresAt: stay.accessUntil)
        return try await body.encodeResponse(status: .created, for: request)
    }

    @Sendable func revokeLink(_ request: Request) async throws -> HTTPStatus {
        try await access.revokeLink(stayId: request.uuid("id", as: "reservation id"), by: request.principal)
        return .noContent
    }

    @Sendable func checkOut(_ request: Request) async throws -> StayAccessBody {
        StayAccessBody(try await access.checkOut(stayId: request.uuid("id", as: "reservation id"), by: request.principal))
    }
}

struct CodeSettingsBody: Content {
    var codeLength: Int
    var leadMinutes: Int
    var graceMinutes: Int
    var revealHours: Int

    init(_ settings: CodeSettings) {
        codeLength = settings.length
        leadMinutes = settings.leadMinutes
        graceMinutes = settings.graceMinutes
        revealHours = settings.revealHours
    }
}

struct CodeSettingsInput: Content {
    var codeLength: Int?
    var leadMinutes: Int?
    var graceMinutes: Int?
    var revealHours: Int?
}

struct DoorCodeBody: Content {
    var id: UUID
    var couchId: UUID
    var deviceId: UUID?
    var deviceName: String?
    var thingUID: String
    var stayId: UUID
    var slot: Int?
    var code: String
    var validFrom: Date
    var validUntil: Date
    var state: String
    var lastError: String?
    var attempts: Int
    var nextAttemptAt: Date?
    var updatedAt: Date

    init(_ code: DoorCode) {
        id = code.id
        couchId = code.couchId
        deviceId = code.deviceId
        deviceName = code.deviceName
        thingUID = code.thingUID
        stayId = code.stayId
        slot = code.slot
        self.code = code.code
        validFrom = code.validFrom
        validUntil = code.validUntil
        state = code.state.rawValue
        lastError = code.lastError
        attempts = code.attempts
        nextAttemptAt = code.nextAttemptAt
        updatedAt = code.updatedAt
    }
}

/// A code as its guest sees it: which door, the PIN, when it works, and whether it is on the lock yet.
struct GuestCodeBody: Content {
    var door: String?
    var code: String
    var validFrom: Date
    var validUntil: Date
    var state: String

    init(_ code: DoorCode) {
        door = code.deviceName
        self.code = code.code
        validFrom = code.validFrom
        validUntil = code.validUntil
        state = code.state.rawValue
    }
}

struct StayAccessBody: Content {
    var reservationId: UUID
    var couchId: UUID
    var source: String
    var checkIn: String
    var checkOut: String
    var accessFrom: Date
    var accessUntil: Date
    var checkedInAt: Date?
    var checkedOutAt: Date?
    var codesVisibleFrom: Date
    var state: String
    var codes: [GuestCodeBody]
    var guide: GuideBody?

    init(_ shown: ShownStay) {
        let stay = shown.stay
        reservationId = stay.id
        state = shown.phase.rawValue
        guide = shown.guide.map(GuideBody.init)
        codesVisibleFrom = stay.codesVisibleFrom
        checkedInAt = stay.presence.checkedInAt
        checkedOutAt = stay.presence.checkedOutAt
        couchId = stay.couchId
        source = stay.source.rawValue
        checkIn = stay.stay.checkIn.description
        checkOut = stay.stay.checkOut.description
        accessFrom = stay.accessFrom
        accessUntil = stay.accessUntil
        codes = shown.codes.map(GuestCodeBody.init)
    }
}

struct StayLinkBody: Content {
    var stayId: UUID
    /// Shown once: only its digest is stored.
    var token: String
    var path: String
    /// The whole link, when the server knows its public address (`PUBLIC_URL`).
    var url: String?
    var expiresAt: Date
}

/// What a stay link shows, and nothing more: where, when, the codes and the host's guide.
struct LinkedStayBody: Content {
    var couchName: String
    var imageUrl: String?
    var latitude: Double?
    var longitude: Double?
    var timeZone: String
    var state: String
    var address: String
    var city: String
    var country: String
    var checkIn: String
    var checkOut: String
    var checkInTime: String
    var checkOutTime: String
    var checkedInAt: Date?
    var checkedOutAt: Date?
    var codesVisibleFrom: Date
    var codes: [GuestCodeBody]
    var guide: GuideBody?

    init(_ shown: ShownStay) {
        let stay = shown.stay
        couchName = stay.couchName
        imageUrl = stay.imageId.map { "/images/\($0.uuidString.lowercased())" }
        latitude = stay.latitude
        longitude = stay.longitude
        timeZone = stay.timeZone
        state = shown.phase.rawValue
        guide = shown.guide.map(GuideBody.init)
        address = stay.address
        codesVisibleFrom = stay.codesVisibleFrom
        checkedInAt = stay.presence.checkedInAt
        checkedOutAt = stay.presence.checkedOutAt
        city = stay.city
        country = stay.country
        checkIn = stay.stay.checkIn.description
        checkOut = stay.stay.checkOut.description
        checkInTime = stay.checkInTime
        checkOutTime = stay.checkOutTime
        codes = shown.codes.map(GuestCodeBody.init)
    }
}
