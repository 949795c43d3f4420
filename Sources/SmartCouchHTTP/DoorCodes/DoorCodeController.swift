import Foundation
import SmartCouchDomain
import SmartCouchServices
import Vapor

/// A couch's door codes and the settings they are made by, for its host.
struct DoorCodeController {
    let codes: DoorCodeService

    func register(authenticated: any RoutesBuilder) {
        authenticated.get("couches", ":id", "codes", use: couchCodes)
        authenticated.get("couches", ":id", "code-settings", use: settings)
        authenticated.patch("couches", ":id", "code-settings", use: changeSettings)
    }

    @Sendable func couchCodes(_ request: Request) async throws -> PageBody<DoorCodeBody> {
        let query = try PageQuery(request, defaultLimit: 50)
        let page = try await codes.codes(couchId: request.uuid("id", as: "couch id"), after: query.cursor, limit: query.limit, by: request.principal)
        return PageBody(page, DoorCodeBody.init)
    }

    @Sendable func settings(_ request: Request) async throws -> CodeSettingsBody {
        CodeSettingsBody(try await codes.settings(couchId: request.uuid("id", as: "couch id"), by: request.principal))
    }

    @Sendable func changeSettings(_ request: Request) async throws -> CodeSettingsBody {
        let input = try request.body(CodeSettingsInput.self)
        return CodeSettingsBody(
            try await codes.changeSettings(
                couchId: request.uuid("id", as: "couch id"), length: input.codeLength, leadMinutes: input.leadMinutes,
                graceMinutes: input.graceMinutes, revealHours: input.revealHours, by: request.principal))
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
